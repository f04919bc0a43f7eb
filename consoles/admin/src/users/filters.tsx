import { BooleanInput, SelectInput } from 'react-admin';
import { personSearchFilter } from '../common/personSearch';

export const userFilters = [
  personSearchFilter(),
  <SelectInput
    key="role"
    source="role"
    choices={[
      { id: 'requester', name: 'Requester' },
      { id: 'expert', name: 'Expert' },
    ]}
  />,
  <BooleanInput key="is_admin" source="is_admin" label="Admins" />,
  <BooleanInput key="disabled" source="disabled" label="Disabled" />,
];
