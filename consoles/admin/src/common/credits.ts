/** 1,000 credits = 1 USD (spec 000); shown with both units where money is shown. */
export const CREDITS_PER_USD = 1000;

export function formatCredits(credits: number | null | undefined): string {
  if (credits === null || credits === undefined) return '—';
  return `${credits.toLocaleString('en-US')} credits`;
}

export function formatUsdFromCredits(credits: number): string {
  return (credits / CREDITS_PER_USD).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
