import {
  AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS,
  AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS,
  AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS,
  PAYMENT_MESSAGES,
  type TAutoRechargeSettings,
} from '@evalmarket/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  configureAutoRecharge,
  getAutoRecharge,
  getSavedCard,
  removeSavedCard,
  toggleAutoRecharge,
} from '../../api/wallet';
import { useFlash } from '../../ui/useFlash';

/** Auto-recharge messages clear after 3 s; the saved card is re-read 2 s after a save (webhook). */
export const AUTO_RECHARGE_MESSAGE_MS = 3000;
export const WEBHOOK_WAIT_MS = 2000;
export const REMOVE_CARD_CONFIRM =
  'Are you sure you want to remove your saved payment method? This will prevent auto-recharge from working.';

export interface SavedCard {
  has_payment_method: true;
  card_brand: string;
  card_last4: string;
  card_exp_month: number;
  card_exp_year: number;
}

export interface RechargeMessage {
  kind: 'success' | 'error';
  text: string;
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

/** The saved settings and the form that edits them (strings, as typed), with its problem and changes. */
function useRechargeSettings() {
  const [settings, setSettings] = useState<TAutoRechargeSettings>();
  const [loadError, setLoadError] = useState<string>();
  const [enabled, setEnabled] = useState(false);
  const [threshold, setThreshold] = useState(String(AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS));
  const [purchase, setPurchase] = useState(String(AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS));

  const loadSettings = useCallback(async () => {
    setLoadError(undefined);
    try {
      const next = await getAutoRecharge();
      setSettings(next);
      setEnabled(next.enabled);
      setThreshold(String(next.threshold_credits || AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS));
      setPurchase(String(next.purchase_amount_credits || AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS));
    } catch {
      setLoadError('Failed to load settings');
    }
  }, []);

  const thresholdValue = Number(threshold);
  const purchaseValue = Number(purchase);
  const changed =
    !!settings &&
    (enabled !== settings.enabled ||
      (enabled &&
        (thresholdValue !== settings.threshold_credits ||
          purchaseValue !== settings.purchase_amount_credits)));
  return {
    settings,
    loadError,
    loadSettings,
    form: { enabled, setEnabled, threshold, setThreshold, purchase, setPurchase },
    thresholdValue,
    purchaseValue,
    problem: autoRechargeProblem(enabled, thresholdValue, purchaseValue),
    changed,
  };
}

export type RechargeForm = ReturnType<typeof useRechargeSettings>['form'];

/** The card auto-recharge charges: undefined while loading, null when none is saved. */
function useSavedCard() {
  const [card, setCard] = useState<SavedCard | null>();
  const loadCard = useCallback(async (): Promise<SavedCard | null> => {
    try {
      const saved = await getSavedCard();
      setCard(saved);
      return saved;
    } catch {
      // 404 means none is saved; any other failure also offers the form to add one.
      setCard(null);
      return null;
    }
  }, []);
  return { card, setCard, loadCard };
}

/** The auto-recharge panel's state and its saves, with the message each one leaves. */
export function useAutoRecharge() {
  const recharge = useRechargeSettings();
  const { settings, loadSettings, form, problem, changed } = recharge;
  const { card, setCard, loadCard } = useSavedCard();
  const [saving, setSaving] = useState(false);
  const [message, showMessage] = useFlash<RechargeMessage>(AUTO_RECHARGE_MESSAGE_MS);
  const flash = (kind: RechargeMessage['kind'], text: string) => showMessage({ kind, text });

  useEffect(() => {
    // Not useLoad: saving and removing await the settings reload before their message shows.
    void loadSettings();
    void loadCard();
  }, [loadSettings, loadCard]);

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
      if (form.enabled) {
        await configureAutoRecharge({
          threshold_credits: recharge.thresholdValue,
          purchase_amount_credits: recharge.purchaseValue,
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

  return { ...recharge, card, saving, message, save, removeCard, cardSaved };
}
