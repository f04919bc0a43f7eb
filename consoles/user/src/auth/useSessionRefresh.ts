import type { TProfile, TSession } from '@evalmarket/contracts';
import { useEffect, type RefObject } from 'react';
import { getProfile } from '../api/account';

/** The spec's auto-refresh tick. */
export const SESSION_REFRESH_TICK_MS = 30_000;
/** Refresh when the access token has less than this left. */
const REFRESH_MARGIN_SECONDS = 120;

function nearExpiry(session: TSession): boolean {
  return session.expires_at - Date.now() / 1000 < REFRESH_MARGIN_SECONDS;
}

/**
 * Keeps a stored session alive. On start: refreshes it if the token is near its end, then
 * confirms the profile (`confirm(undefined)` when the profile cannot be read but the session
 * stands). Then every tick: refreshes a token near its end.
 */
export function useSessionRefresh(
  sessionRef: RefObject<TSession | undefined>,
  refreshSession: () => Promise<void>,
  confirm: (fresh: TProfile | undefined) => void,
): void {
  useEffect(() => {
    if (!sessionRef.current) return;
    let cancelled = false;
    (async () => {
      if (nearExpiry(sessionRef.current!)) await refreshSession();
      if (!sessionRef.current || cancelled) return;
      try {
        const fresh = await getProfile();
        if (cancelled) return;
        confirm(fresh);
      } catch {
        if (!cancelled && sessionRef.current) confirm(undefined);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionRef, refreshSession, confirm]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = sessionRef.current;
      if (current && nearExpiry(current)) void refreshSession();
    }, SESSION_REFRESH_TICK_MS);
    return () => window.clearInterval(timer);
  }, [sessionRef, refreshSession]);
}
