import { isStreamId, type TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import { batchLinkHash, eventHash, GENESIS_HASH, packedEventHash } from '../hash-chain.js';
import {
  EventStoreError,
  MAX_READ_BATCH,
  type HashChainReport,
  type ReadAllOptions,
  type VerifyHashChainOptions,
} from '../port.js';
import { EVENT_COLUMNS, readHead, toStoredEvent, type EventRow } from './event-rows.js';
import { unpackBatch, type BatchLink, type BatchRow, type LogEvents } from './packed-batch.js';

/** Most packed batches fetched per query while reading (the first query fetches one). */
const PACKED_READ_CHUNK = 8;

/** Reading the log: a stream's rows, the whole log (rows and packed batches merged), its hash chain. */
export function createLogReader(sql: SqlClient) {
  async function readStream(
    stream_id: string,
    options: { fromVersion?: number; limit?: number } = {},
  ): Promise<TStoredEvent[]> {
    if (!isStreamId(stream_id)) {
      throw new EventStoreError('invalid_stream_id', `Malformed stream id: ${JSON.stringify(stream_id)}`);
    }
    const limit = Math.min(options.limit ?? MAX_READ_BATCH, MAX_READ_BATCH);
    const result = await sql.query<EventRow & Record<string, unknown>>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
      [stream_id, options.fromVersion ?? 1, limit],
    );
    return result.rows.map(toStoredEvent);
  }

  /** The log after `after` in position order, each event with how it links into the chain. */
  async function readLog(options: ReadAllOptions): Promise<LogEvents> {
    const limit = Math.max(1, Math.min(options.limit, MAX_READ_BATCH));
    const { after, types } = options;
    // Everything up to the head read first is committed (appends are serialised), so reading
    // rows and packed events up to it gives both halves of the log complete, whatever commits
    // in between.
    const head = (await readHead(sql)).position;
    if (head <= after) return { events: [], proofs: [] };
    const rows = (
      types
        ? await sql.query<EventRow & Record<string, unknown>>(
            `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1 AND global_position <= $4
             AND type = ANY($3::text[]) ORDER BY global_position LIMIT $2`,
            [after, limit, [...types], head],
          )
        : await sql.query<EventRow & Record<string, unknown>>(
            `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1 AND global_position <= $3
             ORDER BY global_position LIMIT $2`,
            [after, limit, head],
          )
    ).rows.map(toStoredEvent);
    // With a full page of rows, packed events past its last one cannot make the cut.
    const upper = rows.length === limit ? rows[limit - 1]!.global_position : head;
    const packed = await readPacked(sql, after, upper, limit, types);
    return mergeByPosition(rows, packed, limit);
  }

  /**
   * Walks the whole log checking each event's hash and its link to the one before; with
   * `onPage`, hands each page over as it goes and reads on to the end even past a break (see
   * the port). The next page is read while one is checked and handed over.
   */
  async function verifyHashChain(options: VerifyHashChainOptions = {}): Promise<HashChainReport> {
    const batchSize = Math.min(options.batchSize ?? 5000, MAX_READ_BATCH);
    const walk: ChainWalk = { after: 0, prevHash: GENESIS_HASH, checked: 0 };
    let broken: HashChainReport | undefined;
    let next: Promise<LogEvents> | undefined = readLog({ after: 0, limit: batchSize });
    try {
      while (next) {
        const { events, proofs } = await next;
        next = undefined;
        if (events.length === 0) break;
        if (!broken) broken = checkPage(walk, events, proofs);
        if (broken && !options.onPage) break;
        next = readLog({ after: events[events.length - 1]!.global_position, limit: batchSize });
        await options.onPage?.(events);
      }
    } finally {
      // The caller's page failed: the read ahead is not wanted, nor is its failure.
      next?.catch(() => undefined);
    }
    return broken ?? { ok: true, checked: walk.checked };
  }

  return {
    readStream,
    readAll: async (options: ReadAllOptions) => (await readLog(options)).events,
    verifyHashChain,
    headPosition: async () => (await readHead(sql)).position,
  };
}

