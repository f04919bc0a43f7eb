import { AutocompleteInput, DateTimeInput, ReferenceInput, TextInput } from 'react-admin';
import { personLabel } from '../common/PersonField';

/**
 * The API's event filters: any party of an event (owner, requester, evaluator, person or actor,
 * searched by name or email), an account (found by its owner's name or email, or a platform
 * account by its id), stream, type, actor and time range (plus chains and
 * positions).
 */
export const eventFilters = [
  <ReferenceInput key="party" source="party" reference="users" alwaysOn>
    <AutocompleteInput
      label="Person (any role)"
      optionText={personLabel}
      filterToQuery={(search: string) => ({ q: search })}
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
  <ReferenceInput key="account" source="account" reference="accounts" alwaysOn>
    <AutocompleteInput
      label="Account"
      optionText="name"
      filterToQuery={(search: string) => ({ q: search })}
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
  <TextInput key="type" source="type" label="Type" alwaysOn />,
  <DateTimeInput key="recorded_from" source="recorded_from" label="From" alwaysOn />,
  <DateTimeInput key="recorded_to" source="recorded_to" label="Before" alwaysOn />,
  <TextInput key="stream_prefix" source="stream_prefix" label="Stream starts with" />,
  <TextInput key="actor" source="actor" label="Actor (user:id)" />,
  <TextInput key="stream_id" source="stream_id" label="Stream id" />,
  <TextInput key="correlation_id" source="correlation_id" label="Correlation id" />,
  <TextInput key="causation_id" source="causation_id" label="Caused by" />,
  <TextInput key="user_id" source="user_id" label="Person id (payload user_id)" />,
];
