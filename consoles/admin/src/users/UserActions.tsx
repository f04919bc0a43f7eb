import type { JsonReply } from '@evalmarket/api-client';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link } from 'react-router-dom';
import { errorDetail } from '../common/httpError';
import type { AdminDataProvider, UserAction } from '../providers/dataProvider';

/** A row of /api/v1/admin/users, as the API's OpenAPI document describes it. */
type StaffUser = JsonReply<'getAdminUsersById'>;

const LABELS: Record<UserAction, string> = {
  'grant-admin': 'Grant admin',
  'revoke-admin': 'Revoke admin',
  disable: 'Disable',
  enable: 'Enable',
};

/**
 * Role and access changes, each recorded as an event on the person's stream. Pessimistic: the
 * row changes only once the API has recorded the event (nobody revokes or disables themselves).
 */
export function UserActions() {
  const record = useRecordContext<StaffUser>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { identity } = useGetIdentity();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const self = identity?.id === record.id;

  async function run(action: UserAction) {
    setBusy(true);
    try {
      await dataProvider.userAction(record!.id, action);
      notify(`${LABELS[action]}: ${record!.email}`, { type: 'success' });
      refresh();
    } catch (failure) {
      notify(errorDetail(failure) ?? `${LABELS[action]} failed`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const actions: UserAction[] = [
    record.is_admin ? 'revoke-admin' : 'grant-admin',
    record.disabled ? 'enable' : 'disable',
  ];
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap' }}
      onClick={(event) => event.stopPropagation()}
    >
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          color={action === 'disable' || action === 'revoke-admin' ? 'error' : 'primary'}
          disabled={busy || (self && (action === 'disable' || action === 'revoke-admin'))}
          onClick={() => run(action)}
          aria-label={`${LABELS[action]} ${record.email}`}
        >
          {LABELS[action]}
        </Button>
      ))}
      <Button
        size="small"
        component={Link}
        to={`/adjustments/create?source=${encodeURIComponent(JSON.stringify({ user_id: record.id }))}`}
      >
        Adjust credits
      </Button>
    </Stack>
  );
}
