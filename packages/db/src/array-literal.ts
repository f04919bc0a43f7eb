/**
 * Array parameters as PostgreSQL array literals, written the way `pg` writes them but faster.
 *
 * The set-based statements (a projection's group, the audit's keys, the event store's commits)
 * send columns of up to tens of thousands of values as arrays. `pg` turns each element into text
 * and quotes it with two regular-expression replaces, whether or not it holds a quote or a
 * backslash: on the 1M world that was about a tenth of the rebuild's and the audit's own CPU
 * time (docs/perf/2026-11-30-rebuild-cost-per-row.md). Here an element without either is quoted
 * as it is; the text is the same, character for character, as `pg`'s (array-literal.unit.spec.ts
 * checks it against `pg` itself).
 */

function quoted(text: string): string {
  // Two scans for a character are cheaper than one regular expression test.
  if (!text.includes('"') && !text.includes('\\')) return `"${text}"`;
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The literal of a flat array of strings, finite numbers, nulls and undefineds; undefined for
 * any other array (nested, dates, buffers, booleans, objects), which `pg` then writes itself.
 */
export function flatArrayLiteral(values: readonly unknown[]): string | undefined {
  let literal = '{';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) literal += ',';
    const value = values[index];
    if (value === null || value === undefined) literal += 'NULL';
    else if (typeof value === 'string') literal += quoted(value);
    else if (typeof value === 'number' && Number.isFinite(value)) literal += `"${value}"`;
    else return undefined;
  }
  return `${literal}}`;
}

/** The literal of a text[]: each element quoted as flatArrayLiteral quotes it. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map(quoted).join(',')}}`;
}

/** The statement's parameters with each flat array written as its literal (see flatArrayLiteral). */
export function withArrayLiterals(params: readonly unknown[]): unknown[] {
  return params.map((value) => (Array.isArray(value) ? (flatArrayLiteral(value) ?? value) : value));
}
