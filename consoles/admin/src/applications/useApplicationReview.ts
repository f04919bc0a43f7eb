import type { TEvaluatorApplicationItem, TQualificationTier } from '@evalmarket/contracts';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { errorDetail } from '../common/httpError';
import { FAILED_TO_APPROVE, FAILED_TO_REJECT } from '../common/messages';
import type { AdminDataProvider } from '../providers/dataProvider';

export type ApplicationReview = ReturnType<typeof useApplicationReview>;

/**
 * The review of one pending application: the chosen tier, the rejection reason, and `act`, which
 * approves or rejects, then refreshes the list and closes the modal, or keeps it open with the error.
 */
export function useApplicationReview(record: TEvaluatorApplicationItem, onClose: () => void) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [tier, setTier] = useState<TQualificationTier>('community');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(kind: 'approve' | 'reject') {
    setBusy(true);
    setError(null);
    try {
      if (kind === 'approve') {
        await dataProvider.approveApplication(record.user_id, tier);
        notify('Application approved', { type: 'success' });
      } else {
        await dataProvider.rejectApplication(record.user_id, reason.trim());
        notify('Application rejected', { type: 'success' });
      }
      refresh();
      onClose();
    } catch (failure) {
      const message = kind === 'approve' ? FAILED_TO_APPROVE : FAILED_TO_REJECT;
      const detail = errorDetail(failure);
      setError(detail ? `${message}: ${detail}` : message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return { tier, setTier, reason, setReason, busy, error, act };
}
