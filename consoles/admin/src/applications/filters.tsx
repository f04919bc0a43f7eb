import { SearchInput, SelectInput } from 'react-admin';

export const APPLICATION_TABS = [
  { id: 'pending', name: 'Pending' },
  { id: 'verified', name: 'Verified' },
  { id: 'rejected', name: 'Rejected' },
  { id: 'all', name: 'All' },
] as const;

export const applicationFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, email or id" />,
  <SelectInput
    key="application_method"
    source="application_method"
    label="Method"
    choices={[
      { id: 'linkedin_oauth', name: 'LinkedIn' },
      { id: 'cv_upload', name: 'CV upload' },
      { id: 'indeed', name: 'Indeed' },
    ]}
  />,
];
