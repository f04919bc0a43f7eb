import type { SqlExecutor } from '@evalmarket/db';

/** The stored position of a projection; 0 when it has never run. */
export async function readCheckpoint(sql: SqlExecutor, projection: string): Promise<number> {
  const { rows } = await sql.query<{ position: number }>(
    'SELECT position FROM projection_checkpoints WHERE projection = $1',
    [projection],
  );
  return rows[0] ? Number(rows[0].position) : 0;
}

/**
 * Reads the checkpoint and locks its row until the transaction ends, creating the row at 0 the
 * first time. Two projector processes on one database therefore take turns batch by batch, and
 * the second one sees what the first one wrote.
 */
export async function lockCheckpoint(tx: SqlExecutor, projection: string): Promise<number> {
  const select = 'SELECT position FROM projection_checkpoints WHERE projection = $1 FOR UPDATE';
  let { rows } = await tx.query<{ position: number }>(select, [projection]);
  if (!rows[0]) {
    await tx.query(
      'INSERT INTO projection_checkpoints (projection, position) VALUES ($1, 0) ON CONFLICT (projection) DO NOTHING',
      [projection],
    );
    ({ rows } = await tx.query<{ position: number }>(select, [projection]));
  }
  return Number(rows[0]?.position ?? 0);
}

export async function writeCheckpoint(tx: SqlExecutor, projection: string, position: number): Promise<void> {
  await tx.query(
    `INSERT INTO projection_checkpoints (projection, position, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (projection) DO UPDATE SET position = EXCLUDED.position, updated_at = EXCLUDED.updated_at`,
    [projection, position],
  );
}
