import {
  DataTable,
  DateField,
  List,
  NumberField,
  ReferenceField,
  TextInput,
  DateTimeInput,
} from 'react-admin';
import { personSearchFilter } from '../common/personSearch';
import { RefundButton } from './RefundButton';
import { breakable } from '../common/theme';

const Column = DataTable.Col;

const purchaseFilters = [
  personSearchFilter(),
  <TextInput key="user_id" source="user_id" label="Person id" />,
  <DateTimeInput key="recorded_from" source="recorded_from" label="From" />,
  <DateTimeInput key="recorded_to" source="recorded_to" label="Before" />,
];

export function PurchaseList() {
  return (
    <List filters={purchaseFilters} sort={{ field: 'recorded_at', order: 'DESC' }}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="recorded_at" label="When">
          <DateField source="recorded_at" showTime />
        </Column>
        <Column source="purchase_id" label="Payment (Stripe)" disableSort cellSx={() => breakable} />
        <Column source="user_id" label="Person" disableSort>
          <ReferenceField source="user_id" reference="users" link="show" />
        </Column>
        <Column source="amount_usd" label="Amount" disableSort>
          <NumberField source="amount_usd" options={{ style: 'currency', currency: 'USD' }} />
        </Column>
        <Column source="credits" disableSort>
          <NumberField source="credits" />
        </Column>
        <Column source="refunded_credits" label="Refunded" disableSort>
          <NumberField source="refunded_credits" />
        </Column>
        <Column label="Actions" disableSort>
          <RefundButton />
        </Column>
      </DataTable>
    </List>
  );
}
