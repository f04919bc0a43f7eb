import { sqlLiteral, type QueryResult, type SqlExecutor } from '@evalmarket/db';

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
 * the second one sees what the first one wrote. `begun` is the result of `lockCheckpointStatement`
 * when it went with BEGIN (`TransactionOptions.begin`), which saves a round trip.
 */
export async function lockCheckpoint(
  tx: SqlExecutor,
  projection: string,
  begun?: QueryResult,
): Promise<number> {
  const select = lockCheckpointStatement(projection);
  let rows = (begun ?? (await tx.query(select))).rows;
  if (!rows[0]) {
    await tx.query(
      'INSERT INTO projection_checkpoints (projection, position) VALUES ($1, 0) ON CONFLICT (projection) DO NOTHING',
      [projection],
    );
    ({ rows } = await tx.query(select));
  }
  return Number(rows[0]?.position ?? 0);
}

/** The locking read of `lockCheckpoint`, without parameters so that it can go with BEGIN. */
export function lockCheckpointStatement(projection: string): string {
  return `SELECT position FROM projection_checkpoints WHERE projection = ${sqlLiteral(projection)} FOR UPDATE`;
}

/** The checkpoint write, without parameters so that it can go with COMMIT (`beforeCommit`). */
export function writeCheckpointStatement(projection: string, position: number): string {
  if (!Number.isSafeInteger(position) || position < 0) throw new Error(`not a log position: ${position}`);
  // Moving past the event a projection was stuck at clears that record (see projection-stuck.ts).
  return `INSERT INTO projection_checkpoints (projection, position, updated_at) VALUES (${sqlLiteral(projection)}, ${position}, now())
     ON CONFLICT (projection) DO UPDATE SET position = EXCLUDED.position, updated_at = EXCLUDED.updated_at,
       stuck = CASE WHEN (projection_checkpoints.stuck->>'failed_position')::bigint <= EXCLUDED.position
         THEN NULL ELSE projection_checkpoints.stuck END`;
}

export async function writeCheckpoint(tx: SqlExecutor, projection: string, position: number): Promise<void> {
  await tx.query(writeCheckpointStatement(projection, position));
}
