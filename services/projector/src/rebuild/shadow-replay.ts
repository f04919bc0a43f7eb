import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient, TransactionExecutor } from '@evalmarket/db';
import type { EventStore } from '@evalmarket/eventstore';
import { lockCheckpoint, lockCheckpointStatement, readCheckpoint, writeCheckpoint } from '../checkpoint.js';
import type { BulkFold, ProjectionDefinition } from '../projection-definition.js';
import { readEventPages } from '../read-event-pages.js';
import { SerialLane } from '../serial-lane.js';
import {
  compareTable,
  replaceDifferingRows,
  type TableComparison,
  type TablePair,
} from './compare-tables.js';
import {
  applyInShadow,
  buildDeferredIndexes,
  buildKeys,
  createShadows,
  dropShadows,
  inShadow,
  type Shadow,
} from './shadow-schema.js';
import { readTableShape } from './table-shape.js';

/** One projection's rebuild compared with its live tables at `position` (its live checkpoint). */
export interface ProjectionComparison {
  projection: string;
  position: number;
  identical: boolean;
  swapped: boolean;
  tables: TableComparison[];
  /** Why the projection could not be replayed (a handler threw); its tables are then not compared. */
  error?: string;
}

export interface SettleOptions {
  store: EventStore;
  /** Make the live tables equal to the shadow, in the transaction that compares them. */
  swap: boolean;
  maxSamples: number;
  batchSize?: number;
  /** How many times to chase a projector that keeps moving before giving up. */
  maxRounds?: number;
  /** The most events applied in the last step (MAX_TAIL_EVENTS unless told); more are caught up first. */
  maxTailEvents?: number;
}

/**
 * The most events the last step holds in memory and applies while it holds the checkpoint's lock;
 * a larger gap (the live side ran far ahead during the bulk replay) is replayed in pages first.
 */
const MAX_TAIL_EVENTS = 20_000;

/**
 * How the bulk replay's and the catch-up's transactions begin: they write only the shadow tables,
 * so their commits need not wait for the WAL flush. A crash may lose the last of them, and the
 * shadows are rebuilt from position 0 by the next run anyway. The last step of each projection
 * (settleOne: compare, and with swap replace the live rows and write the checkpoint) begins
 * without it, so a swap reported done is on disk with its checkpoint, and the live projector never
 * resumes from a checkpoint whose rows a crash took back.
 */
const SHADOW_ONLY = 'SET LOCAL synchronous_commit = off';

/**
 * The comparison pairs each live table with its shadow in a hash join of whole rows: with the
 * default 4 MB it splits a table of a few hundred thousand rows into dozens of batches written to
 * disk and read back (twice as slow). One transaction at a time holds it, for this step only.
 */
const COMPARE_MEMORY = `SET LOCAL work_mem = '256MB'`;

interface Progress {
  shadow: Shadow;
  /** The shadow holds the effect of every event up to here. */
  built: number;
  /** The bulk replay goes up to here: the live checkpoint when the replay began. */
  target: number;
  error?: string;
  /** Groups handed to this projection and not applied yet, applied in order. */
  lane: SerialLane;
  /** The projection's bulk path: the bulk replay folds into it, and finishBulk writes it. */
  fold?: BulkFold;
}

/**
 * How many events the bulk replay applies to a projection in one transaction. A group's events
 * are folded before they are written (the wallet's reservation and its vote make one row, an
 * account's balance one upsert; the domain's claims and votes one statement per run), so larger
 * groups write fewer rows and statements: on a world of a million events, groups of 50,000 cut
 * the wallet's writing by about 30% and the domain's by about 20% against pages of 5,000, and
 * larger ones gained nothing more (docs/perf/2026-11-28-rebuild-groups-and-one-walk.md).
 */
export const BULK_GROUP_EVENTS = 50_000;

/**
 * The most rows a bulk projection's fold holds before the rebuild writes it (MAX_FOLDED_ROWS
 * unless told); the rest of the bulk replay then goes through the projection's `apply`, into
 * the tables keyed by then. The wallet's rows took about 0.6 KB each at their peak on the 1M
 * world (466,331 of them, 1.26 GB against 0.97 GB without the fold), so this bounds the fold at
 * about 0.6 GB whatever the log's length.
 */
export const MAX_FOLDED_ROWS = 1_000_000;

/**
 * How many groups a projection may fall behind the reader before the reader waits for it: one
 * projection's slow stretch (the domain's people, the wallet's votes) overlaps the other's fast
 * one, and memory holds at most this many groups, plus the one being gathered.
 */
const MAX_GROUPS_BEHIND = 2;

/**
 * Replays the log into shadow copies of several projections' tables at once (each page read
 * once, each group of pages applied to each projection in its own transaction), then compares
 * each projection with its live tables at its live checkpoint and optionally swaps. Used by the
 * rebuild and the audit; a benchmark may drive it directly: `open`, `applyPage` for each page of
 * the log up to `upTo`, `settle`, `close`.
 */
export class ShadowReplay {
  /** Pages handed over and not given to the projections yet: the group being gathered. */
  private gathered: TStoredEvent[] = [];

