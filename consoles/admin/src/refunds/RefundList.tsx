import { DataTable, DateField, List, NumberField, ReferenceField, TextField } from 'react-admin';
import { EventLink } from '../common/EventLink';
import { personSearchFilter } from '../common/personSearch';
import { breakable } from '../common/theme';

const Column = DataTable.Col;

/** Refunds and disputes: the PurchaseRefunded events of the log (the data provider's view). */
export function RefundList() {
  return (
    <List
      title="Refunds and disputes"
      filters={[personSearchFilter()]}
      sort={{ field: 'global_position', order: 'DESC' }}
      exporter={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="recorded_at" label="When" disableSort>
          <DateField source="recorded_at" showTime />
        </Column>
        <Column source="user_id" label="Person" disableSort>
          <ReferenceField source="user_id" reference="users" link="show" />
        </Column>
        <Column source="purchase_id" label="Purchase" disableSort cellSx={() => breakable}>
          <TextField source="purchase_id" />
        </Column>
        <Column source="refund_id" label="Refund / dispute" disableSort cellSx={() => breakable}>
          <TextField source="refund_id" />
        </Column>
        <Column source="reason" disableSort />
        <Column source="refunded_credits" label="Refunded" disableSort>
          <NumberField source="refunded_credits" />
        </Column>
        <Column source="recovered_credits" label="Recovered" disableSort>
          <NumberField source="recovered_credits" />
        </Column>
        <Column source="shortfall_credits" label="Shortfall" disableSort>
          <NumberField source="shortfall_credits" />
        </Column>
        <Column source="global_position" label="Event" disableSort>
          <EventLink />
        </Column>
      </DataTable>
    </List>
  );
}
