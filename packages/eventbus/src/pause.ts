/**
 * A sleep that `wake()` can cut short, so loops that wait between polls or retries stop at
 * once when asked to.
 */
export class Pause {
  private wakers = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  wake(): void {
    for (const waker of [...this.wakers]) waker();
  }
}

/** Exponential backoff: 1st retry after `baseMs`, doubling up to `maxMs`. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
