import { api, apiCall } from './client';

/** The payments domain: Stripe configuration, card setup and the evaluator's Connect payout account. */

export function getPaymentConfig() {
  return apiCall({ action: 'loading the payment configuration', anonymous: true }, (init) =>
    api.GET('/api/v1/payments/config', init),
  );
}

/** Where a SetupIntent for a saved card is created; the path decides which flow records it. */
export type CardSetupPath = '/api/v1/wallet/setup-payment-method' | '/api/v1/payments/setup-spending';

export function startCardSetup(path: CardSetupPath) {
  return apiCall({ action: 'initializing payment setup' }, (init) => api.POST(path, init));
}

export function getSetupStatus(signal?: AbortSignal) {
  return apiCall({ action: 'loading payment setup', signal }, (init) =>
    api.GET('/api/v1/payments/setup-status', init),
  );
}

export function getPayoutStatus() {
  return apiCall({ action: 'loading the payout status' }, (init) =>
    api.GET('/api/v1/payments/connect/status', init),
  );
}

export function verifyBank() {
  return apiCall({ action: 'refreshing the payout status' }, (init) =>
    api.POST('/api/v1/payments/verify-bank', init),
  );
}

export function createPayoutAccount() {
  return apiCall({ action: 'creating the payout account' }, (init) =>
    api.POST('/api/v1/payments/connect/create-account', init),
  );
}

export function createOnboardingLink() {
  return apiCall({ action: 'starting bank account onboarding' }, (init) =>
    api.POST('/api/v1/payments/connect/onboarding-link', init),
  );
}

export function createDashboardLink() {
  return apiCall({ action: 'opening the account dashboard' }, (init) =>
    api.POST('/api/v1/payments/connect/dashboard-link', init),
  );
}

export function disconnectPayoutAccount() {
  return apiCall({ action: 'disconnecting' }, (init) =>
    api.POST('/api/v1/payments/connect/disconnect', init),
  );
}
