import { listedThresholds, RaisedAlerts, SavedAlertSettings } from './BudgetAlertsParts';
import { ALERT_THRESHOLD_CHOICES, useBudgetAlerts } from './useBudgetAlerts';

/**
 * Owner only: which budget thresholds raise an alert (POST/GET /evaluations/{id}/alerts), and the
 * alerts the worker has already raised. Nothing saved yet (no thresholds) starts from 80 %, on.
 */
export function BudgetAlertsPanel({ evaluationId }: { evaluationId: string }) {
  const { saved, loadError, thresholds, toggle, enabled, setEnabled, saving, save, refreshing, refresh } =
    useBudgetAlerts(evaluationId);
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
        {others.length > 0 && <span className="muted">Also saved: {listedThresholds(others)}</span>}
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

      <SavedAlertSettings saved={saved} />

      <RaisedAlerts saved={saved} refreshing={refreshing} onRefresh={() => void refresh()} />
    </section>
  );
}
