import { AutocompleteInput, DateTimeInput, ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { personLabel } from '../common/PersonField';

export const transactionFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Description" />,
  <ReferenceInput key="user_id" source="user_id" reference="users">
    <AutocompleteInput
      label="Person"
      optionText={personLabel}
      filterToQuery={(search: string) => ({ q: search })}
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
  <SelectInput
    key="context"
    source="context"
    choices={[
      { id: 'spending', name: 'Spending' },
      { id: 'earning', name: 'Earning' },
    ]}
  />,
  <SelectInput
    key="type"
    source="type"
    choices={[
      { id: 'credit', name: 'Credit' },
      { id: 'debit', name: 'Debit' },
    ]}
  />,
  <SelectInput
    key="status"
    source="status"
    choices={[
      { id: 'completed', name: 'Completed' },
      { id: 'pending', name: 'Pending' },
      { id: 'failed', name: 'Failed' },
    ]}
  />,
  <DateTimeInput key="created_from" source="created_from" label="From" />,
  <DateTimeInput key="created_to" source="created_to" label="Before" />,
];
