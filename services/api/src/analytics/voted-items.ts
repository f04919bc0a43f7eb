import { DEFAULT_VOTES_PER_ITEM } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { judgeEvaluators } from '../evaluations/quality-metrics.js';
import type { AnalyticsScope } from './compute-analytics.js';
import type { EvaluationTotal } from './reward-windows.js';

/*
 * A person's votes as the earnings analytics read them: the items they voted on with every vote
 * on each (one statement), judged against each item's majority per window, and their paid votes
 * totalled per evaluation by the claims' times.
 */

export interface Judged {
  submitted: number;
  approved: number;
  rejected: number;
}

/** A half-open time range [from, to). */
export interface Window {
  from: Date;
  to: Date;
}

/** Every vote and reward there is: from the epoch to the last day a timestamp can hold. */
export const FOREVER: Window = { from: new Date(0), to: new Date('9999-12-31T00:00:00Z') };

/** One item the person voted on: every vote on it, and the person's own vote. */
interface VotedItem {
  votes: Array<{ evaluatorId: string; good: boolean }>;
  /** When the person voted on it (ms since the epoch). */
  mineAt: number;
  /** When they claimed it, which is the time of the claim's reward row (ms since the epoch). */
  claimedAt: number;
  /** What their vote earned: the claim's reward, 0 for a volunteer's vote. */
  rewardCredits: number;
}

/** The items a person voted on, by evaluation, with the evaluation's title and votes_per_item. */
export type VotedItems = Map<string, { title: string | null; votesPerItem: number; items: VotedItem[] }>;

/** An item of the statement's JSON: the person's vote, and every vote on its item as [evaluator, good]. */
interface VotedItemJson {
  evaluation_id: string;
  title: string | null;
  votes_per_item: string | null;
  voted_ms: number;
  claimed_ms: number;
  reward_credits: number;
  votes: Array<[string, boolean]>;
}

/**
 * The items the person voted on, in `scope`, whose vote was cast in `voted` or whose claim was
 * made in `claimed` (none when undefined), with every vote on each item: an item's majority is
 * over all its votes, whichever window the person's vote falls in. One statement, its answer one
 * JSON value: a year of an active evaluator's items is hundreds of rows, which parsed row by row
 * (each time a Date) cost the API more than the statement cost the server.
 */
export async function readVotedItems(
  sql: SqlExecutor,
  userId: string,
  voted: Window,
  claimed: Window | undefined,
  scope: AnalyticsScope,
): Promise<VotedItems> {
  const { rows } = await sql.query<{ items: VotedItemJson[] }>(
    `SELECT COALESCE(json_agg(json_build_object(
       'evaluation_id', m.evaluation_id, 'title', e.title, 'votes_per_item', c.config->>'votes_per_item',
       'voted_ms', floor(extract(epoch FROM m.voted_at) * 1000), 'claimed_ms', floor(extract(epoch FROM m.claimed_at) * 1000),
       'reward_credits', m.reward_credits,
       'votes', (SELECT json_agg(json_build_array(v.evaluator_id, v.value = 'good'))
                 FROM evaluation_votes v WHERE v.item_id = m.item_id))), '[]') AS items
     FROM evaluation_votes m
       LEFT JOIN evaluation_configs c ON c.evaluation_id = m.evaluation_id
       LEFT JOIN evaluations e ON e.id = m.evaluation_id
     WHERE m.evaluator_id = $1
       AND ((m.voted_at >= $2 AND m.voted_at < $3) OR (m.claimed_at >= $4 AND m.claimed_at < $5))
       AND ($6::text[] IS NULL OR m.evaluation_id = ANY($6::text[]))`,
    [userId, voted.from, voted.to, claimed?.from ?? null, claimed?.to ?? null, scope ?? null],
  );
  const evaluations: VotedItems = new Map();
  for (const item of rows[0]?.items ?? []) {
    let evaluation = evaluations.get(item.evaluation_id);
    if (!evaluation) {
      const perItem = Number(item.votes_per_item);
      evaluation = {
        title: item.title,
        votesPerItem: Number.isInteger(perItem) && perItem > 0 ? perItem : DEFAULT_VOTES_PER_ITEM,
        items: [],
      };
      evaluations.set(item.evaluation_id, evaluation);
    }
    evaluation.items.push({
      votes: item.votes.map(([evaluatorId, good]) => ({ evaluatorId, good })),
      mineAt: item.voted_ms,
      claimedAt: item.claimed_ms,
      rewardCredits: Number(item.reward_credits),
    });
  }
  return evaluations;
}

/** The smallest range holding every window. */
export const spanOf = (windows: readonly Window[]): Window => ({
  from: new Date(Math.min(...windows.map((window) => window.from.getTime()))),
  to: new Date(Math.max(...windows.map((window) => window.to.getTime()))),
});

const within = (time: number, window: Window) => time >= window.from.getTime() && time < window.to.getTime();

/**
 * The person's votes cast in one window and how they were judged (judgeEvaluators, DESIGN
 * section 6): each vote against the current majority of its item once the item has its
 * evaluation's votes_per_item; votes on incomplete or tied items are not judged yet.
 */
export function judgedIn(userId: string, evaluations: VotedItems, window: Window): Judged {
  const judged: Judged = { submitted: 0, approved: 0, rejected: 0 };
  for (const { votesPerItem, items } of evaluations.values()) {
    const inWindow = items.filter((item) => within(item.mineAt, window));
    if (inWindow.length === 0) continue;
    for (const item of inWindow)
      judged.submitted += item.votes.filter((vote) => vote.evaluatorId === userId).length;
    const mine = judgeEvaluators(
      inWindow.map((item) => item.votes),
      votesPerItem,
    ).get(userId);
    judged.approved += mine?.approved ?? 0;
    judged.rejected += mine?.rejected ?? 0;
  }
  return judged;
}

/** The person's votes cast in each window, judged, from one read of their items. */
export async function judgeVotes(
  sql: SqlExecutor,
  userId: string,
  windows: readonly Window[],
  scope: AnalyticsScope,
): Promise<Judged[]> {
  const evaluations = await readVotedItems(sql, userId, spanOf(windows), undefined, scope);
  return windows.map((window) => judgedIn(userId, evaluations, window));
}

/**
 * What the person earned per evaluation from the claims they made in the window and voted on,
 * largest first (ties by id). Each paid vote is one completed reward, of the claim's credits, whose
 * row is timed at the claim (the claim's own event reserved it): the same rewards the wallet's
 * rows of the window hold, which test/scale-world.int.spec.ts checks on a generated year.
 */
export function earnedByEvaluation(evaluations: VotedItems, window: Window): EvaluationTotal[] {
  const totals: EvaluationTotal[] = [];
  for (const [evaluationId, { title, items }] of evaluations) {
    const paid = items.filter((item) => item.rewardCredits > 0 && within(item.claimedAt, window));
    if (paid.length === 0) continue;
    const credits = paid.reduce((sum, item) => sum + item.rewardCredits, 0);
    totals.push({ evaluationId, title, credits, count: paid.length });
  }
  return totals.sort(
    (a, b) =>
      b.credits - a.credits ||
      (a.evaluationId < b.evaluationId ? -1 : a.evaluationId > b.evaluationId ? 1 : 0),
  );
}
