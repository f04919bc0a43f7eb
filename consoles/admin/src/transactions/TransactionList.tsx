import { DataTable, DateField, List, NumberField } from 'react-admin';
import { EventLink } from '../common/EventLink';
import { PersonField } from '../common/PersonField';
import { StatusField } from '../common/StatusChip';
import { transactionFilters } from './filters';

const Column = DataTable.Col;

export function TransactionList() {
  return (
    <List filters={transactionFilters} sort={{ field: 'global_position', order: 'DESC' }}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="created_at" label="When">
          <DateField source="created_at" showTime />
        </Column>
        <Column source="user_id" label="Person" disableSort>
          <PersonField source="user_id" />
        </Column>
        <Column source="context" disableSort />
        <Column source="type" disableSort />
        <Column source="amount" label="Credits">
          <NumberField source="amount" />
        </Column>
        <Column source="description" disableSort />
        <Column source="code" disableSort />
        <Column source="global_position" label="Event">
          <EventLink />
        </Column>
        <Column source="status" disableSort>
          <StatusField source="status" />
        </Column>
      </DataTable>
    </List>
  );
}
