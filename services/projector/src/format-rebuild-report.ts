import type { RebuildReport } from './rebuild-read-models.js';
import type { TableComparison } from './rebuild/compare-tables.js';

/** The rebuild report as text for a terminal: a headline, one line per projection, table and sample. */
export function formatRebuildReport(report: RebuildReport): string {
  const verdict = report.identical
    ? 'live read models equal the rebuild'
    : 'live read models DIFFER from the rebuild';
  const lines = [
    `Read-model rebuild at position ${report.position} (${report.events_replayed} events replayed, ` +
      `${report.events_per_second} events/s): ${verdict}` +
      (report.swapped ? '; live tables replaced' : ''),
  ];
  for (const projection of report.projections) {
    lines.push(
      projection.error
        ? `FAIL  projection ${projection.projection}: ${projection.error}`
        : `${projection.identical ? 'SAME' : 'DIFF'}  projection ${projection.projection} at position ${projection.position}`,
    );
    for (const table of projection.tables) lines.push(...tableLines(table));
  }
  return lines.join('\n');
}

function tableLines(table: TableComparison): string[] {
  const changed = table.rows_changed === undefined ? '' : `; ${table.rows_changed} rows changed by the swap`;
  const lines = [
    `${table.differences === 0 ? 'SAME' : 'DIFF'}  ${table.table}: ${table.live_rows} live rows, ` +
      `${table.rebuilt_rows} rebuilt rows, ${table.differences} differ${changed}`,
  ];
  for (const sample of table.samples) {
    if (sample.missing_in) {
      lines.push(
        `        - ${sample.key}: only in the ${sample.missing_in === 'live' ? 'rebuild' : 'live table'}`,
      );
    } else {
      const columns = sample.columns.map(
        (c) => `${c.column} is ${JSON.stringify(c.live)} live, ${JSON.stringify(c.rebuilt)} rebuilt`,
      );
      lines.push(`        - ${sample.key}: ${columns.join('; ')}`);
    }
  }
  const untold = table.differences - table.samples.length;
  if (untold > 0) lines.push(`        ... and ${untold} more`);
  return lines;
}
