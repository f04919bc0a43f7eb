import type { LedgerResult } from '@evalmarket/ledger-writer';
import { AppError, ConflictError } from '../http/errors.js';

type Rejected = Extract<LedgerResult, { ok: false }>;

/** Statuses for the ledger's named rejections: bad input 422, clashes with the books 409. */
const INPUT_REJECTIONS = new Set([
  'invalid_id',
  'amount_must_be_integer',
  'amount_must_be_positive',
  'amount_exceeds_maximum',
  'reason_required',
  'unknown_account',
  'same_account',
  'purchase_below_minimum',
  'cashout_not_whole_cents',
  'cashout_below_minimum',
]);

export function ledgerRejectionError(result: Rejected): AppError {
  if (result.rejection === 'ledger_unavailable') {
    return new AppError(503, 'ledger_unavailable', result.message, { headers: { 'retry-after': '1' } });
  }
  if (INPUT_REJECTIONS.has(result.rejection)) {
    return new AppError(422, result.rejection, result.message);
  }
  return new ConflictError(result.message, result.rejection);
}
