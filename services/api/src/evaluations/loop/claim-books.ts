import type { Claim, ClaimBook } from './claim-book.js';
import { sameBookLimits, type BookLimits } from './decide-claim.js';

/** Loads an evaluation's book from the read models (once they hold every write so far). */
export type LoadClaimBook = (evaluationId: string, limits: BookLimits, nowMs: number) => Promise<ClaimBook>;

/**
 * The claim books of one writer, one per evaluation: built once by the composition root and
 * shared by the loop's writer, the configuration routes (which drop a book) and SDK ingestion
 * (which adds items to a loaded one). Only the writer decides claims from them.
 */
export class ClaimBooks {
  /** Books loading or loaded; a failed load is dropped so the next claim tries again. */
  private readonly books = new Map<string, Promise<ClaimBook>>();
  /** The same books once loaded, for synchronous lookups (a vote finds its claim without I/O). */
  private readonly loaded = new Map<string, ClaimBook>();
  private readonly forgetListeners: Array<(evaluationId: string) => void> = [];

  constructor(private readonly load: LoadClaimBook) {}

  /** The evaluation's claim book, loaded once (again after a configuration change or a new period). */
  async bookFor(evaluationId: string, limits: BookLimits, nowMs: number): Promise<ClaimBook> {
    const current = this.books.get(evaluationId);
    if (current) {
      const book = await current.catch(() => undefined);
      if (book && sameBookLimits(book.limits, limits)) return book;
      if (this.books.get(evaluationId) === current) {
        this.books.delete(evaluationId);
        this.loaded.delete(evaluationId);
      }
    }
    let loading = this.books.get(evaluationId);
    if (!loading) {
      const started = this.load(evaluationId, limits, nowMs);
      loading = started;
      this.books.set(evaluationId, started);
      started.then(
        (book) => {
          if (this.books.get(evaluationId) === started) this.loaded.set(evaluationId, book);
        },
        () => {
          if (this.books.get(evaluationId) === started) this.books.delete(evaluationId);
        },
      );
    }
    return loading;
  }

  /** The evaluation's book if one is loading or loaded (a failed load counts as none). */
  async current(evaluationId: string): Promise<ClaimBook | undefined> {
    return this.books.get(evaluationId)?.catch(() => undefined);
  }

  /** The live, voted or skipped claim of an assignment, when a loaded book has it. */
  find(assignmentId: string): { evaluationId: string; book: ClaimBook; claim: Claim } | undefined {
    for (const [evaluationId, book] of this.loaded) {
      const claim = book.find(assignmentId);
      if (claim) return { evaluationId, book, claim };
    }
    return undefined;
  }

  /** Called with the evaluation whenever its book is dropped (the loop's caches follow). */
  onForget(listener: (evaluationId: string) => void): void {
    this.forgetListeners.push(listener);
  }

  /** Drops a book (configuration changed); the next claim loads it again. */
  forget(evaluationId: string): void {
    this.books.delete(evaluationId);
    this.loaded.delete(evaluationId);
    for (const listener of this.forgetListeners) listener(evaluationId);
  }

  /** Adds newly ingested items to a loaded book. */
  async addItems(evaluationId: string, itemIds: readonly string[]): Promise<void> {
    const book = await this.current(evaluationId);
    for (const itemId of itemIds) book?.addItem(itemId);
  }

  /** Drops every book, as a restart does (the next claim or vote loads from the read models). */
  clear(): void {
    this.books.clear();
    this.loaded.clear();
  }
}
