import { DataTable, DateField, List, NumberField, ReferenceField, TextInput } from 'react-admin';
import { StatusField } from '../common/StatusChip';
import { InvoiceDownloadButton } from './InvoiceDownloadButton';
import { personSearchFilter } from '../common/personSearch';

const Column = DataTable.Col;

const invoiceFilters = [
  personSearchFilter(),
  <TextInput key="invoice_number" source="invoice_number" label="Invoice number" alwaysOn />,
  <TextInput key="user_id" source="user_id" label="Person id" />,
];

export function InvoiceList() {
  return (
    <List filters={invoiceFilters}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="invoice_number" label="Number" />
        <Column source="user_id" label="Person" disableSort>
          <ReferenceField source="user_id" reference="users" link="show" />
        </Column>
        <Column source="description" disableSort />
        <Column source="amount" disableSort>
          <NumberField source="amount" options={{ style: 'currency', currency: 'USD' }} />
        </Column>
        <Column source="credits" disableSort>
          <NumberField source="credits" />
        </Column>
        <Column source="status" disableSort>
          <StatusField source="status" />
        </Column>
        <Column source="issue_date" label="Issued" disableSort>
          <DateField source="issue_date" />
        </Column>
        <Column source="paid_date" label="Paid" disableSort>
          <DateField source="paid_date" />
        </Column>
        <Column label="Document" disableSort>
          <InvoiceDownloadButton />
        </Column>
      </DataTable>
    </List>
  );
}
