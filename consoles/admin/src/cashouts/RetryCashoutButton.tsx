import type { JsonReply } from '@evalmarket/api-client';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorDetail } from '../common/httpError';
import type { AdminDataProvider } from '../providers/dataProvider';

type StaffCashout = JsonReply<'getAdminCashoutsById'>;

/**
 * Retry a failed cash-out (the API requests the same gross again and sends it to the payout
 * account the evaluator has now). A cash-out already retried names its retry instead.
 */
export function RetryCashoutButton() {
  const record = useRecordContext<StaffCashout>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  if (record.retried_as) return <span>Retried as {record.retried_as}</span>;
  if (record.status !== 'failed') return null;

  async function retry() {
    setBusy(true);
    try {
      const reply = await dataProvider.retryCashout(record!.cashout_id);
      notify(
        reply.status === 'failed'
          ? `The retry failed too: ${reply.failure_reason ?? 'Stripe refused the transfer'}`
          : `Cash-out retried: ${reply.status}${reply.stripe_transfer_id ? ` (${reply.stripe_transfer_id})` : ''}`,
        { type: reply.status === 'failed' ? 'warning' : 'success' },
      );
      refresh();
    } catch (failure) {
      notify(errorDetail(failure) ?? 'Retry failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      onClick={() => void retry()}
      aria-label={`Retry cash-out ${record.cashout_id}`}
    >
      {busy ? 'Retrying...' : 'Retry'}
    </Button>
  );
}
