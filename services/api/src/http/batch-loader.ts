/**
 * Coalesces concurrent single-key reads into one query (`WHERE key = ANY($1)`): keys asked for
 * while a query runs wait for the next one, which carries them all. Every caller still gets a read
 * that started after it asked, so nothing is served stale; the pool just sees one query per batch
 * instead of one per request.
 */
export class BatchLoader<K, V> {
  private pending = new Map<
    K,
    Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>
  >();
  private running = false;
  private scheduled = false;

  constructor(
    /** Reads many keys at once; keys missing from the returned map resolve as undefined. */
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxBatch = 500,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn, so the requests that arrived together share a query.
    setImmediate(() => {
      this.scheduled = false;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.pending.size > 0) {
        let batch: typeof this.pending;
        if (this.pending.size <= this.maxBatch) {
          batch = this.pending;
          this.pending = new Map();
        } else {
          batch = new Map();
          for (const [key, waiters] of this.pending) {
            if (batch.size >= this.maxBatch) break;
            batch.set(key, waiters);
          }
          for (const key of batch.keys()) this.pending.delete(key);
        }
        try {
          const values = await this.loadMany([...batch.keys()]);
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(values.get(key));
        } catch (error) {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
