import { CASHOUT_FEE_PERCENT, CREDITS_PER_CENT } from '@evalmarket/contracts';

export interface CashoutBreakdown {
  gross_credits: number;
  fee_credits: number;
  net_credits: number;
}

/**
 * The platform fee on a cash-out, in credits: CASHOUT_FEE_PERCENT of the gross, in cents, rounded
 * half up to a whole cent:
 *
 *   gross_cents = gross_credits / CREDITS_PER_CENT
 *   fee_cents   = round_half_up(gross_cents x CASHOUT_FEE_PERCENT / 100)
 *               = floor((2 x gross_credits x CASHOUT_FEE_PERCENT + 100 x CREDITS_PER_CENT) / (2 x 100 x CREDITS_PER_CENT))
 *   fee_credits = fee_cents x CREDITS_PER_CENT
 *
 * Computed with BigInt so no step ever rounds: 12,340 credits (1,234 cents) -> 123.4 -> 123 cents
 * = 1,230 credits; 50 credits (5 cents) -> 0.5 -> 1 cent = 10 credits; 10 credits -> 0.
 *
 * @throws RangeError when `grossCredits` is not a non-negative safe integer (decide checks first).
 */
export function cashoutFee(grossCredits: number): number {
  if (!Number.isSafeInteger(grossCredits) || grossCredits < 0) {
    throw new RangeError(`cashoutFee needs a non-negative safe integer, got ${String(grossCredits)}`);
  }
  const numerator = BigInt(grossCredits) * BigInt(CASHOUT_FEE_PERCENT);
  const denominator = BigInt(100 * CREDITS_PER_CENT);
  // round half up of numerator / denominator, for non-negative values: floor((2n + d) / 2d).
  const feeCents = (2n * numerator + denominator) / (2n * denominator);
  return Number(feeCents) * CREDITS_PER_CENT;
}

/** Gross, fee and net of a cash-out (net = gross - fee), as the cash-out screen shows them. */
export function cashoutBreakdown(grossCredits: number): CashoutBreakdown {
  const feeCredits = cashoutFee(grossCredits);
  return { gross_credits: grossCredits, fee_credits: feeCredits, net_credits: grossCredits - feeCredits };
}
