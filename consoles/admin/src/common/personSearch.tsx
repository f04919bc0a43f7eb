import { SearchInput } from 'react-admin';

/**
 * The `q` filter of the staff lists: rows whose person's name, email or id contains the text
 * (the API searches the person, not the row).
 */
export function personSearchFilter() {
  return <SearchInput key="q" source="q" alwaysOn placeholder="Name, email or id" />;
}
