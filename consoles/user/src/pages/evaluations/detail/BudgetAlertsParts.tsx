import type { TBudgetAlerts } from '../types';
import { DEFAULT_ALERT_THRESHOLD } from './useBudgetAlerts';

/** What the budget alerts panel reports: the saved settings in words, and the alerts raised. */

const when = (iso: string) => new Date(iso).toLocaleString('en-US');
export const listedThresholds = (thresholds: number[]) => thresholds.map((value) => `${value}%`).join(', ');

export function SavedAlertSettings({ saved }: { saved: TBudgetAlerts | undefined }) {
  return (
    <p className="muted" data-testid="alerts-saved">
      {saved === undefined
        ? 'Loading saved settings...'
        : saved.thresholds.length === 0
          ? `Not saved yet: the default is ${DEFAULT_ALERT_THRESHOLD}%.`
          : `Saved: ${saved.enabled ? 'on' : 'off'} at ${listedThresholds(saved.thresholds)}.`}
    </p>
  );
}

export function RaisedAlerts({
  saved,
  refreshing,
  onRefresh,
}: {
  saved: TBudgetAlerts | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <>
      <div className="row alerts-raised-head">
        <h3 id="alerts-raised-title">Alerts raised</h3>
        <button type="button" className="button" disabled={refreshing} onClick={onRefresh}>
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
    </>
  );
}
