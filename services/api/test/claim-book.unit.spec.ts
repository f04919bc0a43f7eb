import { describe, expect, it } from 'vitest';
import { ClaimBook } from '../src/evaluations/loop/claim-book.js';

const ready = Promise.resolve();
let next = 0;
const claim = (credits = 10, expiresAtMs = 1_000) => ({
  assignmentId: `a${(next += 1)}`,
  credits,
  expiresAtMs,
  ready,
});

function book(options: { votesPerItem?: number; maxCredits?: number; maxEvaluations?: number } = {}) {
  const b = new ClaimBook(
    {
      votesPerItem: options.votesPerItem ?? 2,
      maxCredits: options.maxCredits ?? null,
      maxEvaluations: options.maxEvaluations ?? null,
      periodStartMs: 0,
    },
    0,
    0,
  );
  for (const id of ['i1', 'i2']) b.addItem(id);
  return b;
}

describe('claim book', () => {
  it('hands out each item votes_per_item times to distinct evaluators, in arrival order', () => {
    const b = book();
    const took = (who: string) => {
      const result = b.take(who, claim(), 0);
      return result.ok ? result.claim.itemId : result.reason;
    };
    expect(took('ann')).toBe('i1');
    expect(took('bo')).toBe('i1');
    expect(took('cy')).toBe('i2');
    expect(took('dee')).toBe('i2');
    expect(took('eve')).toBe('no_item');
    // Ann already holds a live claim on i1, so she cannot take it twice.
    expect(b.liveClaimOf('ann', 0)?.itemId).toBe('i1');
  });

  it('frees a slot on skip (not for the skipper) and on expiry (for anyone)', () => {
    const b = book({ votesPerItem: 1 });
    const first = b.take('ann', claim(10, 100), 0);
    if (!first.ok) throw new Error('expected a claim');
    b.released(first.claim.assignmentId);
    expect(b.take('ann', claim(), 0)).toMatchObject({ ok: true, claim: { itemId: 'i2' } });
    expect(b.take('bo', claim(10, 100), 0)).toMatchObject({ ok: true, claim: { itemId: 'i1' } });
    expect(b.take('cy', claim(), 50)).toMatchObject({ ok: false, reason: 'no_item' });
    // Bo's lease ran out at 100: i1 is open again, also to Bo.
    expect(b.take('cy', claim(), 100)).toMatchObject({ ok: true, claim: { itemId: 'i1' } });
  });

  it('counts votes and stops at the period budget, in credits and in evaluations', () => {
    const b = book({ maxCredits: 25, maxEvaluations: 10 });
    const a = b.take('ann', claim(10), 0);
    const c = b.take('bo', claim(10), 0);
    expect(b.take('cy', claim(10), 0)).toEqual({ ok: false, reason: 'budget' });
    if (!a.ok || !c.ok) throw new Error('expected claims');
    b.voted(a.claim.assignmentId);
    b.cancel(c.claim.assignmentId);
    expect(b.take('cy', claim(10), 0)).toMatchObject({ ok: true });
    const byCount = book({ maxCredits: 1_000, maxEvaluations: 1 });
    expect(byCount.take('ann', claim(), 0).ok).toBe(true);
    expect(byCount.take('bo', claim(), 0)).toEqual({ ok: false, reason: 'budget' });
  });

  it('gives a cancelled claim back to the same evaluator', () => {
    const b = book({ votesPerItem: 1 });
    const first = b.take('ann', claim(), 0);
    if (!first.ok) throw new Error('expected a claim');
    b.cancel(first.claim.assignmentId);
    expect(b.take('ann', claim(), 0)).toMatchObject({ ok: true, claim: { itemId: 'i1' } });
  });
});

describe('claim book: what it keeps', () => {
  it('forgets voted and skipped claims once their lease is over, and keeps live ones', () => {
    const b = book({ votesPerItem: 3 });
    const taken = ['ann', 'bo', 'cy'].map((who) => b.take(who, claim(10, 100), 0));
    const [voted, skipped, live] = taken.map((result) => {
      if (!result.ok) throw new Error('expected a claim');
      return result.claim;
    });
    b.voted(voted!.assignmentId, 'up');
    b.released(skipped!.assignmentId);
    // Within the lease a retried vote is still answered from the book.
    b.liveClaimOf('dee', 99);
    expect(b.find(voted!.assignmentId)).toBe(voted);
    expect(b.find(skipped!.assignmentId)).toBe(skipped);
    b.liveClaimOf('dee', 100);
    expect(b.find(voted!.assignmentId)).toBeUndefined();
    expect(b.find(skipped!.assignmentId)).toBeUndefined();
    expect(voted!.evicted).toBe(true);
    // The live claim lapsed at 100 too: it is expired, not forgotten (its vote is refused by the book).
    expect(b.find(live!.assignmentId)).toMatchObject({ state: 'expired' });
    expect(live!.evicted).toBeUndefined();
  });

  it('still counts forgotten votes against the item and the budget', () => {
    const b = book({ votesPerItem: 1, maxCredits: 1_000, maxEvaluations: 2 });
    const first = b.take('ann', claim(10, 100), 0);
    if (!first.ok) throw new Error('expected a claim');
    b.voted(first.claim.assignmentId, 'up');
    b.liveClaimOf('bo', 200);
    expect(b.find(first.claim.assignmentId)).toBeUndefined();
    // i1 has its one vote; Ann has done it: both go to i2, and the budget then has room for none.
    expect(b.take('bo', claim(10, 1_000), 200)).toMatchObject({ ok: true, claim: { itemId: 'i2' } });
    expect(b.take('cy', claim(10, 1_000), 200)).toEqual({ ok: false, reason: 'budget' });
  });

  it('keeps a forgotten claim forgotten when it settles a second time', () => {
    const b = book();
    const first = b.take('ann', claim(10, 100), 0);
    if (!first.ok) throw new Error('expected a claim');
    b.voted(first.claim.assignmentId, 'up');
    b.liveClaimOf('bo', 100);
    // The read model recorded a vote on it (a retry after the lease): the book has nothing to change.
    b.voted(first.claim.assignmentId, 'up');
    b.released(first.claim.assignmentId);
    expect(b.find(first.claim.assignmentId)).toBeUndefined();
  });
});
