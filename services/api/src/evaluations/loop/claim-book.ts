import type { SqlExecutor } from '@evalmarket/db';
import {
  BOOK_EXPIRY_GRACE_MS,
  budgetAllows,
  itemFull,
  itemHasRoom,
  lapsed,
  type BookLimits,
} from './decide-claim.js';

/*
 * The claim book of one evaluation: which items are open to whom, in memory, so a claim is
 * decided synchronously (no database round trip, no queue) and claims of a hot evaluation run
 * side by side. It is loaded from the read models on first use and kept current by this process's
 * own writes (claims, votes, skips, ingestion); leases lapse by time. One process must serve the
 * claims of an evaluation (the embedded default runs one); the ledger still refuses any overspend.
 */

export interface Claim {
  assignmentId: string;
  itemId: string;
  evaluatorId: string;
  credits: number;
  /** When the book frees the slot: the lease's end plus BOOK_EXPIRY_GRACE_MS. */
  expiresAtMs: number;
  /** What the assignment reply and the vote need without reading the read models. */
  reward: number;
  tier: string;
  transferId: string | null;
  /** The lease's end as the ledger (or, unpaid, the claim) set it. */
  leaseExpiresAt: string;
  state: 'live' | 'voted' | 'released' | 'expired';
  /** Settles once the claim's ItemClaimed is committed (or the claim failed). */
  ready: Promise<void>;
  /** The vote this process recorded, once recorded. */
  vote?: string;
  /** A vote being recorded: a second vote on the assignment waits for it. */
  voting?: Promise<unknown>;
  /** The next claim a vote + next on this claim started alongside its vote (shared by retries). */
  nextClaim?: Promise<unknown>;
  /** Voted or skipped and then forgotten by the book: the read model answers it from now on. */
  evicted?: true;
}

/**
 * Where a loaded book lists the assignments it knows (claim-books.ts), so that a vote finds its
 * book in one lookup however many evaluations this process has loaded.
 */
export interface AssignmentIndex {
  add(assignmentId: string): void;
  remove(assignmentId: string): void;
}

interface BookItem {
  itemId: string;
  votes: number;
  live: Map<string, Claim>;
  done: Set<string>;
}

export type { BookLimits };
export { BOOK_EXPIRY_GRACE_MS };

export type TakeResult = { ok: true; claim: Claim } | { ok: false; reason: 'no_item' | 'budget' };

export class ClaimBook {
  private readonly items: BookItem[] = [];
  private readonly byItem = new Map<string, BookItem>();
  private readonly byAssignment = new Map<string, Claim>();
  private readonly liveByEvaluator = new Map<string, Claim>();
  /** Live claims in claim order; leases have one length, so also in expiry order. */
  private readonly queue: Claim[] = [];
  private head = 0;
  /**
   * Voted and skipped claims in the order they settled, forgotten once their lease would have
   * ended (see evictSettled).
   */
  private readonly settled: Claim[] = [];
  private settledHead = 0;
  private index: AssignmentIndex | undefined;
  private firstOpen = 0;
  private liveCredits = 0;
  private liveCount = 0;

  constructor(
    readonly limits: BookLimits,
    private spentCredits: number,
    private votedCount: number,
  ) {}

  addItem(itemId: string, votes = 0, done: Iterable<string> = []): void {
    if (this.byItem.has(itemId)) return;
    const item: BookItem = { itemId, votes, live: new Map(), done: new Set(done) };
    this.items.push(item);
    this.byItem.set(itemId, item);
  }

  /** A live claim loaded from the read models. */
  addLive(claim: Omit<Claim, 'state' | 'ready'>): void {
    const item = this.byItem.get(claim.itemId);
    if (!item) return;
    const entry: Claim = { ...claim, state: 'live', ready: Promise.resolve() };
    this.track(item, entry);
  }

  /** The claim of an assignment this book knows (live, voted, skipped or expired). */
  find(assignmentId: string): Claim | undefined {
    return this.byAssignment.get(assignmentId);
  }

  /** Lists this book's assignments in `index`, now and as it takes and forgets claims. */
  attach(index: AssignmentIndex): void {
    this.index = index;
    for (const assignmentId of this.byAssignment.keys()) index.add(assignmentId);
  }

  /** Takes this book's assignments out of its index (the book was dropped). */
  detach(): void {
    const index = this.index;
    this.index = undefined;
    if (index) for (const assignmentId of this.byAssignment.keys()) index.remove(assignmentId);
  }

