import type { AssignmentIndex, Claim, ClaimBook } from './claim-book.js';
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
  /**
   * The evaluation of every assignment a loaded book knows. A vote carries only its assignment:
   * asking each loaded book in turn cost a lookup per book, 250 us a vote with 1,000 books.
   */
  private readonly evaluationOf = new Map<string, string>();

  constructor(private readonly load: LoadClaimBook) {}

  /** The evaluation's claim book, loaded once (again after a configuration change or a new period). */
  async bookFor(evaluationId: string, limits: BookLimits, nowMs: number): Promise<ClaimBook> {
    const current = this.books.get(evaluationId);
    if (current) {
      const book = await current.catch(() => undefined);
      if (book && sameBookLimits(book.limits, limits)) return book;
      if (this.books.get(evaluationId) === current) this.drop(evaluationId);
    }
    let loading = this.books.get(evaluationId);
    if (!loading) {
      const started = this.load(evaluationId, limits, nowMs);
      loading = started;
      this.books.set(evaluationId, started);
      started.then(
        (book) => {
          if (this.books.get(evaluationId) !== started) return;
          this.loaded.set(evaluationId, book);
          book.attach(this.indexFor(evaluationId));
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
    const evaluationId = this.evaluationOf.get(assignmentId);
    if (evaluationId === undefined) return undefined;
    const book = this.loaded.get(evaluationId);
    const claim = book?.find(assignmentId);
    return book && claim ? { evaluationId, book, claim } : undefined;
  }

  /** How many assignments the loaded books know, for tests of what they keep. */
  get assignmentsKnown(): number {
    return this.evaluationOf.size;
  }

  private indexFor(evaluationId: string): AssignmentIndex {
    return {
      add: (assignmentId) => this.evaluationOf.set(assignmentId, evaluationId),
      remove: (assignmentId) => {
        if (this.evaluationOf.get(assignmentId) === evaluationId) this.evaluationOf.delete(assignmentId);
      },
    };
  }

  /** Drops the evaluation's book (loading or loaded) and its assignments from the index. */
  private drop(evaluationId: string): void {
    this.books.delete(evaluationId);
    this.loaded.get(evaluationId)?.detach();
    this.loaded.delete(evaluationId);
  }

  /** Called with the evaluation whenever its book is dropped (the loop's caches follow). */
  onForget(listener: (evaluationId: string) => void): void {
    this.forgetListeners.push(listener);
  }

  /** Drops a book (configuration changed); the next claim loads it again. */
  forget(evaluationId: string): void {
    this.drop(evaluationId);
    for (const listener of this.forgetListeners) listener(evaluationId);
  }

  /** Adds newly ingested items to a loaded book. */
  async addItems(evaluationId: string, itemIds: readonly string[]): Promise<void> {
    const book = await this.current(evaluationId);
    for (const itemId of itemIds) book?.addItem(itemId);
  }

  /** Drops every book, as a restart does (the next claim or vote loads from the read models). */
  clear(): void {
    for (const book of this.loaded.values()) book.detach();
    this.books.clear();
    this.loaded.clear();
  }
}
