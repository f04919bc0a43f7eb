const whole = new Intl.NumberFormat('en-US');

/** 12,345 */
export function formatCredits(credits: number): string {
  return whole.format(credits);
}

/** $12.35 and -$1.00; credits shown as dollars (1 USD = 1,000 credits). */
export { formatUsd, formatUsdFromCredits as creditsToUsd } from '@evalmarket/contracts';

/** Dates in en-US format (spec 001 section 9). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A message for a caught error: an ApiError's or Error's message, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
