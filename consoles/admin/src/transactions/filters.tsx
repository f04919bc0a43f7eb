import { DateTimeInput, SearchInput, SelectInput, TextInput } from 'react-admin';

export const transactionFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Description or person id" />,
  <TextInput key="user_id" source="user_id" label="Person id" />,
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
