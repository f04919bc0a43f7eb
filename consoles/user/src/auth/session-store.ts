import type { TSession } from '@evalmarket/contracts';

const KEY = 'evalmarket.session';

/** The session survives reloads in localStorage; it holds tokens only the API can use. */
export function loadSession(): TSession | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TSession) : undefined;
  } catch {
    return undefined;
  }
}

export function saveSession(session: TSession | undefined): void {
  if (session) localStorage.setItem(KEY, JSON.stringify(session));
  else localStorage.removeItem(KEY);
}
