/**
 * `npm run rebuild-read-models [-- --swap]`: rebuilds the read models from position 0 into
 * shadow tables and compares them with the live ones; with --swap, replaces the live contents
 * (blue/green) in one transaction. Exits 1 when they differed and were not swapped.
 */
import { formatRebuildReport, rebuildReadModels } from '@evalmarket/projector';
import { openConfiguredDatabase } from './runtime/open-database.js';

const swap = process.argv.includes('--swap');
const { sql, store, where } = await openConfiguredDatabase();
try {
  console.log(`Rebuilding read models from position 0 in ${where}${swap ? ' (swap on)' : ''}`);
  const report = await rebuildReadModels({ sql, store, swap });
  console.log(formatRebuildReport(report));
  process.exitCode = report.identical || report.swapped ? 0 : 1;
} finally {
  await sql.close();
}
