import {
  AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS,
  AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS,
  AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS,
  AUTO_RECHARGE_PURCHASE_STEP_CREDITS,
  PAYMENT_MESSAGES,
  type TAutoRechargeSettings,
} from '@evalmarket/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import {
  configureAutoRecharge,
  getAutoRecharge,
  getSavedCard,
  removeSavedCard,
  toggleAutoRecharge,
} from '../../api/wallet';
import { creditsToUsd, formatCredits, formatDateTime } from '../../format';
import { SaveCardForm } from '../../payments/SaveCardForm';

/** Auto-recharge messages clear after 3 s; the saved card is re-read 2 s after a save (webhook). */
export const AUTO_RECHARGE_MESSAGE_MS = 3000;
export const WEBHOOK_WAIT_MS = 2000;
export const REMOVE_CARD_CONFIRM =
  'Are you sure you want to remove your saved payment method? This will prevent auto-recharge from working.';

interface SavedCard {
  has_payment_method: true;
  card_brand: string;
  card_last4: string;
  card_exp_month: number;
  card_exp_year: number;
}

/** The spec's rules for the settings when enabled (spec 001 section 5); undefined when valid. */
export function autoRechargeProblem(
  enabled: boolean,
  threshold: number,
  purchase: number,
): string | undefined {
  if (!enabled) return undefined;
  if (!(threshold > 0) || !(purchase > 0)) return 'Please check your settings and try again';
  if (purchase < AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS) return PAYMENT_MESSAGES.autoRechargeMinimum;
  if (threshold >= purchase) return PAYMENT_MESSAGES.autoRechargeThreshold;
  return undefined;
}

