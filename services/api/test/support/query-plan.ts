import type { SqlClient } from '@evalmarket/db';

/**
 * The plan PostgreSQL (or PGlite) chooses for a statement, as text, with sequential scans off: a
 * test's small tables would be read whole whatever the index, and a plan test asks what the index
 * can do.
 */
export async function planWithoutSeqScan(client: SqlClient, statement: string, params: unknown[]) {
  return client.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
