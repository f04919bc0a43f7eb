import type { JsonReply } from '@evalmarket/api-client';
import { Box } from '@mui/material';
import {
  DataTable,
  DateField,
  List,
  ReferenceField,
  SelectInput,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { StatusField } from '../common/StatusChip';
import { RetryCashoutButton } from './RetryCashoutButton';
import { personSearchFilter } from '../common/personSearch';
import { breakable } from '../common/theme';

const Column = DataTable.Col;

type StaffCashout = JsonReply<'getAdminCashoutsById'>;

const cashoutFilters = [
  personSearchFilter(),
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

/** Gross, the 10% fee and the net sent, in credits, in one cell (keeps the list within 1280 px). */
function AmountField() {
  const record = useRecordContext<StaffCashout>();
  if (!record) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {record.net_credits.toLocaleString('en-US')} net
      <Box component="span" sx={{ display: 'block', fontSize: '0.8rem', color: 'text.secondary' }}>
        {record.gross_credits.toLocaleString('en-US')} gross − {record.fee_credits.toLocaleString('en-US')}{' '}
        fee
      </Box>
    </Box>
  );
}

/** Cash-outs with their Stripe transfer, status and failure reason; failed ones can be retried. */
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
        <Column source="stripe_transfer_id" label="Stripe transfer" disableSort cellSx={() => breakable} />
        <Column label="Credits" disableSort>
          <AmountField />
        </Column>
        <Column source="failure_reason" label="Failure" disableSort />
        <Column source="settled_at" label="Settled" disableSort>
          <DateField source="settled_at" showTime />
        </Column>
        <Column label="Payout" disableSort cellSx={() => breakable}>
          <RetryCashoutButton />
        </Column>
      </DataTable>
    </List>
  );
}
