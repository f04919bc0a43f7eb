import type { TStoredEvent } from '@evalmarket/contracts';

/** Events of the latest commits kept in memory (see `PostgresSubscribeOptions.ownCommitsFromMemory`). */
export const OWN_COMMITS_KEPT = 20_000;

/**
 * The events this process committed lately, by position, for subscribers that would otherwise
 * read them straight back. Only a gap-free run from a position is handed out: a position that
 * is missing (another process's commit, one whose reply is still on its way, or one dropped to
 * bound memory) sends the reader to the database. Nothing is kept while no such subscriber is
 * open (the embedded runtime has none).
 */
export class CommittedTail {
  private readonly byPosition = new Map<number, TStoredEvent>();
  private highest = 0;
  private readers = 0;
  constructor(private readonly kept: number) {}

  /** A subscriber starts reading; the returned function says it has stopped (once). */
  open(): () => void {
    this.readers += 1;
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.readers -= 1;
      if (this.readers === 0) this.byPosition.clear();
    };
  }

  add(events: readonly TStoredEvent[]): void {
    if (this.readers === 0) return;
    for (const event of events) {
      this.byPosition.set(event.global_position, event);
      this.highest = Math.max(this.highest, event.global_position);
    }
    // Oldest commits first (a Map keeps insertion order).
    for (const position of this.byPosition.keys()) {
      if (this.byPosition.size <= this.kept) break;
      this.byPosition.delete(position);
    }
  }

  /**
   * Up to `limit` events from `after + 1` on, when all of them are here: a run cut short by a
   * gap with later events kept beyond it is not (the gap's events are in the log).
   */
  after(after: number, limit: number): TStoredEvent[] | undefined {
    const events: TStoredEvent[] = [];
    let position = after + 1;
    for (; events.length < limit; position += 1) {
      const event = this.byPosition.get(position);
      if (!event) break;
      events.push(event);
    }
    if (events.length === 0 || (events.length < limit && position <= this.highest)) return undefined;
    return events;
  }
}
