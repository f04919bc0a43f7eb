/**
 * Work that must run one piece after another, in the order given, while the caller goes on: the
 * rebuild's groups for one projection, the audit's pages of "applied once" keys. Each piece
 * starts when the one before it has ended. A piece that fails stops the lane: the pieces after
 * it are skipped, and `push` and `drain` throw its error from then on.
 */
export class SerialLane {
  /** The pieces pushed and not ended yet, oldest first (each settles after the one before it). */
  private readonly queued: Promise<void>[] = [];
  private failure: { error: unknown } | undefined;

  /** Runs `work` after every piece pushed before it; throws if an earlier piece failed. */
  push(work: () => Promise<void>): void {
    this.throwIfFailed();
    const before = this.queued.at(-1) ?? Promise.resolve();
    const piece = before
      .then(async () => {
        if (this.failure) return;
        try {
          await work();
        } catch (error) {
          this.failure = { error };
        }
      })
      .finally(() => {
        // Pieces end in order, so the one ending is the oldest. (A block: finally() would wait
        // for a returned promise, here the piece's own.)
        this.queued.shift();
      });
    this.queued.push(piece);
  }

  /** How many pieces are pushed and not ended. */
  get length(): number {
    return this.queued.length;
  }

  /** Waits until at most `count` pieces are left to end (a bound on how far the lane lags). */
  async waitUntilAtMost(count: number): Promise<void> {
    while (this.queued.length > Math.max(0, count)) await this.queued[0];
  }

  /** Waits for every piece pushed, then throws the failure that stopped the lane, if one did. */
  async drain(): Promise<void> {
    await this.waitUntilAtMost(0);
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
