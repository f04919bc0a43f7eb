import { randomBytes } from 'node:crypto';
import { createPgClient, createPgliteClient, type SqlClient } from '../../src/index.js';

/** Both kinds when a server is configured (DATABASE_URL), PGlite alone otherwise. */
export function databaseKinds(): Array<'postgres' | 'pglite'> {
  return process.env.DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
}

export interface EmptyDatabase {
  /** Opens a client on the database (PGlite: the same one each time, it is one connection). */
  connect(): SqlClient;
  drop(): Promise<void>;
}

/**
 * An empty throwaway database, not migrated (the testkit's helper cannot be used here: the
 * testkit depends on this package).
 */
export async function createEmptyDatabase(kind: 'postgres' | 'pglite'): Promise<EmptyDatabase> {
  if (kind === 'pglite') {
    const client = await createPgliteClient();
    return { connect: () => client, drop: () => client.close() };
  }
  const serverUrl = process.env.DATABASE_URL!;
  const name = `h_conv_migrate_${randomBytes(5).toString('hex')}`;
  const admin = createPgClient({ connectionString: serverUrl, maxConnections: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const clients: SqlClient[] = [];
  return {
    connect() {
      const client = createPgClient({ connectionString: url.toString(), maxConnections: 4 });
      clients.push(client);
      return client;
    },
    async drop() {
      for (const client of clients) await client.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