  private constructor(
    private readonly sql: SqlClient,
    private readonly progress: Progress[],
    private readonly groupEvents: number,
    private readonly maxFoldedRows: number,
  ) {}

  /**
   * `groupEvents`: how many events the bulk replay applies per transaction (BULK_GROUP_EVENTS);
   * `maxFoldedRows`: the most rows a bulk fold holds before it is written (MAX_FOLDED_ROWS).
   */
  static async open(
    sql: SqlClient,
    projections: readonly ProjectionDefinition[],
    groupEvents = BULK_GROUP_EVENTS,
    maxFoldedRows = MAX_FOLDED_ROWS,
  ): Promise<ShadowReplay> {
    const shadows = await createShadows(sql, projections);
    const progress: Progress[] = [];
    for (const shadow of shadows) {
      progress.push({
        shadow,
        built: 0,
        target: await readCheckpoint(sql, shadow.projection.name),
        lane: new SerialLane(),
        fold: shadow.projection.bulk?.fold(),
      });
    }
    return new ShadowReplay(sql, progress, Math.max(1, groupEvents), maxFoldedRows);
  }

  /** The bulk replay's end: the highest live checkpoint when the replay began. */
  get upTo(): number {
    return Math.max(0, ...this.progress.map((p) => p.target));
  }

  /**
   * Takes the next page of the log. Pages are gathered into groups (`BULK_GROUP_EVENTS` unless
   * told), and each group is handed to every projection, to apply the events it still needs
   * (above its shadow, up to its target) in one transaction. On PostgreSQL each projection
   * applies its groups in order on a connection of its own, at its own pace: they write disjoint
   * shadow schemas and read only live tables, so no order between them matters. A projection's slow
   * groups then overlap the other's fast ones instead of both waiting for the slower every time;
   * the reader waits only for a projection `MAX_GROUPS_BEHIND` groups behind. `settle` applies
   * the last group and waits for all of them.
   */
  async applyPage(page: readonly TStoredEvent[]): Promise<void> {
    for (const event of page) this.gathered.push(event);
    if (this.gathered.length >= this.groupEvents) await this.handOver();
  }

  /** Hands the gathered group to every projection. */
  private async handOver(): Promise<void> {
    const group = this.gathered;
    this.gathered = [];
    if (group.length === 0) return;
    if (this.sql.dialect !== 'postgres') {
      for (const p of this.progress) await this.applyTo(p, group);
      return;
    }
    // applyTo never throws (a failure is kept in p.error), so a lane never stops.
    for (const p of this.progress) p.lane.push(() => this.applyTo(p, group));
    for (const p of this.progress) await p.lane.waitUntilAtMost(MAX_GROUPS_BEHIND);
  }

  /** Waits until every group handed over is applied (or its projection failed). */
  private async applied(): Promise<void> {
    await Promise.all(this.progress.map((p) => p.lane.drain()));
  }

  private async applyTo(p: Progress, group: readonly TStoredEvent[]): Promise<void> {
    if (p.error) return;
    const events = group.filter((e) => e.global_position > p.built && e.global_position <= p.target);
    if (events.length === 0) return;
    try {
      // While it folds, a bulk projection writes only its other tables (if any) group by group.
      const rest = p.fold ? p.shadow.projection.bulk?.rest : p.shadow.projection.apply;
      p.fold?.add(events);
      if (rest) {
        await this.sql.transaction((tx) => applyInShadow(tx, p.shadow, events, rest), { begin: SHADOW_ONLY });
      }
      p.built = events[events.length - 1]!.global_position;
    } catch (error) {
      p.error = describeFailure(events, error);
      return;
    }
    // A fold grown to its bound is written now (on this projection's lane, before its next group).
    if (p.fold && p.fold.rows >= this.maxFoldedRows) await this.writeFold(p);
  }

  /**
   * After the bulk replay: every shadow is at its target (events it had no handler for included).
   * Its secondary indexes are not built: the comparison pairs rows by primary key, and the last
   * step applies at most a group's worth of events, as the bulk replay did without them. On the
   * 1M world building them took about a tenth of the rebuild. A bulk projection's fold is
   * written now, and its keys built.
   */
  private async finishBulk(): Promise<void> {
    await this.handOver();
    await this.applied();
    await this.eachProjection((p) => this.writeFold(p));
    for (const p of this.progress) if (!p.error) p.built = Math.max(p.built, p.target);
  }

  /**
   * A bulk projection's fold, written into its empty shadow tables in one transaction, and then
   * their keys built; the fold's memory is let go, and any later group goes through `apply`.
   */
  private async writeFold(p: Progress): Promise<void> {
    const fold = p.fold;
    p.fold = undefined;
    if (!fold || p.error) return;
    try {
      await this.sql.transaction((tx) => inShadow(tx, p.shadow, () => fold.write(tx)), {
        begin: SHADOW_ONLY,
      });
      await buildKeys(this.sql, p.shadow);
    } catch (error) {
      p.error = `bulk write of positions 1..${p.built} failed: ${(error as Error).message}`;
    }
  }

