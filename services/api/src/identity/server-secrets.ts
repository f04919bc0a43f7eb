import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '@evalmarket/db';

/**
 * A secret the server makes for itself the first time it needs it and keeps in the database, so
 * every replica and every restart uses the same one. Concurrent first calls agree on one value.
 */
export async function serverSecret(sql: SqlExecutor, name: string, bytes = 32): Promise<Buffer> {
  await sql.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(bytes),
  ]);
  const { rows } = await sql.query<{ value: Uint8Array }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [name],
  );
  return Buffer.from(rows[0]!.value);
}
