import { randomBytes } from 'node:crypto';
import { createPgClient, createPgliteClient, migrate, type SqlClient } from '@evalmarket/db';

export interface TestDatabase {
  client: SqlClient;
  /** `postgres` when DATABASE_URL points at a server, `pglite` otherwise. */
  kind: 'postgres' | 'pglite';
  /** Connection string of the throwaway database (postgres only), for a second client. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new database on the server named by
 * DATABASE_URL (dropped afterwards), or an in-memory PGlite when it is not set.
 */
export async function createTestDatabase(
  options: { migrate?: boolean; kind?: 'postgres' | 'pglite'; maxConnections?: number } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const kind = options.kind ?? (serverUrl ? 'postgres' : 'pglite');
  let db: TestDatabase;
  if (kind === 'pglite') {
    const client = await createPgliteClient();
    db = { client, kind, drop: () => client.close() };
  } else {
    if (!serverUrl) throw new Error('DATABASE_URL is required for a postgres test database');
    const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = createPgClient({ connectionString: serverUrl, maxConnections: 1 });
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const client = createPgClient({
      connectionString: url.toString(),
      maxConnections: options.maxConnections ?? 20,
    });
    db = {
      client,
      kind,
      url: url.toString(),
      async drop() {
        await client.close();
        const cleaner = createPgClient({ connectionString: serverUrl, maxConnections: 1 });
        await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleaner.close();
      },
    };
  }
  if (options.migrate !== false) await migrate(db.client);
  return db;
}

/** Both kinds when a server is configured, so contract suites run on PostgreSQL and PGlite. */
export function databaseKinds(): Array<'postgres' | 'pglite'> {
  return process.env.DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
}
