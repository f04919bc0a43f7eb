import { Chip, Stack } from '@mui/material';
import { BooleanField, DataTable, DateField, List, useRecordContext } from 'react-admin';
import { StatusField } from '../common/StatusChip';
import { UserActions } from './UserActions';
import { userFilters } from './filters';
import { breakable } from '../common/theme';

function RolesField() {
  const record = useRecordContext<{ roles: string[]; is_admin: boolean }>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {record.roles.map((role) => (
        <Chip key={role} size="small" label={role} />
      ))}
      {record.is_admin && <Chip size="small" color="secondary" label="admin" />}
    </Stack>
  );
}

const Column = DataTable.Col;

export function UserList() {
  return (
    <List filters={userFilters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="email" cellSx={() => breakable} />
        <Column source="first_name" label="First name" disableSort />
        <Column source="last_name" label="Last name" />
        <Column label="Roles" disableSort>
          <RolesField />
        </Column>
        <Column label="Evaluator" disableSort>
          <StatusField source="evaluator_status" />
        </Column>
        <Column source="disabled" disableSort>
          <BooleanField source="disabled" />
        </Column>
        <Column source="created_at" label="Joined">
          <DateField source="created_at" />
        </Column>
        <Column label="Actions" disableSort>
          <UserActions />
        </Column>
      </DataTable>
    </List>
  );
}
