import { createOnboardingLink, createPayoutAccount } from '../api/payments';

/**
 * Starts Stripe Connect onboarding for the signed-in evaluator: makes sure the payout account
 * exists, then returns the single-use onboarding link the browser goes to.
 */
export async function payoutOnboardingUrl(): Promise<string> {
  await createPayoutAccount();
  const link = await createOnboardingLink();
  return link.onboarding_url;
}
