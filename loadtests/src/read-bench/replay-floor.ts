/*
 * How fast this machine lets a whole-log command go at all. A rebuild (and the audit, which
 * replays every projection the same way to compare it) must at least have PostgreSQL read every
 * event of the log and write every row of the read models. Both are timed here in PostgreSQL
 * alone, with none of the work above them (no client, no JSON parsing, no projection handlers,
 * no index, no comparison), and the sum spread over every core gives a rate no rebuild or audit
 * can pass on this machine: the ceiling the bench prints beside their targets. The client's
 * floor beside it is the rebuild command reading the whole log and applying nothing
 * (logReadRate): its one thread decodes every event, however many cores PostgreSQL has.
 */
import { availableParallelism, cpus, type CpuInfo } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createPgClient } from '@evalmarket/db';

export interface ReportedTable {
  table: string;
  liveRows: number;
}

/** The tables a rebuild's report compared, with their live rows (`SAME  users: 20000 live rows, ...`). */
export function reportedTables(report: string): ReportedTable[] {
  return [...report.matchAll(/^(?:SAME|DIFF) {2}([a-z_][a-z0-9_]*): (\d+) live rows/gm)].map((match) => ({
    table: match[1]!,
    liveRows: Number(match[2]),
  }));
}

/**
 * The rate `rebuild-read-models -- --read-only` read the whole log at, from its last line (`Read
 * N events in S s (R events/s), applying nothing...`): the client's floor. A rebuild and an audit
 * read the log the same way, in one process, so neither passes it. Undefined when the line is
 * missing (the command failed).
 */
export function logReadRate(output: string): number | undefined {
  const match = /^Read (\d+) events in [\d.]+ s \((\d+) events\/s\), applying nothing/m.exec(output);
  return match ? Number(match[2]) : undefined;
}

export interface ReplayFloor {
  /** PostgreSQL reading every event: each packed body decompressed, each row's JSON rendered. */
  readSeconds: number;
  /** PostgreSQL writing a copy of every read model's rows into unlogged tables without indexes. */
  writeSeconds: number;
  cores: number;
}

/** The most events/s a whole-log command could reach, were the floor's work all it did, on every core. */
export function ceilingRate(events: number, floor: ReplayFloor): number {
  return events / ((floor.readSeconds + floor.writeSeconds) / floor.cores);
}

/**
 * Milliseconds every core has spent busy (all but idle) since the machine started. Two readings
 * around a command, on a machine doing nothing else, give what it cost in core-seconds,
 * PostgreSQL's backends included.
 */
export function busyMilliseconds(cores: readonly Pick<CpuInfo, 'times'>[] = cpus()): number {
  return cores.reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
}

/**
 * A whole-log command's core-seconds per million events, beside what its target rate allows on
 * these cores: at `target` events/s, `cores` cores have cores / target seconds an event.
 */
export function coreSecondsLine(coreSeconds: number, events: number, cores: number, target: number): string {
  const used = (coreSeconds / events) * 1e6;
  const allowed = (cores / target) * 1e6;
  return `${coreSeconds.toFixed(1)} core-seconds, ${used.toFixed(1)} per million events; ${target.toLocaleString('en')} events/s on ${cores} cores allows ${allowed.toFixed(1)}`;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await run();
  return (performance.now() - startedAt) / 1000;
}

/**
 * Times the floor on the world: one connection without a statement timeout, the copies in a
 * schema of their own, dropped afterwards.
 */
export async function measureReplayFloor(
  databaseUrl: string,
  tables: readonly ReportedTable[],
): Promise<ReplayFloor> {
  const sql = createPgClient({ connectionString: databaseUrl, maxConnections: 1, statementTimeoutMs: 0 });
  const schema = `bench_floor_${randomBytes(4).toString('hex')}`;
  try {
    const readSeconds = await timed(async () => {
      await sql.query('SELECT sum(length(events)) FROM event_batches');
      await sql.query('SELECT sum(length(data::text) + length(metadata::text)) FROM events');
    });
    await sql.query(`CREATE SCHEMA ${schema}`);
    let writeSeconds = 0;
    for (const { table } of tables) {
      await sql.query(`CREATE UNLOGGED TABLE ${schema}.${table} (LIKE public.${table})`);
      writeSeconds += await timed(() =>
        sql.query(`INSERT INTO ${schema}.${table} SELECT * FROM public.${table}`),
      );
    }
    return { readSeconds, writeSeconds, cores: availableParallelism() };
  } finally {
    await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await sql.close();
  }
}
