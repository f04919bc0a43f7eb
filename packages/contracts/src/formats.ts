// The browser build: plain ESM with its own Buffer shim, so the consoles can bundle it too.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { CREDITS_PER_USD } from './money.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $1,234.50, and -$1.00 for a negative amount (never "$-1.00"); cents unless told otherwise. */
export function formatUsd(amount: number, fractionDigits = 2): string {
  if (fractionDigits === 2) return usd.format(amount);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** Credits as dollars: 1 USD = 1,000 credits. */
export function formatUsdFromCredits(credits: number): string {
  return usd.format(credits / CREDITS_PER_USD);
}

/**
 * The one CSV writer of every export (the API's files and the staff console's downloads): a
 * header row, then one row per record, CRLF line ends (RFC 4180), quotes only where needed.
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage
 * return) gets a leading apostrophe; numbers, negative ones included, stay numbers. Nested
 * values are written as JSON, dates as ISO 8601, null and undefined as empty cells.
 * `header: false` writes the rows alone: a streamed export writes its first page with the header
 * and every later page without, so the file equals one written whole.
 */
export function toCsv<Column extends string>(
  columns: readonly Column[],
  records: ReadonlyArray<Partial<Record<Column, unknown>>>,
  options: { header?: boolean } = {},
): string {
  return stringify([...records], {
    header: options.header ?? true,
    columns: [...columns],
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: {
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
      object: (value) => JSON.stringify(value),
    },
  });
}
