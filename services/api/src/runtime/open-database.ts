import { connectDatabase, migrate, type SqlClient } from '@evalmarket/db';
import { createPostgresEventStore, type EventStore } from '@evalmarket/eventstore';
import { ConfigError, loadConfig } from '../config/config.js';

/** For the command-line tools: the configured database, migrated, with its event store. */
export async function openConfiguredDatabase(): Promise<{
  sql: SqlClient;
  store: EventStore;
  where: string;
}> {
  try {
    const config = loadConfig();
    const sql = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrate(sql);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    return { sql, store: createPostgresEventStore(sql), where };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