  /**
   * Compares (and with `swap` replaces) each projection's tables; catches up with the live
   * checkpoints first. On PostgreSQL the projections settle at once, each on its own connection:
   * building a shadow's indexes and comparing its tables are each one backend's work, and the
   * projections share nothing (each compares its own tables at its own checkpoint).
   */
  async settle(options: SettleOptions): Promise<ProjectionComparison[]> {
    await this.finishBulk();
    return this.eachProjection(async (p) => {
      if (!p.error) return this.settleOne(p, options);
      return {
        projection: p.shadow.projection.name,
        position: p.built,
        identical: false,
        swapped: false,
        tables: [],
        error: p.error,
      };
    });
  }

  /** `work` for every projection: at once on PostgreSQL, in turn on PGlite (one connection). */
  private async eachProjection<T>(work: (p: Progress) => Promise<T>): Promise<T[]> {
    if (this.sql.dialect === 'postgres') return Promise.all(this.progress.map(work));
    const results: T[] = [];
    for (const p of this.progress) results.push(await work(p));
    return results;
  }

  private async settleOne(p: Progress, options: SettleOptions): Promise<ProjectionComparison> {
    const name = p.shadow.projection.name;
    const maxRounds = options.maxRounds ?? 50;
    for (let round = 1; round <= maxRounds; round += 1) {
      // The events up to the head are read before the transaction (the store's reads cannot run
      // inside it), then applied in it up to the checkpoint the transaction sees.
      let head = await options.store.headPosition();
      if (head - p.built > (options.maxTailEvents ?? MAX_TAIL_EVENTS)) {
        await this.catchUp(p, options);
        head = await options.store.headPosition();
      }
      const tail: TStoredEvent[] = [];
      for await (const page of readEventPages(options.store, {
        after: p.built,
        upTo: head,
        batchSize: options.batchSize,
      })) {
        tail.push(...page);
      }
      const opening = options.swap
        ? lockCheckpointStatement(name)
        : 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ';
      const begin = `${opening}; ${COMPARE_MEMORY}`;
      const result = await this.sql.transaction(
        async (tx, begun) => {
          const live = options.swap
            ? await lockCheckpoint(tx, name, begun[0])
            : await readCheckpoint(tx, name);
          if (live < p.built) throw new Error(`Checkpoint of ${name} moved back from ${p.built} to ${live}`);
          if (live > head) return undefined;
          const missing = tail.filter((e) => e.global_position <= live);
          if (missing.length > 0) await applyInShadow(tx, p.shadow, missing);
          return this.compareAt(tx, p, live, options);
        },
        { begin },
      );
      if (result) {
        p.built = result.position;
        return result;
      }
    }
    throw new Error(`Rebuild could not catch up with projection ${name} in ${maxRounds} rounds`);
  }

  /**
   * Replays, in committed pages, up to the live checkpoint of now (the live side ran on
   * meanwhile). Pages are small, so a handler's lookups may run many times: the shadow gets the
   * secondary indexes it was filled without first.
   */
  private async catchUp(p: Progress, options: SettleOptions): Promise<void> {
    await buildDeferredIndexes(this.sql, p.shadow);
    const live = await readCheckpoint(this.sql, p.shadow.projection.name);
    for await (const page of readEventPages(options.store, {
      after: p.built,
      upTo: live,
      batchSize: options.batchSize,
    })) {
      await this.sql.transaction((tx) => applyInShadow(tx, p.shadow, page), { begin: SHADOW_ONLY });
      p.built = page[page.length - 1]!.global_position;
    }
    p.built = Math.max(p.built, live);
  }

  private async compareAt(
    tx: TransactionExecutor,
    p: Progress,
    position: number,
    options: SettleOptions,
  ): Promise<ProjectionComparison> {
    const tables: TableComparison[] = [];
    for (const table of p.shadow.projection.tables) {
      const pair: TablePair = {
        shape: await readTableShape(tx, p.shadow.liveSchema, table),
        liveSchema: p.shadow.liveSchema,
        shadowSchema: p.shadow.schema,
      };
      const comparison = await compareTable(tx, pair, options.maxSamples);
      if (options.swap) comparison.rows_changed = await replaceDifferingRows(tx, pair);
      tables.push(comparison);
    }
    // The checkpoint is written with the swapped rows: the live projector resumes from it.
    if (options.swap) await writeCheckpoint(tx, p.shadow.projection.name, position);
    return {
      projection: p.shadow.projection.name,
      position,
      identical: tables.every((table) => table.differences === 0),
      swapped: options.swap,
      tables,
    };
  }

  async close(): Promise<void> {
    // A caller that stopped early may leave groups being applied; their transactions hold the shadows.
    this.gathered = [];
    await this.applied();
    await dropShadows(
      this.sql,
      this.progress.map((p) => p.shadow),
    );
  }

  /** The shadow schemas, for inspection (kept when the caller skips `close`). */
  get schemas(): string[] {
    return this.progress.map((p) => p.shadow.schema);
  }
}

function describeFailure(events: readonly TStoredEvent[], error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `replay failed in positions ${events[0]!.global_position}..${events[events.length - 1]!.global_position}: ${message}`;
}