  liveClaimOf(evaluatorId: string, nowMs: number): Claim | undefined {
    this.prune(nowMs);
    const claim = this.liveByEvaluator.get(evaluatorId);
    if (claim && lapsed(claim.expiresAtMs, nowMs)) {
      this.untrack(claim, 'expired');
      return undefined;
    }
    return claim;
  }

  /** Decides a claim: the first open item this evaluator has not voted on, skipped or claimed. */
  take(
    evaluatorId: string,
    claim: Pick<Claim, 'assignmentId' | 'credits' | 'expiresAtMs' | 'ready'> &
      Partial<Pick<Claim, 'reward' | 'tier' | 'transferId' | 'leaseExpiresAt'>>,
    nowMs: number,
  ): TakeResult {
    this.prune(nowMs);
    const { votesPerItem } = this.limits;
    const spend = {
      spentCredits: this.spentCredits,
      votedCount: this.votedCount,
      liveCredits: this.liveCredits,
      liveCount: this.liveCount,
    };
    if (!budgetAllows(this.limits, spend, claim.credits)) return { ok: false, reason: 'budget' };
    while (this.firstOpen < this.items.length && itemFull(this.items[this.firstOpen]!.votes, votesPerItem)) {
      this.firstOpen += 1;
    }
    for (let index = this.firstOpen; index < this.items.length; index += 1) {
      const item = this.items[index]!;
      // Leases of different lengths can end out of queue order: check this item's own.
      for (const held of item.live.values())
        if (lapsed(held.expiresAtMs, nowMs)) this.untrack(held, 'expired');
      if (!itemHasRoom(item.votes, item.live.size, votesPerItem)) continue;
      // Not twice to one evaluator: not after their vote or skip, not while they hold it.
      if (item.done.has(evaluatorId) || item.live.has(evaluatorId)) continue;
      const entry: Claim = {
        reward: claim.credits,
        tier: 'community',
        transferId: null,
        leaseExpiresAt: new Date(claim.expiresAtMs - BOOK_EXPIRY_GRACE_MS).toISOString(),
        ...claim,
        itemId: item.itemId,
        evaluatorId,
        state: 'live',
      };
      this.track(item, entry);
      return { ok: true, claim: entry };
    }
    return { ok: false, reason: 'no_item' };
  }

  /** The claim did not happen after all (the ledger refused, the append failed). */
  cancel(assignmentId: string): void {
    const claim = this.byAssignment.get(assignmentId);
    if (!claim || claim.state !== 'live') return;
    this.untrack(claim, 'released');
    this.byItem.get(claim.itemId)?.done.delete(claim.evaluatorId);
    this.forget(claim);
  }

  voted(assignmentId: string, vote?: string): void {
    const claim = this.byAssignment.get(assignmentId);
    if (!claim || claim.state === 'voted') return;
    if (vote !== undefined) claim.vote = vote;
    if (claim.state === 'live') this.untrack(claim, 'voted');
    claim.state = 'voted';
    const item = this.byItem.get(claim.itemId);
    if (item) {
      item.votes += 1;
      item.done.add(claim.evaluatorId);
    }
    this.spentCredits += claim.credits;
    this.votedCount += 1;
    this.settled.push(claim);
  }

  released(assignmentId: string): void {
    const claim = this.byAssignment.get(assignmentId);
    if (claim?.state !== 'live') return;
    this.untrack(claim, 'released');
    this.settled.push(claim);
  }

  private track(item: BookItem, claim: Claim): void {
    item.live.set(claim.evaluatorId, claim);
    this.byAssignment.set(claim.assignmentId, claim);
    this.index?.add(claim.assignmentId);
    this.liveByEvaluator.set(claim.evaluatorId, claim);
    this.queue.push(claim);
    this.liveCredits += claim.credits;
    this.liveCount += 1;
  }

  private untrack(claim: Claim, state: 'voted' | 'released' | 'expired'): void {
    claim.state = state;
    const item = this.byItem.get(claim.itemId);
    item?.live.delete(claim.evaluatorId);
    // A skipped item is not offered to the same evaluator again; an expired one is.
    if (state === 'released') item?.done.add(claim.evaluatorId);
    if (this.liveByEvaluator.get(claim.evaluatorId) === claim) this.liveByEvaluator.delete(claim.evaluatorId);
    this.liveCredits -= claim.credits;
    this.liveCount -= 1;
  }

