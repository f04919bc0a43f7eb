/** 1,000 credits = 1 USD (spec 000); shown with both units where money is shown. */
export { CREDITS_PER_USD } from '@evalmarket/contracts';

export function formatCredits(credits: number | null | undefined): string {
  if (credits === null || credits === undefined) return '—';
  return `${credits.toLocaleString('en-US')} credits`;
}

export { formatUsdFromCredits } from '@evalmarket/contracts';
