import { describe, expect, it } from 'vitest';
import { ClaimBook } from '../src/evaluations/loop/claim-book.js';
import { ClaimBooks } from '../src/evaluations/loop/claim-books.js';
import type { BookLimits } from '../src/evaluations/loop/decide-claim.js';

const limits = (votesPerItem = 3): BookLimits => ({
  votesPerItem,
  maxCredits: null,
  maxEvaluations: null,
  periodStartMs: 0,
});

/** Books of `items` items each; every load of an evaluation is a fresh, empty book. */
function books(items = 4) {
  return new ClaimBooks(async (_evaluationId, bookLimits) => {
    const book = new ClaimBook(bookLimits, 0, 0);
    for (let i = 0; i < items; i += 1) book.addItem(`item-${i}`);
    return book;
  });
}

let next = 0;
function take(book: ClaimBook, evaluatorId: string, expiresAtMs = 1_000) {
  const result = book.take(
    evaluatorId,
    { assignmentId: `assignment-${(next += 1)}`, credits: 1, expiresAtMs, ready: Promise.resolve() },
    0,
  );
  if (!result.ok) throw new Error(`no claim: ${result.reason}`);
  return result.claim;
}

describe('claim books: finding an assignment', () => {
  it("finds each assignment in its own evaluation's book among many", async () => {
    const all = books();
    const claims = [];
    for (let e = 0; e < 50; e += 1) {
      const book = await all.bookFor(`evaluation-${e}`, limits(), 0);
      claims.push({ evaluationId: `evaluation-${e}`, book, claim: take(book, `evaluator-${e}`) });
    }
    for (const expected of claims) expect(all.find(expected.claim.assignmentId)).toEqual(expected);
    expect(all.find('assignment-nobody-took')).toBeUndefined();
    expect(all.assignmentsKnown).toBe(50);
  });

  it('forgets the assignments of a dropped book, and of one reloaded with other limits', async () => {
    const all = books();
    const first = await all.bookFor('evaluation-a', limits(), 0);
    const other = await all.bookFor('evaluation-b', limits(), 0);
    const dropped = take(first, 'ann');
    const kept = take(other, 'ann');
    all.forget('evaluation-a');
    expect(all.find(dropped.assignmentId)).toBeUndefined();
    expect(all.find(kept.assignmentId)?.claim).toBe(kept);

    const reloaded = await all.bookFor('evaluation-b', limits(2), 0);
    expect(reloaded).not.toBe(other);
    expect(all.find(kept.assignmentId)).toBeUndefined();
    // A claim still taken on the old book (a request that held it) is not listed either.
    take(other, 'bo');
    const fresh = take(reloaded, 'cy');
    expect(all.find(fresh.assignmentId)?.book).toBe(reloaded);
    expect(all.assignmentsKnown).toBe(1);

    all.clear();
    expect(all.find(fresh.assignmentId)).toBeUndefined();
    expect(all.assignmentsKnown).toBe(0);
  });

  it('lists a loaded book’s live claims, and lets go of its settled ones after their lease', async () => {
    const all = new ClaimBooks(async (_evaluationId, bookLimits, nowMs) => {
      const book = new ClaimBook(bookLimits, 0, 0);
      book.addItem('item-0');
      book.addLive({
        assignmentId: 'loaded-live',
        itemId: 'item-0',
        evaluatorId: 'ann',
        credits: 1,
        expiresAtMs: nowMs + 500,
        reward: 1,
        tier: 'community',
        transferId: null,
        leaseExpiresAt: new Date(nowMs + 500).toISOString(),
      });
      return book;
    });
    const book = await all.bookFor('evaluation-a', limits(), 0);
    expect(all.find('loaded-live')?.claim.evaluatorId).toBe('ann');
    const voted = take(book, 'bo', 100);
    book.voted(voted.assignmentId, 'up');
    expect(all.assignmentsKnown).toBe(2);
    book.liveClaimOf('cy', 100);
    expect(all.find(voted.assignmentId)).toBeUndefined();
    expect(all.assignmentsKnown).toBe(1);
  });
});
