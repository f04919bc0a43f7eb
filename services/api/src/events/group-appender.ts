import type { TEventMetadata, TStoredEvent } from '@evalmarket/contracts';
import type { CommitUnit, EventStore, ExpectedVersion, NewEvent } from '@evalmarket/eventstore';

/** At most this many appends share one transaction. */
const MAX_UNITS_PER_COMMIT = 500;

interface Pending {
  unit: CommitUnit;
  resolve: (events: TStoredEvent[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for hot, non-money appends (the loop's ItemClaimed and VoteCast): appends queue
 * while a commit runs and the next commit takes them all in one `store.commit(units)`. Each
 * append is still its own unit (its own expected version, all-or-nothing); a unit the store
 * refuses rejects only its own caller. The promise settles once the events are committed, NOT
 * once the read models include them: the caller answers from what it knows, and reads in this
 * process wait for the projection through the read barrier (read-barrier.ts).
 */
export class GroupAppender {
  private queue: Pending[] = [];
  private running = false;

  constructor(
    private readonly store: EventStore,
    private readonly onCommitted: (position: number) => void = () => undefined,
  ) {}

  append(
    streamId: string,
    events: Array<Omit<NewEvent, 'metadata'>>,
    options: { expectedVersion?: ExpectedVersion; metadata?: TEventMetadata } = {},
  ): Promise<TStoredEvent[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        unit: {
          appends: [
            {
              stream_id: streamId,
              expected_version: options.expectedVersion ?? 'any',
              events: events.map((event) => ({ ...event, metadata: options.metadata })),
            },
          ],
        },
        resolve,
        reject,
      });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      // Let the requests that arrived in this turn join the first commit too.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_UNITS_PER_COMMIT);
        try {
          const outcomes = await this.store.commit(batch.map((pending) => pending.unit));
          let last = 0;
          batch.forEach((pending, index) => {
            const outcome = outcomes[index];
            if (!outcome) pending.reject(new Error('commit returned no outcome'));
            else if (!outcome.ok) pending.reject(outcome.error);
            else {
              const position = outcome.events[outcome.events.length - 1]?.global_position ?? 0;
              if (position > last) last = position;
              pending.resolve(outcome.events);
            }
          });
          if (last > 0) this.onCommitted(last);
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
