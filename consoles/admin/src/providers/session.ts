import type { TSession } from '@evalmarket/contracts';

/** Messages of spec 001 section 8, copied exactly. */
export const NOT_AUTHENTICATED = 'Not authenticated';
export const ACCESS_DENIED = 'Access denied. Platform admin privileges required.';

export const SESSION_KEY = 'evalmarket.admin.session';
/** Refresh this long before the access token expires, so a request never leaves with a dead one. */
const REFRESH_MARGIN_SECONDS = 30;

export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The API under one origin; the console is served by the API itself, so '' in the browser. */
export interface SessionOptions {
  apiUrl?: string;
  storage?: SessionStore;
  now?: () => number;
  fetch?: typeof fetch;
}

export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The staff session: kept in localStorage, its access token refreshed just before it expires. */
export class Session {
  readonly apiUrl: string;
  private readonly storage: SessionStore;
  private readonly now: () => number;
  private readonly fetchImpl: typeof fetch;
  private refreshing: Promise<TSession | null> | null = null;

  constructor(options: SessionOptions = {}) {
    this.apiUrl = options.apiUrl ?? '';
    this.storage = options.storage ?? window.localStorage;
    this.now = options.now ?? (() => Date.now());
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  get(): TSession | null {
    const raw = this.storage.getItem(SESSION_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as TSession;
    } catch {
      this.storage.removeItem(SESSION_KEY);
      return null;
    }
  }

  set(session: TSession): void {
    this.storage.setItem(SESSION_KEY, JSON.stringify(session));
  }

  clear(): void {
    this.storage.removeItem(SESSION_KEY);
  }

  async post<T>(path: string, body: unknown, token?: string): Promise<T> {
    const reply = await this.fetchImpl(`${this.apiUrl}/api/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
    const text = await reply.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!reply.ok) {
      const detail = (json as { detail?: unknown } | undefined)?.detail;
      throw new AuthError(typeof detail === 'string' ? detail : `HTTP ${reply.status}`, reply.status);
    }
    return json as T;
  }

  /** Exchanges a magic-link token (or the whole pasted link) for a session; admins only. */
  async signIn(tokenOrLink: string): Promise<TSession> {
    const token = tokenFromInput(tokenOrLink);
    if (!token) throw new AuthError(NOT_AUTHENTICATED, 401);
    const session = await this.post<TSession>('/auth/verify', { token });
    if (!session.user.is_admin) {
      // Not staff: end the session just opened, keep nothing.
      await this.post('/auth/logout', {}, session.access_token).catch(() => undefined);
      this.clear();
      throw new AuthError(ACCESS_DENIED, 403);
    }
    this.set(session);
    return session;
  }

  /** A valid access token, refreshed when it is about to expire; null when signed out. */
  async accessToken(): Promise<string | null> {
    const session = this.get();
    if (!session) return null;
    if (session.expires_at - REFRESH_MARGIN_SECONDS > this.now() / 1000) return session.access_token;
    const fresh = await this.refresh();
    return fresh?.access_token ?? null;
  }

  /** One refresh at a time: a rotated refresh token presented twice would end the session. */
  refresh(): Promise<TSession | null> {
    if (!this.refreshing) {
      this.refreshing = (async () => {
        const session = this.get();
        if (!session) return null;
        try {
          const fresh = await this.post<TSession>('/auth/refresh', { refresh_token: session.refresh_token });
          this.set(fresh);
          return fresh;
        } catch {
          this.clear();
          return null;
        } finally {
          this.refreshing = null;
        }
      })();
    }
    return this.refreshing;
  }

  async signOut(): Promise<void> {
    const session = this.get();
    this.clear();
    if (session) await this.post('/auth/logout', {}, session.access_token).catch(() => undefined);
  }
}

/** Accepts a bare token or any link carrying `?token=` (the emailed link, or the admin callback). */
export function tokenFromInput(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const match = /[?&]token=([^&#\s]+)/.exec(text);
  if (match) return decodeURIComponent(match[1]!);
  if (/^[A-Za-z0-9_\-.~%]+$/.test(text)) return text;
  return null;
}
