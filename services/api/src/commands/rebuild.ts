/**
 * `npm run rebuild-read-models [-- --projection NAME ...] [-- --swap]`: rebuilds every registered
 * projection (or the named ones) from position 0 into shadow tables, showing progress in events/s,
 * and compares them row by row with the live ones; with --swap, replaces the rows that differ
 * (blue/green, one transaction per projection with its checkpoint). Exits 1 when they differed
 * and were not swapped.
 */
import { formatRebuildReport, rebuildReadModels } from '@evalmarket/projector';
import { openConfiguredDatabase } from '../runtime/open-database.js';
import { selectProjections } from '../runtime/read-model-projections.js';
import { flagValues } from './flags.js';

const swap = process.argv.includes('--swap');
let projections;
try {
  projections = selectProjections(flagValues(process.argv, '--projection'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const { sql, store, where } = await openConfiguredDatabase();
try {
  const names = projections.map((projection) => projection.name).join(', ');
  console.log(`Rebuilding ${names} from position 0 in ${where}${swap ? ' (swap on)' : ''}`);
  let shown = 0;
  const report = await rebuildReadModels({
    sql,
    store,
    projections,
    swap,
    onProgress(progress) {
      if (progress.elapsed_ms - shown < 2_000 && progress.position < progress.up_to) return;
      shown = progress.elapsed_ms;
      console.log(
        `  ${progress.events} events replayed, position ${progress.position} of ${progress.up_to}, ` +
          `${progress.events_per_second} events/s`,
      );
    },
  });
  console.log(formatRebuildReport(report));
  process.exitCode = report.identical || report.swapped ? 0 : 1;
} finally {
  await sql.close();
}
