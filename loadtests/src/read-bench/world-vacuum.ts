import { createPgClient } from '@evalmarket/db';

/**
 * A deployment's autovacuum keeps the world's statistics and visibility maps current as it is
 * written; this machine's server, like CI's, runs without it. There, what the previous run's
 * evaluation loop wrote (and a migration's backfill) stays unvacuumed: dead rows, statistics from
 * before (and, before migration 030 took them away, GIN pending lists that every search read
 * whole). So with autovacuum off the bench runs VACUUM (ANALYZE) first, as
 * `seed:scale` does when it finishes; the seconds it took, or undefined with autovacuum on. On a
 * connection of its own, without the pool's statement timeout (a large world takes minutes).
 */
export async function vacuumWithoutAutovacuum(databaseUrl: string): Promise<number | undefined> {
  const sql = createPgClient({ connectionString: databaseUrl, maxConnections: 1, statementTimeoutMs: 0 });
  try {
    const { rows } = await sql.query<{ autovacuum: string }>('SHOW autovacuum');
    if (rows[0]?.autovacuum === 'on') return undefined;
    const startedAt = performance.now();
    await sql.query('VACUUM (ANALYZE)');
    return (performance.now() - startedAt) / 1000;
  } finally {
    await sql.close();
  }
}
