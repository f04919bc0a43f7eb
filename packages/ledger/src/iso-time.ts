/*
 * Epoch milliseconds <-> ISO-8601 for reward expiries, memoised on the last value. The writer
 * decides a whole batch with one `now` and mostly one lease length, so consecutive reservations
 * share an expiry: the memo skips a Date allocation per decide and a parse per evolve on the hot
 * path. Results are exactly those of Date, so the functions stay pure in effect.
 */

let formattedMs = Number.NaN;
// Stryker disable next-line StringLiteral: NaN equals nothing, so the first call always computes.
let formattedIso = '';

export function isoFromEpochMs(epochMs: number): string {
  // Stryker disable next-line ConditionalExpression: always computing gives the same text (equivalent).
  if (epochMs !== formattedMs) {
    formattedIso = new Date(epochMs).toISOString();
    formattedMs = epochMs;
  }
  return formattedIso;
}

// Stryker disable next-line StringLiteral: the first call always parses, as parsedMs is NaN until then.
let parsedIso = '';
let parsedMs = Number.NaN;

export function epochMsFromIso(iso: string): number {
  // Stryker disable next-line ConditionalExpression: always parsing gives the same number (equivalent).
  if (iso !== parsedIso) {
    parsedMs = Date.parse(iso);
    parsedIso = iso;
  }
  return parsedMs;
}