  private forget(claim: Claim): void {
    this.byAssignment.delete(claim.assignmentId);
    this.index?.remove(claim.assignmentId);
  }

  private prune(nowMs: number): void {
    this.expireLeases(nowMs);
    this.evictSettled(nowMs);
  }

  private expireLeases(nowMs: number): void {
    while (this.head < this.queue.length) {
      const claim = this.queue[this.head]!;
      if (claim.state === 'live') {
        if (!lapsed(claim.expiresAtMs, nowMs)) break;
        this.untrack(claim, 'expired');
      }
      this.head += 1;
    }
    if (this.head > 1_024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }

  /**
   * Forgets the voted and skipped claims whose lease would have ended by now. Kept, every vote
   * an evaluation ever had stayed in memory for the life of the process. A retried vote within
   * the lease is still answered from the book; after it, the read model answers (as it does for
   * a claim made before a restart), with the same outcome: the vote repeated, or refused.
   */
  private evictSettled(nowMs: number): void {
    while (this.settledHead < this.settled.length) {
      const claim = this.settled[this.settledHead]!;
      if (!lapsed(claim.expiresAtMs, nowMs)) break;
      if (this.byAssignment.get(claim.assignmentId) === claim) {
        claim.evicted = true;
        this.forget(claim);
      }
      this.settledHead += 1;
    }
    if (this.settledHead > 1_024 && this.settledHead * 2 > this.settled.length) {
      this.settled.splice(0, this.settledHead);
      this.settledHead = 0;
    }
  }
}

export async function loadClaimBook(
  sql: SqlExecutor,
  evaluationId: string,
  limits: BookLimits,
  nowMs: number,
): Promise<ClaimBook> {
  const since = new Date(limits.periodStartMs).toISOString();
  const now = new Date(nowMs).toISOString();
  // A lease ends after it began (expires_at >= claimed_at), so `expires_at >= $2` only narrows the
  // scan to the evaluation's lease-end index range.
  const { rows: spend } = await sql.query<{ credits: string | number; count: string | number }>(
    `SELECT COALESCE(SUM(reward_credits), 0) AS credits, COUNT(*) AS count FROM evaluation_assignments
     WHERE evaluation_id = $1 AND expires_at >= $2 AND claimed_at >= $2 AND status = 'voted'`,
    [evaluationId, since],
  );
  const book = new ClaimBook(limits, Number(spend[0]?.credits ?? 0), Number(spend[0]?.count ?? 0));
  const { rows: items } = await sql.query<{ item_id: string; vote_count: number; done: string[] | null }>(
    `SELECT i.item_id, i.vote_count,
       (SELECT array_agg(a.evaluator_id) FROM evaluation_assignments a
        WHERE a.item_id = i.item_id AND a.status IN ('voted', 'released')) AS done
     FROM evaluation_items i WHERE i.evaluation_id = $1 ORDER BY i.ingested_position, i.batch_index`,
    [evaluationId],
  );
  for (const item of items) book.addItem(item.item_id, Number(item.vote_count), item.done ?? []);
  const { rows: live } = await sql.query<{
    assignment_id: string;
    item_id: string;
    evaluator_id: string;
    reward_credits: string | number;
    expires_at: Date | string;
    claimed_at: Date | string;
    tier: string;
    transfer_id: string | null;
  }>(
    `SELECT assignment_id, item_id, evaluator_id, reward_credits, expires_at, claimed_at, tier, transfer_id
     FROM evaluation_assignments
     WHERE evaluation_id = $1 AND status = 'claimed' AND expires_at > $2 ORDER BY expires_at`,
    [evaluationId, now],
  );
  for (const claim of live) {
    book.addLive({
      assignmentId: claim.assignment_id,
      itemId: claim.item_id,
      evaluatorId: claim.evaluator_id,
      // Claims of an earlier period hold no credits of this one.
      credits:
        new Date(claim.claimed_at).getTime() >= limits.periodStartMs ? Number(claim.reward_credits) : 0,
      expiresAtMs: new Date(claim.expires_at).getTime() + BOOK_EXPIRY_GRACE_MS,
      reward: Number(claim.reward_credits),
      tier: claim.tier,
      transferId: claim.transfer_id,
      leaseExpiresAt: new Date(claim.expires_at).toISOString(),
    });
  }
  return book;
}
