import { randomUUID } from 'node:crypto';
import type { TStoredEvent } from '@evalmarket/contracts';
import { eventHash } from '../hash-chain.js';
import type { JournalAppend, JournalUnit, LogHead } from '../packed-journal.js';
import { EventStoreError, type CommitOutcome, type ExpectedVersion } from '../port.js';
import { EventsToWrite } from './event-rows.js';
import { PackedRun } from './packed-batch.js';
import type { CheckedUnit } from './validate-unit.js';

/**
 * A packed run closes once its body reaches this many bytes, and the next event starts another
 * batch. A reader makes each body one string, and V8 puts a string of more than about 128 KB in
 * its large-object space, where making it cost about 30 times as much a byte: the scale world's
 * batches of 145 KB made that a fifth of the time taken to read the log
 * (docs/perf/2026-12-05-wallet-bulk-path-and-read-floor.md). An entry of up to 32 KB past this
 * keeps a body under that size; a larger event still makes a larger batch.
 */
export const BATCH_BODY_BYTES = 96 * 1024;

/** A unit as validation left it: checked, or refused. */
export type Checked = CheckedUnit | EventStoreError;

export interface KeyRow {
  key: string;
  payload_hash: string;
  first_position: number;
  event_count: number;
}

/** What the log holds for the units' streams and idempotency keys (empty when planned ahead). */
export interface LogState {
  versions: Map<string, number>;
  knownKeys: Map<string, KeyRow>;
}

/** A commit worked out in memory: what to write, on top of which head, with what outcomes. */
export interface CommitPlan {
  head: LogHead;
  next: LogHead;
  outcomes: (CommitOutcome | undefined)[];
  rows: EventsToWrite;
  batches: PackedRun[];
  keyRows: KeyRow[];
  /** Units that are true retries: their first result is read back at these positions. */
  dedupReads: { index: number; first: number; count: number }[];
}

/** The outcomes validation decided: the refusals, and undefined for the units still to commit. */
export function refusals(checked: readonly Checked[]): (CommitOutcome | undefined)[] {
  return checked.map((unit) => (unit instanceof EventStoreError ? { ok: false, error: unit } : undefined));
}

/**
 * Works out in memory what a commit writes on top of `head`: each unit checked against the log's
 * versions and keys and the units before it, positions, hashes. `log` is updated as units are
 * planned (a later unit sees the versions an earlier one leaves).
 */
export function planCommit(
  checked: readonly Checked[],
  head: LogHead,
  log: LogState,
  recordedAt: string,
): CommitPlan {
  const planner = new Planner(head, log, recordedAt, refusals(checked));
  checked.forEach((unit, index) => {
    if (!(unit instanceof EventStoreError)) planner.plan(index, unit);
  });
  return planner.finish();
}

export function isBatchesOnly(planned: CommitPlan): boolean {
  return (
    planned.batches.length > 0 &&
    planned.rows.events.length === 0 &&
    planned.keyRows.length === 0 &&
    planned.dedupReads.length === 0
  );
}

function versionMatches(expected: ExpectedVersion, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 0;
  if (expected === 'stream_exists') return current > 0;
  return expected === current;
}

class Planner {
  private position: number;
  private prevHash: string;
  private readonly rows = new EventsToWrite();
  private readonly batches: PackedRun[] = [];
  // Consecutive packed units form one batch, so a batch is one contiguous run of positions and
  // the chain runs through rows and batches in position order.
  private run: PackedRun | undefined;
  private readonly keyRows: KeyRow[] = [];
  private readonly dedupReads: CommitPlan['dedupReads'] = [];
  /** Commands share one metadata object among their events: its JSON is made once per commit. */
  private readonly metadataJson = new Map<object, string>();

  constructor(
    private readonly head: LogHead,
    private readonly log: LogState,
    private readonly recordedAt: string,
    private readonly outcomes: (CommitOutcome | undefined)[],
  ) {
    this.position = head.position;
    this.prevHash = head.hash;
  }

  plan(index: number, checked: CheckedUnit): void {
    const { unit } = checked;
    if (unit.idempotency && this.alreadyKeyed(index, unit.idempotency)) return;
    const refusal = this.versionRefusal(unit);
    if (refusal) {
      this.outcomes[index] = { ok: false, error: refusal };
      return;
    }
    this.startOrEndRun(unit);
    const events = this.placeEvents(checked);
    if (unit.idempotency) {
      const keyRow = {
        key: unit.idempotency.key,
        payload_hash: unit.idempotency.payload_hash,
        first_position: events[0]!.global_position,
        event_count: events.length,
      };
      this.keyRows.push(keyRow);
      this.log.knownKeys.set(keyRow.key, keyRow);
    }
    this.outcomes[index] = { ok: true, deduplicated: false, events };
  }

  finish(): CommitPlan {
    if (this.run) this.prevHash = this.run.close();
    const { head, outcomes, rows, batches, keyRows, dedupReads } = this;
    return {
      head,
      next: { position: this.position, hash: this.prevHash },
      outcomes,
      rows,
      batches,
      keyRows,
      dedupReads,
    };
  }