export function AutoRechargePanel() {
  const [settings, setSettings] = useState<TAutoRechargeSettings>();
  const [loadError, setLoadError] = useState<string>();
  const [enabled, setEnabled] = useState(false);
  const [threshold, setThreshold] = useState(String(AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS));
  const [purchase, setPurchase] = useState(String(AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [card, setCard] = useState<SavedCard | null>();
  const messageTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(messageTimer.current), []);

  const flash = useCallback((kind: 'success' | 'error', text: string) => {
    setMessage({ kind, text });
    window.clearTimeout(messageTimer.current);
    messageTimer.current = window.setTimeout(() => setMessage(undefined), AUTO_RECHARGE_MESSAGE_MS);
  }, []);

  const apply = useCallback((next: TAutoRechargeSettings) => {
    setSettings(next);
    setEnabled(next.enabled);
    setThreshold(String(next.threshold_credits || AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS));
    setPurchase(String(next.purchase_amount_credits || AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS));
  }, []);

  const loadSettings = useCallback(async () => {
    setLoadError(undefined);
    try {
      apply(await getAutoRecharge());
    } catch {
      setLoadError('Failed to load settings');
    }
  }, [apply]);

  const loadCard = useCallback(async (): Promise<SavedCard | null> => {
    try {
      const saved = await getSavedCard();
      setCard(saved);
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setCard(null);
        return null;
      }
      setCard(null);
      return null;
    }
  }, []);

  useEffect(() => {
    void loadSettings();
    void loadCard();
  }, [loadSettings, loadCard]);

  const thresholdValue = Number(threshold);
  const purchaseValue = Number(purchase);
  const problem = autoRechargeProblem(enabled, thresholdValue, purchaseValue);
  const changed =
    !!settings &&
    (enabled !== settings.enabled ||
      (enabled &&
        (thresholdValue !== settings.threshold_credits ||
          purchaseValue !== settings.purchase_amount_credits)));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!settings || saving) return;
    if (problem) {
      flash('error', 'Please check your settings and try again');
      return;
    }
    if (!changed) return;
    setSaving(true);
    try {
      if (enabled) {
        await configureAutoRecharge({
          threshold_credits: thresholdValue,
          purchase_amount_credits: purchaseValue,
          enabled: true,
        });
      } else if (settings.enabled) {
        await toggleAutoRecharge(false);
      }
      await loadSettings();
      flash('success', 'Auto-recharge settings saved');
    } catch (error) {
      flash('error', error instanceof Error && error.message ? error.message : 'Failed to save settings');
    } finally {
      setSaving(false);
    }
  }

  async function removeCard() {
    if (!window.confirm(REMOVE_CARD_CONFIRM)) return;
    try {
      await removeSavedCard();
      setCard(null);
      await loadSettings();
      flash('success', 'Payment method removed');
    } catch {
      flash('error', 'Failed to remove payment method');
    }
  }

  function cardSaved() {
    window.setTimeout(() => {
      void loadCard().then((saved) => {
        if (!saved) console.warn('Saved card not visible yet after the webhook wait');
        else void loadSettings();
      });
    }, WEBHOOK_WAIT_MS);
  }

  return (
    <section className="panel auto-recharge" aria-labelledby="auto-recharge-title">
      <h2 id="auto-recharge-title">Auto-Recharge</h2>
      <p className="muted">Top up your credits automatically when your balance runs low.</p>
      {loadError && (
        <div className="form-error" role="alert">
          {loadError}{' '}
          <button type="button" className="button button-small" onClick={() => void loadSettings()}>
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
          <form onSubmit={save} noValidate>
            <label className="toggle">
              <input
                type="checkbox"
                checked={enabled}
                onChange={(event) => setEnabled(event.target.checked)}
              />
              Enable Auto-Recharge
            </label>
            {enabled && (
              <>
                <label htmlFor="ar-threshold">Recharge when balance falls below (credits)</label>
                <input
                  id="ar-threshold"
                  type="number"
                  min={1}
                  value={threshold}
                  onChange={(event) => setThreshold(event.target.value)}
                />
                <p className="muted">{creditsToUsd(Number(threshold) || 0)}</p>
                <label htmlFor="ar-purchase">Purchase amount (credits)</label>
                <input
                  id="ar-purchase"
                  type="number"
                  min={AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS}
                  step={AUTO_RECHARGE_PURCHASE_STEP_CREDITS}
                  value={purchase}
                  onChange={(event) => setPurchase(event.target.value)}
                />
                <p className="muted">{creditsToUsd(Number(purchase) || 0)}</p>
                {problem && (
                  <p className="form-error" role="alert">
                    {problem}
                  </p>
                )}
              </>
            )}
            <button
              type="submit"
              className="button button-primary auto-recharge-save"
              disabled={!changed || saving || !!problem}
            >
              {saving ? 'Saving...' : 'Save Settings'}
            </button>
          </form>
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
        card={card}
        onRemove={() => void removeCard()}
        onSaved={cardSaved}
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

/** The card auto-recharge charges: shown with a Remove button, or a form to add one. */
function SavedCardSection({
  card,
  onRemove,
  onSaved,
  showDefaults,
}: {
  /** undefined while loading, null when none is saved. */
  card: SavedCard | null | undefined;
  onRemove: () => void;
  onSaved: () => void;
  showDefaults: boolean;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="saved-card">
      <h3>Payment Method</h3>
      {card === undefined && <p className="muted">Loading...</p>}
      {card && (
        <div className="card-summary">
          <span>
            <strong className="card-brand">{card.card_brand}</strong> •••• {card.card_last4}
            <span className="muted">
              {' '}
              Expires {String(card.card_exp_month).padStart(2, '0')}/{card.card_exp_year}
            </span>
          </span>
          <button type="button" className="button button-danger button-small" onClick={onRemove}>
            Remove Card
          </button>
        </div>
      )}
      {card === null && (
        <>
          <button
            type="button"
            className="button"
            aria-expanded={adding}
            onClick={() => setAdding((open) => !open)}
          >
            Add Payment Method
          </button>
          {adding && (
            <div className="add-card">
              <SaveCardForm
                setupPath="/api/v1/wallet/setup-payment-method"
                buttonLabel="Save Card"
                onSaved={() => {
                  setAdding(false);
                  onSaved();
                }}
              />
            </div>
          )}
        </>
      )}
      {showDefaults && (
        <p className="muted">
          Defaults: recharge {formatCredits(AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS)} credits when the balance
          falls below {formatCredits(AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS)}.
        </p>
      )}
    </div>
  );
}
