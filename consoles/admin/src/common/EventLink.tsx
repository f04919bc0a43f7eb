import { Link as MuiLink } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';

/** The event a row was made by (a wallet transaction, a refund), linked to its page: "#84". */
export function EventLink() {
  const record = useRecordContext<{ global_position?: number }>();
  if (record?.global_position == null) return null;
  return (
    <MuiLink component={Link} to={`/events/${record.global_position}/show`}>
      #{record.global_position}
    </MuiLink>
  );
}
