import {
  connectDatabase,
  DataDirInUseError,
  migrate,
  MigrationChangedError,
  SchemaTooNewError,
  type SqlClient,
} from '@evalmarket/db';
import { createPostgresEventStore, type EventStore } from '@evalmarket/eventstore';
import { ConfigError, loadConfig } from '../config/config.js';

/** For the command-line tools: the configured database, not migrated, and where it is. */
export async function openConfiguredConnection(): Promise<{ sql: SqlClient; where: string }> {
  try {
    const config = loadConfig();
    const sql = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    return { sql, where };
  } catch (error) {
    exitOnStartupError(error, 2);
  }
}

/** For the command-line tools: the configured database, migrated, with its event store. */
export async function openConfiguredDatabase(): Promise<{
  sql: SqlClient;
  store: EventStore;
  where: string;
}> {
  const { sql, where } = await openConfiguredConnection();
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close();
    exitOnStartupError(error);
  }
  return { sql, store: createPostgresEventStore(sql), where };
}

/**
 * A mistake a person fixes (configuration, a data directory in use, a schema from another
 * release) is printed as its message alone and ends the process; anything else is rethrown.
 */
export function exitOnStartupError(error: unknown, configExitCode = 1): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(configExitCode);
  }
  if (
    error instanceof DataDirInUseError ||
    error instanceof SchemaTooNewError ||
    error instanceof MigrationChangedError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
