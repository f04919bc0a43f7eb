import { DataTable, DateField, List, NumberField, ReferenceField, SelectInput, TextInput } from 'react-admin';
import { personSearchFilter } from '../common/personSearch';

const Column = DataTable.Col;

const adjustmentFilters = [
  personSearchFilter(),
  <TextInput key="user_id" source="user_id" label="Person id" />,
  <SelectInput
    key="context"
    source="context"
    choices={[
      { id: 'spending', name: 'Spending' },
      { id: 'earning', name: 'Earning' },
    ]}
  />,
];

export function AdjustmentList() {
  return (
    <List filters={adjustmentFilters} sort={{ field: 'global_position', order: 'DESC' }}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="recorded_at" label="Recorded">
          <DateField source="recorded_at" showTime />
        </Column>
        <Column source="user_id" label="Person" disableSort>
          <ReferenceField source="user_id" reference="users" link="show" />
        </Column>
        <Column source="context" disableSort />
        <Column source="amount_credits" label="Credits" disableSort>
          <NumberField source="amount_credits" />
        </Column>
        <Column source="reason" disableSort />
        <Column source="actor_id" label="By" disableSort>
          <ReferenceField source="actor_id" reference="users" link="show" />
        </Column>
        <Column source="global_position" label="Event" />
      </DataTable>
    </List>
  );
}
