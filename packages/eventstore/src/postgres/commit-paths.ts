import type { SqlClient, SqlExecutor } from '@evalmarket/db';
import type { LogHead } from '../packed-journal.js';
import { EventStoreError, type CommitOutcome } from '../port.js';
import {
  isBatchesOnly,
  planCommit,
  type Checked,
  type CommitPlan,
  type KeyRow,
  type LogState,
} from './commit-plan.js';
import { APPEND_LOCK_KEY, insertEvents, readHead, readPositions } from './event-rows.js';
import { insertBatchSql } from './packed-batch.js';

/**
 * Writes checked units. A plan made in advance that only writes packed batches (the ledger
 * writer's usual commit) goes as one script; anything else, or a plan whose head moved, is
 * planned and written in one transaction under the append lock.
 */
export function createCommitPaths(sql: SqlClient, now: () => Date) {
  const recordedAt = () => now().toISOString();

  /** Plans a commit of packed units only on top of `after`, before the lock is taken. */
  function planAhead(checked: readonly Checked[], after: LogHead): CommitPlan {
    return planCommit(checked, after, emptyLogState(), recordedAt());
  }

  /**
   * Writes the units in one transaction under the append lock. A plan made in advance is used
   * when the log's head is still the one it was made on; otherwise (another writer appended in
   * between) the commit is planned again here, against the log as it is.
   */
  async function commitChecked(
    checked: readonly Checked[],
    planned: CommitPlan | undefined,
  ): Promise<(CommitOutcome | undefined)[]> {
    if (planned && isBatchesOnly(planned)) {
      if (await writePlannedBatches(planned)) return planned.outcomes;
      // Another writer appended in between. Packed units need nothing else from the log, so they
      // are planned once more on the head as it is now and sent the same way, which holds the
      // lock for one round trip instead of four; only if that loses too are they planned under it.
      const again = planAhead(checked, await readHead(sql));
      if (isBatchesOnly(again) && (await writePlannedBatches(again))) return again.outcomes;
    }
    return sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const head = await readHead(tx);
      let current = planned;
      if (!current || current.head.position !== head.position || current.head.hash !== head.hash) {
        current = planCommit(checked, head, await lookUp(tx, checked), recordedAt());
      }
      await write(tx, current);
      return current.outcomes;
    });
  }

  /**
   * A commit planned in advance that only writes batches goes to the server as one script: lock,
   * then each batch inserted only if the log's head is still the one it was planned on, then
   * commit. One round trip instead of five; false (nothing written) when another writer
   * appended in between, and the caller plans again under the lock.
   */
  async function writePlannedBatches(planned: CommitPlan): Promise<boolean> {
    const results = await sql.script(
      `BEGIN; SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY}); ${planned.batches.map((batch) => insertBatchSql(batch, true)).join(' ')} COMMIT;`,
    );
    const written = results
      .slice(2, 2 + planned.batches.length)
      .filter((result) => result.rows.length === 1).length;
    if (written === planned.batches.length) return true;
    if (written === 0) return false;
    // Each batch's condition is the one before it, in the same transaction: all or none.
    throw new Error(`planned commit wrote ${written} of ${planned.batches.length} batches`);
  }

  return { planAhead, commitChecked };
}

function emptyLogState(): LogState {
  return { versions: new Map(), knownKeys: new Map() };
}

/** The stream versions and idempotency keys the units refer to, as the log has them now. */
async function lookUp(tx: SqlExecutor, checked: readonly Checked[]): Promise<LogState> {
  const streamIds = new Set<string>();
  const keys: string[] = [];
  for (const entry of checked) {
    if (entry instanceof EventStoreError) continue;
    // Packed streams belong to their single writer, whose expected versions are the truth.
    if (!entry.unit.packed) for (const append of entry.unit.appends) streamIds.add(append.stream_id);
    if (entry.unit.idempotency) keys.push(entry.unit.idempotency.key);
  }
  const log = emptyLogState();
  if (streamIds.size > 0) {
    const current = await tx.query<{ stream_id: string; version: number }>(
      `SELECT stream_id, max(stream_version) AS version FROM events WHERE stream_id = ANY($1::text[]) GROUP BY stream_id`,
      [[...streamIds]],
    );
    for (const row of current.rows) log.versions.set(row.stream_id, Number(row.version));
  }
  if (keys.length > 0) {
    const existing = await tx.query<KeyRow & Record<string, unknown>>(
      'SELECT key, payload_hash, first_position, event_count FROM idempotency_keys WHERE key = ANY($1::text[])',
      [keys],
    );
    for (const row of existing.rows) log.knownKeys.set(row.key, row);
  }
  return log;
}

async function write(tx: SqlExecutor, planned: CommitPlan): Promise<void> {
  if (planned.rows.events.length > 0) await insertEvents(tx, planned.rows);
  for (const batch of planned.batches) await tx.query(insertBatchSql(batch, false));
  const { keyRows } = planned;
  if (keyRows.length > 0) {
    await tx.query(
      `INSERT INTO idempotency_keys (key, payload_hash, first_position, event_count)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[])`,
      [
        keyRows.map((k) => k.key),
        keyRows.map((k) => k.payload_hash),
        keyRows.map((k) => k.first_position),
        keyRows.map((k) => k.event_count),
      ],
    );
  }
  for (const read of planned.dedupReads) {
    planned.outcomes[read.index] = {
      ok: true,
      deduplicated: true,
      events: await readPositions(tx, read.first, read.count),
    };
  }
}
