import { api, apiCall } from './client';

/** Signing in and out: the magic link, its verification and the session refresh. */

export function sendMagicLink(email: string) {
  return apiCall({ action: 'sending the magic link', anonymous: true }, (init) =>
    api.POST('/api/v1/auth/magic-link', { ...init, body: { email } }),
  );
}

export function verifyMagicLink(token: string) {
  return apiCall({ action: 'signing in', anonymous: true }, (init) =>
    api.POST('/api/v1/auth/verify', { ...init, body: { token } }),
  );
}

export function refreshAccessToken(refreshToken: string) {
  return apiCall({ action: 'refreshing the session', anonymous: true }, (init) =>
    api.POST('/api/v1/auth/refresh', { ...init, body: { refresh_token: refreshToken } }),
  );
}

export function signOut() {
  return apiCall({ action: 'signing out' }, (init) => api.POST('/api/v1/auth/logout', init));
}
