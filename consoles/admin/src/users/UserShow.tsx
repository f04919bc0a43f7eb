import {
  BooleanField,
  DataTable,
  DateField,
  NumberField,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { EventLink } from '../common/EventLink';
import { StatusField } from '../common/StatusChip';
import { personLabel, type PersonLike } from '../common/PersonField';
import { StatementPanel } from './StatementPanel';
import { TieOutPanel } from './TieOutPanel';
import { UserActions } from './UserActions';

const Column = DataTable.Col;

function PersonTitle() {
  const record = useRecordContext<PersonLike>();
  return <span>{record ? personLabel(record) : ''}</span>;
}

/**
 * A person: roles, access, balances with the ledger behind them, statements per period, and their
 * wallet transactions.
 */
export function UserShow() {
  return (
    <Show title={<PersonTitle />}>
      <SimpleShowLayout>
        <TextField source="email" />
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TextField source="id" />
        <TextField source="roles" />
        <BooleanField source="is_admin" />
        <BooleanField source="disabled" />
        <StatusField source="evaluator_status" label="Evaluator status" />
        <DateField source="created_at" showTime />
        <UserActions />
        <TieOutPanel />
        <StatementPanel />
        <ReferenceManyField
          label="Transactions"
          reference="transactions"
          target="user_id"
          sort={{ field: 'global_position', order: 'DESC' }}
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            <Column source="global_position" label="Event">
              <EventLink />
            </Column>
            <Column source="created_at">
              <DateField source="created_at" showTime />
            </Column>
            <Column source="context" />
            <Column source="type" />
            <Column source="amount">
              <NumberField source="amount" />
            </Column>
            <Column source="description" />
            <Column source="status">
              <StatusField source="status" />
            </Column>
          </DataTable>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}
