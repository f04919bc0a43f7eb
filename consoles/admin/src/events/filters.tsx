import { DateTimeInput, TextInput } from 'react-admin';

/** The API's event filters: stream, type, actor and time range (plus chains and positions). */
export const eventFilters = [
  <TextInput key="stream_prefix" source="stream_prefix" label="Stream starts with" alwaysOn />,
  <TextInput key="type" source="type" label="Type" alwaysOn />,
  <TextInput key="actor" source="actor" label="Actor" alwaysOn />,
  <DateTimeInput key="recorded_from" source="recorded_from" label="From" alwaysOn />,
  <DateTimeInput key="recorded_to" source="recorded_to" label="Before" alwaysOn />,
  <TextInput key="stream_id" source="stream_id" label="Stream id" />,
  <TextInput key="correlation_id" source="correlation_id" label="Correlation id" />,
  <TextInput key="causation_id" source="causation_id" label="Caused by" />,
  <TextInput key="user_id" source="user_id" label="Person id (payload)" />,
];
