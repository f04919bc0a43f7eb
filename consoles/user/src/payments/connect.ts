import { apiCall, api } from '../api/client';

/**
 * Starts Stripe Connect onboarding for the signed-in evaluator: makes sure the payout account
 * exists, then returns the single-use onboarding link the browser goes to.
 */
export async function payoutOnboardingUrl(): Promise<string> {
  await apiCall({ action: 'creating the payout account' }, (init) =>
    api.POST('/api/v1/payments/connect/create-account', init),
  );
  const link = await apiCall({ action: 'starting bank account onboarding' }, (init) =>
    api.POST('/api/v1/payments/connect/onboarding-link', init),
  );
  return link.onboarding_url;
}