/** Packed events in (after, upper], in position order, until `limit` of the wanted types. */
async function readPacked(
  sql: SqlClient,
  after: number,
  upper: number,
  limit: number,
  types: readonly string[] | undefined,
): Promise<LogEvents> {
  const wanted = types ? new Set(types) : undefined;
  const found: LogEvents = { events: [], proofs: [] };
  let cursor = after;
  // One batch often holds a whole page; fetch more per query only while they do not.
  for (let chunk = 1; ; chunk = Math.min(chunk * 2, PACKED_READ_CHUNK)) {
    const { rows } = await sql.query<BatchRow & Record<string, unknown>>(
      `SELECT format, first_position, last_position, prev_hash, last_hash, recorded_at, events FROM event_batches
       WHERE last_position > $1 AND first_position <= $2
       ${types ? 'AND types && $4::text[]' : ''} ORDER BY last_position LIMIT $3`,
      types ? [cursor, upper, chunk, [...types]] : [cursor, upper, chunk],
    );
    for (const batch of rows) {
      unpackBatch(batch, after, upper, wanted, found);
      cursor = Number(batch.last_position);
    }
    if (rows.length < chunk || found.events.length >= limit) return found;
  }
}

/** Rows and packed events as one position-ordered list, cut at `limit`. */
function mergeByPosition(rows: TStoredEvent[], packed: LogEvents, limit: number): LogEvents {
  // Rows only: no proofs, each event being a row (see `LogEvents`).
  if (packed.events.length === 0) return { events: rows, proofs: [] };
  const merged: LogEvents = { events: [], proofs: [] };
  let i = 0;
  let j = 0;
  while (merged.events.length < limit && (i < rows.length || j < packed.events.length)) {
    if (
      j >= packed.events.length ||
      (i < rows.length && rows[i]!.global_position < packed.events[j]!.global_position)
    ) {
      merged.events.push(rows[i++]!);
      merged.proofs.push('row');
    } else {
      merged.events.push(packed.events[j]!);
      merged.proofs.push(packed.proofs[j++]!);
    }
  }
  return merged;
}

/** How far a walk of the chain has checked: the last position and its hash. */
interface ChainWalk {
  after: number;
  prevHash: string;
  checked: number;
}

/** Checks a page's links on from `walk` (advancing it); the report of the first break, if any. */
function checkPage(
  walk: ChainWalk,
  events: readonly TStoredEvent[],
  proofs: LogEvents['proofs'],
): HashChainReport | undefined {
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index]!;
    if (event.global_position !== walk.after + 1) {
      const missing = walk.after + 1;
      return {
        ok: false,
        checked: walk.checked,
        broken_at: missing,
        reason: `position ${missing} is missing`,
      };
    }
    const proof = proofs[index] ?? 'row';
    const problem =
      typeof proof === 'string'
        ? checkEventLink(event, proof, walk.prevHash)
        : checkBatchLink(proof, event, walk.prevHash);
    if (problem)
      return { ok: false, checked: walk.checked, broken_at: event.global_position, reason: problem };
    walk.prevHash = event.hash;
    walk.after = event.global_position;
    walk.checked += 1;
  }
  return undefined;
}

/** Why an event of a row or a format 1 batch breaks the chain after `prevHash`, if it does. */
function checkEventLink(event: TStoredEvent, proof: 'row' | 'format1', prevHash: string): string | undefined {
  if (event.prev_hash !== prevHash) return 'link to the previous event does not match';
  const expected =
    proof === 'format1'
      ? packedEventHash(prevHash, event, JSON.stringify(event.data), JSON.stringify(event.metadata))
      : eventHash(prevHash, event);
  return expected === event.hash ? undefined : 'event content does not match its hash';
}

/**
 * The same for an event of a format 2 batch: the batch is one link, checked at its first event
 * (over the text as stored); the events after it must belong to the link just checked.
 */
function checkBatchLink(link: BatchLink, event: TStoredEvent, prevHash: string): string | undefined {
  if (event.global_position !== link.first) {
    return link.hash === prevHash ? undefined : 'event is not part of the batch before it';
  }
  if (link.prev_hash !== prevHash) return 'link to the previous event does not match';
  const expected = batchLinkHash(link.prev_hash, link.first, link.last, link.recorded_at, link.body);
  if (expected !== link.hash || link.count !== link.last - link.first + 1) {
    return 'batch content does not match its hash';
  }
  return undefined;
}
