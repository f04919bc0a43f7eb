import { AppError } from '../../http/errors.js';
import { ledgerRejectionError } from '../../ledger/ledger-rejection-error.js';
import type { LoopProblem } from './loop-problems.js';

/* Between the loop's plain-JSON problems and the API's error replies. */

/** A ledger rejection as the loop tells it (the reply every route gives for it). */
export function ledgerProblem(result: { ok: false; rejection: string; message: string }): LoopProblem {
  const error = ledgerRejectionError(result as Parameters<typeof ledgerRejectionError>[0]);
  return { status: error.status, code: error.code, detail: error.detail, headers: { ...error.headers } };
}

/** The error reply of a problem (the HTTP side throws it). */
export function problemError(problem: LoopProblem): AppError {
  return new AppError(problem.status, problem.code, problem.detail, { headers: problem.headers });
}
