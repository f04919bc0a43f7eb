import { useEffect, useState } from 'react';
import type { ApiError } from '../../../api/client';
import { exportVotesCsv, getBudget, getQualityMetrics } from '../../../api/evaluations';
import { useLoad } from '../../../api/useLoad';

const refusalOf = (status: number | undefined): 403 | 404 | undefined =>
  status === 403 || status === 404 ? status : undefined;

/**
 * The dashboard's two reads (quality metrics at the chosen time decay, and the budget), retried
 * together; `refusal` is the server's 403 (signed in, not the owner) or 404 (private and not
 * theirs, or gone) from either.
 */
export function useEvaluationAnalytics(id: string, valid: boolean, decay: number) {
  const [attempt, setAttempt] = useState(0);
  const metrics = useLoad(
    (signal) => (valid ? getQualityMetrics(id, decay, signal) : undefined),
    [id, valid, decay, attempt],
    { failure: 'Failed to load quality metrics' },
  );
  const budget = useLoad((signal) => (valid ? getBudget(id, signal) : undefined), [id, valid, attempt], {
    failure: (error) =>
      error.status === 401
        ? 'Budget data is only available to project owners. Please sign in.'
        : 'Failed to load budget data',
  });
  return {
    metrics: metrics.data,
    metricsError: metrics.error,
    budget: budget.data,
    budgetError: budget.error,
    refusal: refusalOf(metrics.errorStatus) ?? refusalOf(budget.errorStatus),
    attempt,
    retry: () => setAttempt((n) => n + 1),
  };
}

/** Spec 001 section 2.10: sliders wait 500 ms after the last move. */
export const SLIDER_DEBOUNCE_MS = 500;

export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Export CSV: downloads the evaluation's votes as a file; a failure is kept to be shown. */
export function useVotesExport(id: string) {
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();

  async function exportVotes() {
    setExporting(true);
    setExportError(undefined);
    try {
      const csv = await exportVotesCsv(id);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `evaluation-${id}-votes.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      setExportError((error as ApiError).message);
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportError, exportVotes };
}
