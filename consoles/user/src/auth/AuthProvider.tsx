import type { TProfile, TSession } from '@evalmarket/contracts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { getProfile } from '../api/account';
import { refreshAccessToken, sendMagicLink, signOut as signOutSession, verifyMagicLink } from '../api/auth';
import { configureApiClient, type ApiError } from '../api/client';
import { loadSession, saveSession } from './session-store';
import { useSessionRefresh } from './useSessionRefresh';

export const SESSION_EXPIRED_ALERT = 'Your session has expired. Please sign in again.';
const SESSION_EXPIRED_DETAIL = 'Session expired. Please sign in again.';
export { SESSION_REFRESH_TICK_MS } from './useSessionRefresh';

export type AuthStatus = 'loading' | 'signed_out' | 'signed_in';

export interface AuthState {
  status: AuthStatus;
  profile: TProfile | undefined;
  sendMagicLink(email: string): Promise<void>;
  /** Exchanges an emailed token for a session. */
  completeSignIn(token: string): Promise<void>;
  signOut(): Promise<void>;
  /** Replaces the profile after a call that returned it (profile save, context switch). */
  setProfile(profile: TProfile): void;
  reloadProfile(): Promise<void>;
  /** Rotates the session now (after an email change). */
  refreshSession(): Promise<void>;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<TSession | undefined>(() => loadSession());
  const [profile, setProfileState] = useState<TProfile | undefined>(() => loadSession()?.user);
  const [status, setStatus] = useState<AuthStatus>(() => (loadSession() ? 'loading' : 'signed_out'));
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const store = useCallback((next: TSession | undefined) => {
    saveSession(next);
    sessionRef.current = next;
    setSession(next);
    setProfileState(next?.user);
    setStatus(next ? 'signed_in' : 'signed_out');
  }, []);

  const forget = useCallback(
    (error?: ApiError) => {
      store(undefined);
      if (error?.message === SESSION_EXPIRED_DETAIL) {
        window.alert(SESSION_EXPIRED_ALERT);
        if (window.location.pathname !== '/') window.location.assign('/');
      }
    },
    [store],
  );

  useEffect(() => {
    configureApiClient({ token: () => sessionRef.current?.access_token, onUnauthorized: forget });
  }, [forget]);

  const refreshSession = useCallback(async () => {
    const current = sessionRef.current;
    if (!current) return;
    try {
      const next = await refreshAccessToken(current.refresh_token);
      store(next);
    } catch (error) {
      const apiError = error as ApiError;
      if (apiError.status === 401) forget(apiError);
    }
  }, [forget, store]);

  // On start: refresh if the token is near its end, then confirm the profile; then keep it fresh.
  const confirmSignedIn = useCallback((fresh: TProfile | undefined) => {
    if (fresh) setProfileState(fresh);
    setStatus('signed_in');
  }, []);
  useSessionRefresh(sessionRef, refreshSession, confirmSignedIn);

  const value = useMemo<AuthState>(
    () => ({
      status,
      profile,
      async sendMagicLink(email) {
        await sendMagicLink(email);
      },
      async completeSignIn(token) {
        const next = await verifyMagicLink(token);
        store(next);
      },
      async signOut() {
        try {
          if (sessionRef.current) await signOutSession();
        } catch {
          // Signing out locally is what matters; the session also expires on its own.
        }
        store(undefined);
      },
      setProfile(next) {
        setProfileState(next);
        if (sessionRef.current) saveSession({ ...sessionRef.current, user: next });
      },
      async reloadProfile() {
        const fresh = await getProfile();
        setProfileState(fresh);
      },
      refreshSession,
    }),
    [status, profile, store, refreshSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The account menu label: first name, else the email before the @, else 'Account'. */
export function accountLabel(profile: Pick<TProfile, 'first_name' | 'email'> | undefined): string {
  const first = profile?.first_name?.trim();
  if (first) return first;
  const local = profile?.email?.split('@')[0]?.trim();
  return local || 'Account';
}
