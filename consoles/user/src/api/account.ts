import { api, apiCall } from './client';

/** The account domain: the profile, its email change and the spending/earning context. */

export function getProfile(signal?: AbortSignal) {
  return apiCall({ action: 'fetching the profile', signal }, (init) => api.GET('/api/v1/profile/', init));
}

export function updateProfile(names: { first_name: string; last_name: string }) {
  return apiCall({ action: 'updating the profile' }, (init) =>
    api.PUT('/api/v1/profile/', { ...init, body: names }),
  );
}

export function requestEmailChange(newEmail: string) {
  return apiCall({ action: 'changing email' }, (init) =>
    api.POST('/api/v1/profile/change-email', { ...init, body: { new_email: newEmail } }),
  );
}

/** Public: the link in the email carries the token, the person may be signed out. */
export function verifyEmailChange(token: string) {
  return apiCall({ action: 'verifying email change', anonymous: true }, (init) =>
    api.GET('/api/v1/auth/verify-email-change/{token}', { ...init, params: { path: { token } } }),
  );
}

export function switchContext(context: 'spending' | 'earning') {
  return apiCall({ action: 'switching context' }, (init) =>
    api.POST('/api/v1/auth/set-context', { ...init, body: { context } }),
  );
}
