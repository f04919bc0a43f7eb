/**
 * `npm run rebuild-read-models [-- --projection NAME ...] [-- --swap]`: rebuilds every registered
 * projection (or the named ones) from position 0 into shadow tables, showing progress in events/s,
 * and compares them row by row with the live ones; with --swap, replaces the rows that differ
 * (blue/green, one transaction per projection with its checkpoint). Exits 1 when they differed
 * and were not swapped. `-- --read-only` reads the whole log as a rebuild does and applies nothing:
 * the rate no rebuild or audit passes in this process (the bench prints it as the client's floor).
 */
import {
  formatRebuildReport,
  readLogOnly,
  rebuildReadModels,
  type RebuildProgress,
} from '@evalmarket/projector';
import { openConfiguredDatabase } from '../runtime/open-database.js';
import { selectProjections } from '../runtime/read-model-projections.js';
import { flagValues } from './flags.js';

const swap = process.argv.includes('--swap');
const readOnly = process.argv.includes('--read-only');
if (readOnly && swap) {
  console.error('--read-only applies nothing, so it cannot --swap');
  process.exit(2);
}
let projections;
try {
  projections = selectProjections(flagValues(process.argv, '--projection'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const { sql, store, where } = await openConfiguredDatabase();
let shown = 0;
/** A progress line every 2 s, and the last page's. */
const showProgress = (progress: RebuildProgress) => {
  if (progress.elapsed_ms - shown < 2_000 && progress.position < progress.up_to) return;
  shown = progress.elapsed_ms;
  console.log(
    `  ${progress.events} events ${readOnly ? 'read' : 'replayed'}, position ${progress.position} of ${progress.up_to}, ` +
      `${progress.events_per_second} events/s`,
  );
};
try {
  if (readOnly) {
    console.log(`Reading the log from position 0 in ${where}, applying nothing`);
    const read = await readLogOnly(store, { onProgress: showProgress });
    console.log(
      `Read ${read.events} events in ${(read.duration_ms / 1000).toFixed(1)} s (${read.events_per_second} events/s), ` +
        'applying nothing: no rebuild or audit reads the log faster in one process',
    );
  } else {
    const names = projections.map((projection) => projection.name).join(', ');
    console.log(`Rebuilding ${names} from position 0 in ${where}${swap ? ' (swap on)' : ''}`);
    const report = await rebuildReadModels({ sql, store, projections, swap, onProgress: showProgress });
    console.log(formatRebuildReport(report));
    process.exitCode = report.identical || report.swapped ? 0 : 1;
  }
} finally {
  await sql.close();
}
