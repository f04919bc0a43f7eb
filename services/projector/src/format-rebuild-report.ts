import type { RebuildReport } from './rebuild-read-models.js';

/** The rebuild report as text for a terminal: a headline, one line per table, one per sample. */
export function formatRebuildReport(report: RebuildReport): string {
  const verdict = report.identical
    ? 'live read models equal the rebuild'
    : 'live read models DIFFER from the rebuild';
  const lines = [
    `Read-model rebuild at position ${report.position} (${report.events_replayed} events replayed): ${verdict}` +
      (report.swapped ? '; live tables replaced' : ''),
  ];
  for (const table of report.tables) {
    const changed =
      table.rows_changed === undefined ? '' : `; ${table.rows_changed} rows changed by the swap`;
    lines.push(
      `${table.differences === 0 ? 'SAME' : 'DIFF'}  ${table.table}: ${table.live_rows} live rows, ` +
        `${table.rebuilt_rows} rebuilt rows, ${table.differences} differ${changed}`,
    );
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
  }
  return lines.join('\n');
}
