/**
 * `npm run audit [-- --max-lag N]`: replays the whole log and checks the books (sum of balances
 * 0, no user account ever negative, each money event applied once, every registered projection's
 * read models equal a replay into shadow tables,
 * hash chain intact) and the projections (none stopped at an event, none more than N events
 * behind the head, default 1,000). Prints a readable report; exits 1 when any check fails.
 */
import { auditLedger, DEFAULT_MAX_PROJECTION_LAG, formatAuditReport } from '@evalmarket/projector';
import { openConfiguredDatabase } from '../runtime/open-database.js';
import { READ_MODEL_PROJECTIONS } from '../runtime/read-model-projections.js';

const lagFlag = process.argv.indexOf('--max-lag');
const maxProjectionLag = lagFlag > 0 ? Number(process.argv[lagFlag + 1]) : DEFAULT_MAX_PROJECTION_LAG;
if (!Number.isSafeInteger(maxProjectionLag) || maxProjectionLag < 0) {
  console.error('--max-lag takes a whole number of events');
  process.exit(2);
}

const { sql, store, where } = await openConfiguredDatabase();
try {
  console.log(`Auditing the ledger in ${where}`);
  const report = await auditLedger({
    sql,
    store,
    catchUpTimeoutMs: 0,
    maxProjectionLag,
    projections: READ_MODEL_PROJECTIONS,
  });
  console.log(formatAuditReport(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await sql.close();
}
