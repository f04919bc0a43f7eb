import type { TProfile, TUserAccountKind, TWalletReply } from '@evalmarket/contracts';
import { useCallback, useEffect, useState } from 'react';
import { switchContext } from '../../api/account';
import { getBalance, getWallet } from '../../api/wallet';
import { useAuth } from '../../auth/AuthProvider';

/** The wallet context rule: earning only when active_context equals 'earning'. */
export function initialContext(profile: TProfile | undefined): TUserAccountKind {
  return profile?.active_context === 'earning' ? 'earning' : 'spending';
}

/**
 * The wallet's balances, and whether the credit balance is zero (which offers the first-project
 * bonus); `refreshKey` moves on every successful read so the transactions follow.
 */
export function useWallet() {
  const [wallet, setWallet] = useState<TWalletReply>();
  const [walletError, setWalletError] = useState<string>();
  const [zeroBalance, setZeroBalance] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);

  const loadWallet = useCallback(async () => {
    setWalletError(undefined);
    try {
      setWallet(await getWallet());
      setRefreshKey((key) => key + 1);
    } catch {
      setWalletError('Error loading wallet');
    }
    try {
      const balance = await getBalance();
      setZeroBalance(balance.credits_balance === 0);
    } catch (error) {
      console.warn('Balance check for the bonus banner failed', error);
    }
  }, []);

  useEffect(() => {
    // Not useLoad: the context switch awaits this reload (it stays 'switching' until the wallet is read).
    void loadWallet();
  }, [loadWallet]);

  return { wallet, walletError, zeroBalance, refreshKey, loadWallet };
}

/** Spending or earning: switching tells the server (the profile follows) and reads the wallet again. */
export function useWalletContext(onSwitched: () => Promise<void>) {
  const { profile, setProfile } = useAuth();
  const [context, setContext] = useState<TUserAccountKind>(() => initialContext(profile));
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState<string>();

  async function switchTo(next: TUserAccountKind) {
    if (next === context || switching) return;
    setSwitching(true);
    setSwitchError(undefined);
    try {
      const updated = await switchContext(next);
      setProfile(updated);
      setContext(next);
      await onSwitched();
    } catch (error) {
      setSwitchError(`Error switching context: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setSwitching(false);
    }
  }

  const roles = profile?.available_roles ?? [];
  return { context, switching, switchError, switchTo, showTabs: roles.length > 1 };
}
