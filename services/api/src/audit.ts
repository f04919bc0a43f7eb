/**
 * `npm run audit`: replays the whole log and checks the books (sum of balances 0, no user account
 * ever negative, each money event applied once, read models equal the replay, hash chain
 * intact). Prints a readable report; exits 1 when any check fails.
 */
import { auditLedger, formatAuditReport } from '@evalmarket/projector';
import { openConfiguredDatabase } from './runtime/open-database.js';

const { sql, store, where } = await openConfiguredDatabase();
try {
  console.log(`Auditing the ledger in ${where}`);
  const report = await auditLedger({ sql, store, catchUpTimeoutMs: 0 });
  console.log(formatAuditReport(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await sql.close();
}
