/**
 * `npm run migrate`: applies the pending migrations of the configured database, each in its own
 * transaction, before new processes start (they would apply them too, but a deployment can do it
 * once, ahead). `npm run migrate -- status` lists each migration as applied, pending, changed
 * (edited after it was applied) or unknown (from a newer release), and exits 1 on the last two.
 */
import { migrate, migrationStatus, type MigrationStatus } from '@evalmarket/db';
import { exitOnStartupError, openConfiguredConnection } from '../runtime/open-database.js';

const USAGE =
  'Usage: npm run migrate            apply pending migrations\n       npm run migrate -- status  list them';
const [command = 'up'] = process.argv.slice(2);
if (command !== 'up' && command !== 'status') {
  console.error(USAGE);
  process.exit(2);
}

const { sql, where } = await openConfiguredConnection();
try {
  if (command === 'status') {
    const status = await migrationStatus(sql);
    console.log(formatStatus(status, where));
    const troubled = status.migrations.some(
      (entry) => entry.state === 'changed' || entry.state === 'unknown',
    );
    process.exitCode = troubled ? 1 : 0;
  } else {
    const applied = await migrate(sql);
    console.log(
      applied.length
        ? `Applied migrations ${applied.join(', ')} to ${where}.`
        : `${where} is up to date; no migration to apply.`,
    );
  }
} catch (error) {
  await sql.close();
  exitOnStartupError(error);
}
await sql.close();

function formatStatus(status: MigrationStatus, where: string): string {
  const lines = status.migrations.map((entry) => {
    const version = String(entry.version).padStart(3, '0');
    const when = entry.appliedAt ? ` ${entry.appliedAt.toISOString()}` : '';
    return `  ${version} ${entry.name.padEnd(24)} ${entry.state}${when}`;
  });
  return [
    `Migrations of ${where}: database at ${status.databaseVersion}, this release knows ${status.knownVersion}.`,
    ...lines,
  ].join('\n');
}
