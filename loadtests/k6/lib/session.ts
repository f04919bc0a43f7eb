import { call, expectJson } from './api.ts';

/**
 * A person's session as the API hands it out (POST /auth/verify or /auth/refresh). A session
 * taken from the environment starts with only its refresh token (`expires_at` 0), so its first
 * use refreshes it.
 */
export interface Session {
  access_token: string;
  refresh_token: string;
  /** Access token expiry, seconds since the epoch. */
  expires_at: number;
  user_id: string;
}

/** Refresh this long before the access token (15 minutes) runs out. */
const REFRESH_MARGIN_SECONDS = 60;

/**
 * This VU's current copy of each session it uses, by the refresh token the run started with.
 * Refresh tokens rotate and a reused one ends the session, so a session belongs to one VU.
 */
const current = new Map<string, Session>();

/** A session from a refresh token alone (a real deployment's people, given in the environment). */
export function sessionFromRefreshToken(refreshToken: string): Session {
  return { access_token: '', refresh_token: refreshToken, expires_at: 0, user_id: '' };
}

/** A valid access token for `seed`, refreshing it (and remembering the rotation) when it is about to expire. */
export function accessToken(seed: Session): string {
  let session = current.get(seed.refresh_token) ?? seed;
  if (session.expires_at - REFRESH_MARGIN_SECONDS <= Date.now() / 1000) {
    const reply = call(
      'POST',
      '/auth/refresh',
      { refresh_token: session.refresh_token },
      { endpoint: 'refresh' },
    );
    const refreshed = expectJson<{
      access_token: string;
      refresh_token: string;
      expires_at: number;
      user: { id: string };
    }>(reply, 200, 'refresh the session');
    session = {
      access_token: refreshed.access_token,
      refresh_token: refreshed.refresh_token,
      expires_at: refreshed.expires_at,
      user_id: refreshed.user.id,
    };
    current.set(seed.refresh_token, session);
  }
  return session.access_token;
}
