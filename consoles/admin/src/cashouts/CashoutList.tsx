import { DataTable, DateField, List, NumberField, ReferenceField, SelectInput, TextInput } from 'react-admin';
import { StatusField } from '../common/StatusChip';

const Column = DataTable.Col;

const cashoutFilters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'pending', name: 'Pending' },
      { id: 'paid', name: 'Paid' },
      { id: 'failed', name: 'Failed' },
      { id: 'reversed', name: 'Reversed' },
    ]}
  />,
  <TextInput key="user_id" source="user_id" label="Person id" />,
];

export function CashoutList() {
  return (
    <List title="Cash-outs" filters={cashoutFilters} sort={{ field: 'requested_at', order: 'DESC' }}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="requested_at" label="Requested" disableSort>
          <DateField source="requested_at" showTime />
        </Column>
        <Column source="user_id" label="Person" disableSort>
          <ReferenceField source="user_id" reference="users" link="show" />
        </Column>
        <Column source="status" disableSort>
          <StatusField source="status" />
        </Column>
        <Column source="stripe_transfer_id" label="Stripe transfer" disableSort />
        <Column source="gross_credits" label="Gross" disableSort>
          <NumberField source="gross_credits" />
        </Column>
        <Column source="fee_credits" label="Fee" disableSort>
          <NumberField source="fee_credits" />
        </Column>
        <Column source="net_credits" label="Net" disableSort>
          <NumberField source="net_credits" />
        </Column>
        <Column source="failure_reason" label="Failure" disableSort />
        <Column source="settled_at" label="Settled" disableSort>
          <DateField source="settled_at" showTime />
        </Column>
      </DataTable>
    </List>
  );
}
