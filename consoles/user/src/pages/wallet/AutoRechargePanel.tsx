import type { TAutoRechargeSettings } from '@evalmarket/contracts';
import { formatDateTime } from '../../format';
import { AutoRechargeForm } from './AutoRechargeForm';
import { SavedCardSection } from './SavedCardSection';
import { useAutoRecharge } from './useAutoRecharge';

export function AutoRechargePanel() {
  const recharge = useAutoRecharge();
  const { settings, loadError, message, saving, problem } = recharge;
  return (
    <section className="panel auto-recharge" aria-labelledby="auto-recharge-title">
      <h2 id="auto-recharge-title">Auto-Recharge</h2>
      <p className="muted">Top up your credits automatically when your balance runs low.</p>
      {loadError && (
        <div className="form-error" role="alert">
          {loadError}{' '}
          <button type="button" className="button button-small" onClick={() => void recharge.loadSettings()}>
            Retry
          </button>
        </div>
      )}
      {!settings && !loadError && <p className="page-loading">Loading...</p>}
      {settings && (
        <>
          <p>
            Status:{' '}
            <span className={`badge ${settings.enabled ? 'badge-green' : 'badge-grey'}`}>
              {settings.enabled ? 'Enabled' : 'Disabled'}
            </span>
          </p>
          {settings.paused_reason && (
            <p className="banner banner-yellow" role="status">
              Auto-recharge is paused: {settings.paused_reason}
            </p>
          )}
          {settings.last_recharge && <LastRecharge recharge={settings.last_recharge} />}
          <AutoRechargeForm
            form={recharge.form}
            problem={problem}
            canSave={recharge.changed && !saving && !problem}
            saving={saving}
            onSubmit={(event) => void recharge.save(event)}
          />
          {message && (
            <p
              className={message.kind === 'success' ? 'form-success' : 'form-error'}
              role={message.kind === 'success' ? 'status' : 'alert'}
            >
              {message.text}
            </p>
          )}
        </>
      )}
      <SavedCardSection
        card={recharge.card}
        onRemove={() => void recharge.removeCard()}
        onSaved={recharge.cardSaved}
        showDefaults={!!settings}
      />
    </section>
  );
}

const RECHARGE_STATUS: Record<string, { label: string; badge: string }> = {
  requested: { label: 'In progress', badge: 'badge-yellow' },
  charged: { label: 'Charged', badge: 'badge-green' },
  failed: { label: 'Failed', badge: 'badge-red' },
};

/** The latest recharge attempt, so a person sees that (and when) their card was charged. */
function LastRecharge({ recharge }: { recharge: NonNullable<TAutoRechargeSettings['last_recharge']> }) {
  const status = RECHARGE_STATUS[recharge.status] ?? { label: recharge.status, badge: 'badge-grey' };
  return (
    <p className="last-recharge" aria-label="Last recharge">
      Last recharge: ${recharge.amount_usd} on {formatDateTime(recharge.requested_at)}{' '}
      <span className={`badge ${status.badge}`}>{status.label}</span>
      {recharge.status === 'failed' && recharge.failure_message && (
        <span className="tx-detail">{recharge.failure_message}</span>
      )}
    </p>
  );
}
