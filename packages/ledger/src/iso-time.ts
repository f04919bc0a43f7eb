/*
 * Epoch milliseconds <-> ISO-8601 for reward expiries, memoised on the last value. The writer
 * decides a whole batch with one `now` and mostly one lease length, so consecutive reservations
 * share an expiry: the memo skips a Date allocation per decide and a parse per evolve on the hot
 * path. Results are exactly those of Date, so the functions stay pure in effect.
 */

let formattedMs = Number.NaN;
let formattedIso = '';

export function isoFromEpochMs(epochMs: number): string {
  if (epochMs !== formattedMs) {
    formattedIso = new Date(epochMs).toISOString();
    formattedMs = epochMs;
  }
  return formattedIso;
}

let parsedIso = '';
let parsedMs = Number.NaN;

export function epochMsFromIso(iso: string): number {
  if (iso !== parsedIso) {
    parsedMs = Date.parse(iso);
    parsedIso = iso;
  }
  return parsedMs;
}
