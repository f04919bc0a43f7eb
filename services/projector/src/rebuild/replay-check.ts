import type { CheckResult } from '../audit-ledger.js';
import type { ProjectionComparison } from './shadow-replay.js';

/** Check 4's part for the projections' tables: each differing row named, with its columns. */
export function recordReplayComparisons(
  results: readonly ProjectionComparison[],
  matches: CheckResult,
): void {
  const parts: string[] = [];
  for (const result of results) {
    if (result.error) {
      matches.fail(`projection ${result.projection}: ${result.error}`);
      parts.push(`${result.projection} not replayed`);
      continue;
    }
    let rows = 0;
    let differing = 0;
    for (const table of result.tables) {
      rows += table.live_rows;
      differing += table.differences;
      for (const sample of table.samples) {
        const where = `${result.projection}: ${table.table} ${sample.key}`;
        if (sample.missing_in === 'live')
          matches.fail(`${where}: missing from the read model, present in the replay`);
        else if (sample.missing_in === 'rebuilt')
          matches.fail(`${where}: in the read model, not in the replay`);
        else {
          const columns = sample.columns.map(
            (c) =>
              `${c.column} is ${JSON.stringify(c.live)} in the read model, ${JSON.stringify(c.rebuilt)} in the replay`,
          );
          matches.fail(`${where}: ${columns.join('; ')}`);
        }
      }
      // Rows beyond the samples count as failures too, without a description each.
      for (let i = table.samples.length; i < table.differences; i += 1) matches.count += 1;
    }
    parts.push(
      differing
        ? `${result.projection}: ${differing} row(s) differ at checkpoint ${result.position}`
        : `${result.projection}: ${result.tables.length} table(s), ${rows} rows equal the replay at checkpoint ${result.position}`,
    );
  }
  matches.summary = [matches.summary, ...parts].filter(Boolean).join('; ');
}
