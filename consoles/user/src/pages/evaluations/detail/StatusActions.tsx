import {
  EVALUATION_STATUS_TRANSITIONS,
  type TEvaluation,
  type TEvaluationStatus,
} from '@evalmarket/contracts';
import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { changeEvaluationStatus } from '../../../api/evaluations';
import { useToasts } from '../../../ui/Toasts';

/** The button for each documented transition (contracts: EVALUATION_STATUS_TRANSITIONS). */
export function actionLabel(from: string, to: TEvaluationStatus): string {
  if (to === 'completed') return 'Mark completed';
  if (to === 'archived') return 'Archive';
  if (to === 'active') return from === 'draft' ? 'Activate' : 'Reactivate';
  return `Set ${to}`;
}

const DONE: Record<TEvaluationStatus, string> = {
  draft: 'Evaluation moved to draft.',
  active: 'Evaluation is active.',
  completed: 'Evaluation marked completed.',
  archived: 'Evaluation archived.',
};

/**
 * Owner only: POST /evaluations/{id}/status with the transitions the API allows. Archive is final,
 * so it asks first. A 409 (changed meanwhile, or no longer allowed) says so and reloads the
 * evaluation, so the badge and the buttons show where it really is.
 */
export function StatusActions({
  evaluation,
  onChanged,
  onStale,
}: {
  evaluation: TEvaluation;
  onChanged: (updated: TEvaluation) => void;
  onStale: () => void;
}) {
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const from = evaluation.status as TEvaluationStatus;
  const targets = EVALUATION_STATUS_TRANSITIONS[from] ?? [];

  async function change(to: TEvaluationStatus) {
    setBusy(true);
    setConfirmArchive(false);
    try {
      const updated = await changeEvaluationStatus(evaluation.id, to);
      onChanged(updated);
      toasts.success(DONE[to]);
    } catch (error) {
      const failure = error as ApiError;
      if (failure.status === 409) {
        toasts.error(
          `The status could not change: this evaluation was changed elsewhere (${failure.message}). Its current status is shown now.`,
        );
        onStale();
      } else if (failure.status === 402) {
        toasts.error(`Not enough credits to activate this evaluation: ${failure.message}`);
      } else {
        toasts.error(`Failed to change the status: ${failure.message}`);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="status-title">
      <h2 id="status-title">Status</h2>
      {targets.length === 0 ? (
        <p className="muted">Archived evaluations are final: the status can no longer change.</p>
      ) : (
        <div className="status-actions">
          {targets.map((to) => (
            <button
              key={to}
              type="button"
              className={to === 'archived' ? 'button button-danger' : 'button'}
              disabled={busy}
              onClick={() => (to === 'archived' ? setConfirmArchive(true) : void change(to))}
            >
              {actionLabel(from, to)}
            </button>
          ))}
        </div>
      )}
      {confirmArchive && (
        <div className="banner banner-red" role="alertdialog" aria-labelledby="archive-confirm-title">
          <strong id="archive-confirm-title">Archive this evaluation?</strong>
          <p>Archiving is final: the evaluation takes no new items and cannot be reactivated.</p>
          <div className="row">
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => void change('archived')}
            >
              Yes, archive
            </button>
            <button type="button" className="button" onClick={() => setConfirmArchive(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
