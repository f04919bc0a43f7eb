import type { SqlClient } from '@evalmarket/db';
import type { JournalUnit, PackedJournal, PreparedCommit, LogHead } from '../packed-journal.js';
import {
  EventStoreError,
  type CommitOutcome,
  type EventStore,
  type SubscribeOptions,
  type Subscription,
} from '../port.js';
import { createPollingSubscription } from '../subscription.js';
import { createCommitPaths } from './commit-paths.js';
import { refusals, type CommitPlan } from './commit-plan.js';
import { CommittedTail, OWN_COMMITS_KEPT } from './committed-tail.js';
import { createLogReader } from './read-log.js';
import { checkUnit } from './validate-unit.js';

export interface PostgresEventStoreOptions {
  /** How often an idle subscription looks for events written by other processes. */
  pollIntervalMs?: number;
  /** Clock for recorded_at (tests). */
  now?: () => Date;
  /** Most events of this process's own commits kept for `ownCommitsFromMemory` subscribers. */
  ownCommitsKept?: number;
}

export interface PostgresSubscribeOptions extends SubscribeOptions {
  /**
   * Events this process committed are handed over from memory instead of being read back, as long
   * as they follow the position without a gap (other events are read from the log). They are the
   * objects the commit wrote: `data` and `metadata` as the committer gave them, equal to the
   * stored JSON once serialised, for a subscriber that serialises them (the relay). Ignored with
   * `types`. The log only grows: a store must not outlive a reset of its database, whose
   * positions its memory would still hold. A hint: a store without this memory reads the log.
   */
  ownCommitsFromMemory?: boolean;
}

/** The PostgreSQL adapter: the `EventStore` port, and the packed journal for the ledger writer. */
export interface PostgresEventStore extends EventStore, PackedJournal {
  subscribe(options: PostgresSubscribeOptions): Subscription;
}

export function createPostgresEventStore(
  sql: SqlClient,
  options: PostgresEventStoreOptions = {},
): PostgresEventStore {
  const wakeups = new Set<() => void>();
  const ownCommits = new CommittedTail(options.ownCommitsKept ?? OWN_COMMITS_KEPT);
  const paths = createCommitPaths(sql, options.now ?? (() => new Date()));
  const reader = createLogReader(sql);
  const notify = () => {
    for (const wake of wakeups) wake();
  };

  function prepare(units: JournalUnit[], after?: LogHead): PreparedCommit {
    // Metadata objects a commit's events share are checked once per commit.
    const checkedMetadata = new Set<object>();
    const checked = units.map((unit) => checkUnit(unit, checkedMetadata));
    const pending = checked.some((unit) => !(unit instanceof EventStoreError));
    // Only packed units need nothing from the database to be planned, so only they are
    // planned ahead; the rest is planned under the lock.
    const planned: CommitPlan | undefined =
      pending && after && checked.every((unit) => unit instanceof EventStoreError || unit.unit.packed)
        ? paths.planAhead(checked, after)
        : undefined;
    return {
      head: planned ? planned.next : pending ? undefined : after,
      async run() {
        const outcomes = pending ? await paths.commitChecked(checked, planned) : refusals(checked);
        if (pending) {
          for (const outcome of outcomes) {
            if (outcome?.ok && !outcome.deduplicated) ownCommits.add(outcome.events);
          }
          notify();
        }
        return outcomes.map(
          (outcome): CommitOutcome =>
            outcome ?? { ok: false, error: new EventStoreError('invalid_event', 'not committed') },
        );
      },
    };
  }

  const store: PostgresEventStore = {
    async append(stream_id, events, expected_version, appendOptions) {
      const [outcome] = await prepare([
        { appends: [{ stream_id, expected_version, events }], idempotency: appendOptions?.idempotency },
      ]).run();
      if (!outcome) throw new Error('commit returned no outcome');
      if (!outcome.ok) throw outcome.error;
      return { deduplicated: outcome.deduplicated, events: outcome.events };
    },
    commit: (units) => prepare(units).run(),
    prepare,
    readStream: reader.readStream,
    readAll: reader.readAll,
    headPosition: reader.headPosition,
    verifyHashChain: reader.verifyHashChain,
    subscribe(subscribeOptions) {
      const fromMemory = subscribeOptions.ownCommitsFromMemory && !subscribeOptions.types;
      const subscription = createPollingSubscription({
        store,
        read: fromMemory
          ? async (readOptions) =>
              ownCommits.after(readOptions.after, readOptions.limit) ?? store.readAll(readOptions)
          : undefined,
        options: subscribeOptions,
        pollIntervalMs: options.pollIntervalMs ?? 100,
        wakeups,
      });
      if (!fromMemory) return subscription;
      const closeReader = ownCommits.open();
      return {
        get position() {
          return subscription.position;
        },
        waitFor: (position, timeoutMs) => subscription.waitFor(position, timeoutMs),
        async stop() {
          await subscription.stop();
          closeReader();
        },
      };
    },
  };
  return store;
}
