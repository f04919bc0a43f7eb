import { createApiClient, type ApiClient } from '@evalmarket/api-client';
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
  /** The typed client for the sign-in routes (they need no token, except logout). */
  readonly api: ApiClient;
  private refreshing: Promise<TSession | null> | null = null;

  constructor(options: SessionOptions = {}) {
    this.apiUrl = options.apiUrl ?? '';
    this.storage = options.storage ?? window.localStorage;
    this.now = options.now ?? (() => Date.now());
    const fetchImpl = options.fetch ?? ((...args) => fetch(...args));
    this.api = createApiClient({
      baseUrl: this.apiUrl,
      headers: { accept: 'application/json' },
      fetch: (request) => fetchImpl(request),
    });
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

  /** The reply of a typed call, or an AuthError with the API's `detail`. */
  async call<D>(pending: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
    const { data, error, response } = await pending;
    if (!response.ok) {
      const detail = (error as { detail?: unknown } | undefined)?.detail;
      throw new AuthError(typeof detail === 'string' ? detail : `HTTP ${response.status}`, response.status);
    }
    return data as D;
  }

  private logout(accessToken: string): Promise<unknown> {
    return this.call(
      this.api.POST('/api/v1/auth/logout', { headers: { authorization: `Bearer ${accessToken}` } }),
    ).catch(() => undefined);
  }

  /** Exchanges a magic-link token (or the whole pasted link) for a session; admins only. */
  async signIn(tokenOrLink: string): Promise<TSession> {
    const token = tokenFromInput(tokenOrLink);
    if (!token) throw new AuthError(NOT_AUTHENTICATED, 401);
    const session = await this.call(this.api.POST('/api/v1/auth/verify', { body: { token } }));
    if (!session.user.is_admin) {
      // Not staff: end the session just opened, keep nothing.
      await this.logout(session.access_token);
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
          const fresh = await this.call(
            this.api.POST('/api/v1/auth/refresh', { body: { refresh_token: session.refresh_token } }),
          );
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
    if (session) await this.logout(session.access_token);
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
