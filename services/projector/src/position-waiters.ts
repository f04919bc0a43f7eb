interface Waiter {
  position: number;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** The readers waiting for a projection to reach their positions (read-your-writes). */
export class PositionWaiters {
  private readonly waiters = new Set<Waiter>();

  get size(): number {
    return this.waiters.size;
  }

  /** Resolves once `settle` passes `position`; rejects with `timedOut()` after `timeoutMs`. */
  add(position: number, timeoutMs: number, timedOut: () => Error): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        position,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(timedOut());
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Lets every reader waiting for `position` or less go on. */
  settle(position: number): void {
    for (const waiter of this.waiters) {
      if (waiter.position <= position) {
        clearTimeout(waiter.timer);
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  /** Tells every reader still waiting that it will not happen. */
  rejectAll(error: Error): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.waiters.clear();
  }
}
