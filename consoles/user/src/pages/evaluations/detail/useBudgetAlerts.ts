import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../../api/client';
import { getBudgetAlerts, saveBudgetAlerts } from '../../../api/evaluations';
import { useToasts } from '../../../ui/Toasts';
import type { TBudgetAlerts } from '../types';

/** Spec 001 section 9: the budget thresholds; 80 % is the one shown by default. */
export const ALERT_THRESHOLD_CHOICES = [50, 80, 100] as const;
export const DEFAULT_ALERT_THRESHOLD = 80;

/**
 * The saved alert settings and raised alerts, the form that edits the settings, and saving and
 * refreshing; nothing saved yet (no thresholds) starts the form from 80 %, on.
 */
export function useBudgetAlerts(evaluationId: string) {
  const toasts = useToasts();
  const [saved, setSaved] = useState<TBudgetAlerts>();
  const [loadError, setLoadError] = useState<string>();
  const [thresholds, setThresholds] = useState<number[]>([DEFAULT_ALERT_THRESHOLD]);
  const [enabled, setEnabled] = useState(true);
  const [saving, setSaving] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  /** Shows a reply; the form follows it unless only the raised list is being refreshed. */
  const apply = useCallback((reply: TBudgetAlerts, syncForm = true) => {
    setSaved(reply);
    if (syncForm && reply.thresholds.length > 0) {
      setThresholds([...reply.thresholds].sort((a, b) => a - b));
      setEnabled(reply.enabled);
    }
  }, []);

  const load = useCallback(
    async (signal?: AbortSignal, syncForm = true) => {
      try {
        const reply = await getBudgetAlerts(evaluationId, signal);
        setLoadError(undefined);
        apply(reply, syncForm);
      } catch (error) {
        if (signal?.aborted) return;
        setLoadError(`Failed to load budget alerts: ${(error as ApiError).message}`);
      }
    },
    [evaluationId, apply],
  );

  useEffect(() => {
    // Not useLoad: Refresh keeps the load error shown until a reply and must not reset the edited form.
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  function toggle(value: number, checked: boolean) {
    setThresholds((current) =>
      checked
        ? [...new Set([...current, value])].sort((a, b) => a - b)
        : current.filter((threshold) => threshold !== value),
    );
  }

  async function save() {
    if (thresholds.length === 0) return;
    setSaving(true);
    try {
      const reply = await saveBudgetAlerts(evaluationId, { thresholds, enabled });
      apply(reply);
      toasts.success('Budget alert settings saved.');
    } catch (error) {
      toasts.error(`Failed to save budget alerts: ${(error as ApiError).message}`);
    } finally {
      setSaving(false);
    }
  }

  async function refresh() {
    setRefreshing(true);
    await load(undefined, false);
    setRefreshing(false);
  }

  return { saved, loadError, thresholds, toggle, enabled, setEnabled, saving, save, refreshing, refresh };
}
