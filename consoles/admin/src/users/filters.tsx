import { BooleanInput, SearchInput, SelectInput } from 'react-admin';

export const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, email or id" />,
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
