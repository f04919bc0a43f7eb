import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createPgClient } from './pg-client.js';
import { lockDataDir } from './data-dir-lock.js';
import { createPgliteClient } from './pglite-client.js';
import type { SqlClient } from './sql-client.js';

export interface ConnectOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Where the embedded database lives (`{dataDir}/pglite`); absent means in memory. */
  dataDir?: string;
  maxConnections?: number;
}

export async function connectDatabase(options: ConnectOptions): Promise<SqlClient> {
  if (options.databaseUrl) {
    return createPgClient({ connectionString: options.databaseUrl, maxConnections: options.maxConnections });
  }
  if (!options.dataDir) return createPgliteClient();
  const directory = path.resolve(options.dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  const unlock = await lockDataDir(directory);
  try {
    const client = await createPgliteClient({ dataDir: directory });
    return {
      ...client,
      async close() {
        await client.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
