import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../../api/client';
import { getBudgetAlerts, saveBudgetAlerts } from '../../../api/evaluations';
import { useToasts } from '../../../ui/Toasts';
import type { TBudgetAlerts } from '../types';

/** Spec 001 section 9: the budget thresholds; 80 % is the one shown by default. */
export const ALERT_THRESHOLD_CHOICES = [50, 80, 100] as const;
export const DEFAULT_ALERT_THRESHOLD = 80;

const when = (iso: string) => new Date(iso).toLocaleString('en-US');
const listed = (thresholds: number[]) => thresholds.map((value) => `${value}%`).join(', ');

/**
 * Owner only: which budget thresholds raise an alert (POST/GET /evaluations/{id}/alerts), and the
 * alerts the worker has already raised. Nothing saved yet (no thresholds) starts from 80 %, on.
 */
export function BudgetAlertsPanel({ evaluationId }: { evaluationId: string }) {
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

  const nothingSaved = saved !== undefined && saved.thresholds.length === 0;
  const others = thresholds.filter(
    (value) => !(ALERT_THRESHOLD_CHOICES as readonly number[]).includes(value),
  );

  return (
    <section className="panel budget-alerts" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Budget alerts</h2>
      <p className="muted">
        Get an alert (and an email) when this evaluation&apos;s spend reaches a share of its budget period.
      </p>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      <fieldset className="alert-choices">
        <legend>Alert me at</legend>
        {ALERT_THRESHOLD_CHOICES.map((value) => (
          <label key={value} className="check">
            <input
              type="checkbox"
              checked={thresholds.includes(value)}
              onChange={(event) => toggle(value, event.target.checked)}
            />
            {value}% of budget
          </label>
        ))}
        {others.length > 0 && <span className="muted">Also saved: {listed(others)}</span>}
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Alerts enabled
      </label>
      {thresholds.length === 0 && <p className="muted">Choose at least one threshold.</p>}
      <div className="row">
        <button
          type="button"
          className="button button-primary"
          disabled={saving || thresholds.length === 0}
          onClick={() => void save()}
        >
          {saving ? 'Saving...' : 'Save alerts'}
        </button>
      </div>

      <p className="muted" data-testid="alerts-saved">
        {saved === undefined
          ? 'Loading saved settings...'
          : nothingSaved
            ? `Not saved yet: the default is ${DEFAULT_ALERT_THRESHOLD}%.`
            : `Saved: ${saved.enabled ? 'on' : 'off'} at ${listed(saved.thresholds)}.`}
      </p>

      <div className="row alerts-raised-head">
        <h3 id="alerts-raised-title">Alerts raised</h3>
        <button type="button" className="button" disabled={refreshing} onClick={() => void refresh()}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      {saved && saved.raised.length === 0 && <p className="empty">No alerts raised yet.</p>}
      {saved && saved.raised.length > 0 && (
        <ul className="alerts-raised" aria-labelledby="alerts-raised-title">
          {saved.raised.map((alert) => (
            <li key={`${alert.period_start}-${alert.threshold}`}>
              <strong>{alert.threshold}% threshold reached</strong>{' '}
              <span>
                ({alert.utilization_rate.toFixed(1)}% used) on {when(alert.raised_at)}
              </span>{' '}
              <span className="muted">· period from {when(alert.period_start)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
