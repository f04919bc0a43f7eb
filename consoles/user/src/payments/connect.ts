import { apiRequest } from '../api/client';

/**
 * Starts Stripe Connect onboarding for the signed-in evaluator: makes sure the payout account
 * exists, then returns the single-use onboarding link the browser goes to.
 */
export async function payoutOnboardingUrl(): Promise<string> {
  await apiRequest('/api/v1/payments/connect/create-account', {
    method: 'POST',
    action: 'creating the payout account',
  });
  const link = await apiRequest<{ onboarding_url: string }>('/api/v1/payments/connect/onboarding-link', {
    method: 'POST',
    action: 'starting bank account onboarding',
  });
  return link.onboarding_url;
}
