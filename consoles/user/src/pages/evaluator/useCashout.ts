import { PAYMENT_MESSAGES, type TCashoutReply } from '@evalmarket/contracts';
import { useEffect, useRef, useState } from 'react';
import { getEvaluatorStatus, requestCashout } from '../../api/evaluator';
import { useLoad } from '../../api/useLoad';
import { payoutOnboardingUrl } from '../../payments/connect';
import { newIdempotencyKey } from '../../payments/useStripe';

/** The status is reloaded 1 s after a successful cash-out (spec 001 section 4). */
export const CASHOUT_RELOAD_MS = 1000;

/**
 * The cash-out page's state: the evaluator's status and balance, the confirmation, and the two
 * actions (set up a bank account, cash out) with what they leave on screen.
 */
export function useCashout() {
  const loaded = useLoad((signal) => getEvaluatorStatus(signal), [], {
    failure: () => 'Failed to load cashout information',
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<TCashoutReply>();
  const [historyVersion, setHistoryVersion] = useState(0);
  const reloadTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  async function setUpBank() {
    setBusy(true);
    setError(undefined);
    try {
      window.location.assign(await payoutOnboardingUrl());
    } catch {
      setError(PAYMENT_MESSAGES.bankSetupFailed);
      setBusy(false);
    }
  }

  async function cashOut() {
    setBusy(true);
    setError(undefined);
    try {
      const reply = await requestCashout(newIdempotencyKey());
      setConfirming(false);
      if (reply.status === 'failed') setError(reply.failure_reason ?? PAYMENT_MESSAGES.cashoutFailed);
      else setResult(reply);
      setHistoryVersion((version) => version + 1);
      reloadTimer.current = window.setTimeout(loaded.retry, CASHOUT_RELOAD_MS);
    } catch {
      setConfirming(false);
      setError(PAYMENT_MESSAGES.cashoutFailed);
    } finally {
      setBusy(false);
    }
  }

  return {
    status: loaded.data,
    loadError: loaded.error,
    reload: loaded.retry,
    confirming,
    setConfirming,
    busy,
    error,
    result,
    historyVersion,
    setUpBank,
    cashOut,
  };
}
