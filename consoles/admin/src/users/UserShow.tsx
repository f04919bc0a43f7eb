import {
  BooleanField,
  DataTable,
  DateField,
  NumberField,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { StatusField } from '../common/StatusChip';
import { UserActions } from './UserActions';

const Column = DataTable.Col;

/** A person: roles, access, and their wallet transactions (adjustments included). */
export function UserShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="email" />
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TextField source="roles" />
        <BooleanField source="is_admin" />
        <BooleanField source="disabled" />
        <StatusField source="evaluator_status" label="Evaluator status" />
        <DateField source="created_at" showTime />
        <UserActions />
        <ReferenceManyField
          label="Transactions"
          reference="transactions"
          target="user_id"
          sort={{ field: 'global_position', order: 'DESC' }}
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
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
