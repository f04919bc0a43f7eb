import type { TConnectStatus } from '@evalmarket/contracts';
import { useCallback, useEffect, useState } from 'react';
import {
  createDashboardLink,
  disconnectPayoutAccount,
  getPayoutStatus,
  verifyBank,
} from '../../api/payments';
import { payoutOnboardingUrl } from '../../payments/connect';
import { useFlash } from '../../ui/useFlash';

/** Status-refresh messages disappear after 2 s. */
export const STATUS_TOAST_MS = 2000;
export const CONNECT_SETUP_FAILED = 'Failed to set up Stripe Connect account';
export const DISCONNECT_CONFIRM =
  'Are you sure you want to disconnect your bank account? You will not be able to cash out until you connect one again.';

/**
 * The payout (Stripe Connect) account: its status, read again whenever the window gets focus
 * (the person may come back from Stripe in another tab) and verified with Stripe on the way back
 * from onboarding; and connecting, opening Stripe's dashboard and disconnecting.
 */
export function usePayoutAccount(returned: boolean) {
  const [status, setStatus] = useState<TConnectStatus>();
  const [loadError, setLoadError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, flash] = useFlash<string>(STATUS_TOAST_MS);

  const load = useCallback(async () => {
    try {
      setStatus(await getPayoutStatus());
      setLoadError(undefined);
    } catch {
      setLoadError('Failed to refresh status');
    }
  }, []);

  const refresh = useCallback(async () => {
    setError(undefined);
    try {
      const reply = await verifyBank();
      setStatus({
        has_account: reply.has_account,
        details_submitted: reply.details_submitted,
        payouts_enabled: reply.payouts_enabled,
      });
      flash('Status refreshed');
    } catch {
      await load();
      flash('Failed to refresh status');
    }
  }, [flash, load]);

  useEffect(() => {
    // Not useLoad: back from Stripe it verifies first, and re-reads keep status and error till one succeeds.
    if (returned) void refresh();
    else void load();
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [load, refresh, returned]);

  async function connect() {
    setBusy(true);
    setError(undefined);
    try {
      window.location.assign(await payoutOnboardingUrl());
    } catch {
      setError(CONNECT_SETUP_FAILED);
      setBusy(false);
    }
  }

  async function openDashboard() {
    setError(undefined);
    const tab = window.open('', '_blank');
    try {
      const link = await createDashboardLink();
      if (tab) tab.location.href = link.dashboard_url;
      else window.open(link.dashboard_url, '_blank', 'noopener');
    } catch {
      tab?.close();
      setError('Failed to open account dashboard');
    }
  }

  async function disconnect() {
    if (!window.confirm(DISCONNECT_CONFIRM)) return;
    setBusy(true);
    setError(undefined);
    try {
      await disconnectPayoutAccount();
      await load();
    } catch {
      setError('Failed to disconnect bank account');
    } finally {
      setBusy(false);
    }
  }

  return { status, loadError, busy, error, notice, refresh, connect, openDashboard, disconnect };
}