  /** Whether the unit's key was used before: a true retry reads its first result, another payload is refused. */
  private alreadyKeyed(index: number, idempotency: NonNullable<JournalUnit['idempotency']>): boolean {
    const known = this.log.knownKeys.get(idempotency.key);
    if (!known) return false;
    if (known.payload_hash === idempotency.payload_hash) {
      this.dedupReads.push({ index, first: Number(known.first_position), count: Number(known.event_count) });
    } else {
      this.outcomes[index] = {
        ok: false,
        error: new EventStoreError(
          'idempotency_key_reused_with_different_payload',
          'This idempotency key was already used with a different payload',
          { key: idempotency.key },
        ),
      };
    }
    return true;
  }

  /** A stream's version as the log has it; a packed stream's writer is trusted for its own. */
  private logVersion(unit: JournalUnit, append: JournalAppend): number {
    return (
      this.log.versions.get(append.stream_id) ??
      (unit.packed && typeof append.expected_version === 'number' ? append.expected_version : 0)
    );
  }

  /**
   * Checks every stream of the unit before writing any, so a unit lands whole or not at all.
   * (Most units append to one stream, which needs no bookkeeping across appends.)
   */
  private versionRefusal(unit: JournalUnit): EventStoreError | undefined {
    const unitVersions = unit.appends.length === 1 ? undefined : new Map<string, number>();
    for (const append of unit.appends) {
      const current = unitVersions?.get(append.stream_id) ?? this.logVersion(unit, append);
      if (!versionMatches(append.expected_version, current)) {
        return new EventStoreError(
          'wrong_expected_version',
          `Stream ${append.stream_id} is at version ${current}, expected ${String(append.expected_version)}`,
          {
            stream_id: append.stream_id,
            current_version: current,
            expected_version: append.expected_version,
          },
        );
      }
      unitVersions?.set(append.stream_id, current + append.events.length);
    }
    return undefined;
  }

  private startOrEndRun(unit: JournalUnit): void {
    if (unit.packed) {
      if (!this.run) this.startRun();
    } else if (this.run) {
      this.prevHash = this.run.close();
      this.run = undefined;
    }
  }

  /** Gives the unit's events their positions, versions and links (a packed run links them when it closes). */
  private placeEvents({ unit, dataJson }: CheckedUnit): TStoredEvent[] {
    const events: TStoredEvent[] = [];
    const single = unit.appends.length === 1;
    const streamCursor = single ? undefined : new Map<string, number>();
    let eventIndex = 0;
    for (const append of unit.appends) {
      let version = streamCursor?.get(append.stream_id) ?? this.logVersion(unit, append);
      for (const event of append.events) {
        version += 1;
        this.position += 1;
        const metadata: Record<string, unknown> = { ...event.metadata };
        if (unit.idempotency) metadata.idempotency_key ??= unit.idempotency.key;
        const stored: TStoredEvent = {
          event_id: event.event_id ?? randomUUID(),
          global_position: this.position,
          stream_id: append.stream_id,
          stream_version: version,
          type: event.type,
          schema_version: event.schema_version ?? 1,
          data: event.data,
          metadata: metadata as TStoredEvent['metadata'],
          recorded_at: this.recordedAt,
          prev_hash: this.prevHash,
          hash: '',
        };
        const metadataJson = unit.idempotency
          ? JSON.stringify(metadata)
          : this.metadataJsonOf(event.metadata);
        this.place(stored, dataJson[eventIndex++]!, metadataJson);
        events.push(stored);
      }
      streamCursor?.set(append.stream_id, version);
      if (single) this.log.versions.set(append.stream_id, version);
    }
    if (streamCursor)
      for (const [streamId, version] of streamCursor) this.log.versions.set(streamId, version);
    return events;
  }

  /** A new packed run (one format 2 batch), starting at `first` (the next position unless told). */
  private startRun(first = this.position + 1): void {
    this.run = new PackedRun(first, this.prevHash, this.recordedAt);
    this.batches.push(this.run);
  }

  private place(stored: TStoredEvent, dataJson: string, metadataJson: string): void {
    if (this.run) {
      if (this.run.events.length > 0 && this.run.bodyBytes >= BATCH_BODY_BYTES) {
        // The next event opens a batch of its own, linked after this one.
        this.prevHash = this.run.close();
        this.startRun(stored.global_position);
      }
      // Linked when the run closes.
      this.run.push(stored, dataJson, metadataJson);
    } else {
      stored.hash = eventHash(this.prevHash, stored);
      this.prevHash = stored.hash;
      this.rows.push(stored, dataJson, metadataJson);
    }
  }

  private metadataJsonOf(metadata: object | undefined): string {
    if (metadata === undefined) return '{}';
    let json = this.metadataJson.get(metadata);
    if (json === undefined) {
      json = JSON.stringify(metadata);
      this.metadataJson.set(metadata, json);
    }
    return json;
  }
}
