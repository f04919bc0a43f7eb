import { ZEvaluationEventData, type TStoredEvent } from '@evalmarket/contracts';
import type { TransactionExecutor } from '@evalmarket/db';
import { insertRows, utcDay, type BulkFold } from '@evalmarket/projector';
import { jsonOrNull, ZRewardReleased } from './evaluation-projection.js';

/*
 * The evaluation domain's bulk path for a rebuild: its hot read models (items, assignments,
 * votes, the vote-day and credits roll-ups) folded in memory over the replay, then written once
 * as plain rows. Each event has the effect its handler in evaluation-projection.ts has when
 * events are applied one by one in log order; the handlers' statements are the reference, and
 * the comparison after a rebuild reports any row where the two part. The keys the statements
 * lean on (ON CONFLICT) are kept here as maps: items by id and by external id in their
 * evaluation, assignments by id and by reward transfer, votes by id and by item and evaluator.
 */

/** The event types folded here: every write to the tables below, and nothing else. */
export const EVALUATION_FOLDED_EVENTS: ReadonlySet<string> = new Set([
  'ItemsIngested',
  'ItemsUpdated',
  'ItemClaimed',
  'VoteCast',
  'ItemReleased',
  'RewardReleased',
  'LangfuseScoresPushed',
]);

/** The tables the fold writes. */
export const EVALUATION_FOLDED_TABLES = [
  'evaluation_items',
  'evaluation_assignments',
  'evaluation_votes',
  'evaluation_vote_days',
  'evaluation_credits',
] as const;

type AssignmentStatus = 'claimed' | 'voted' | 'released' | 'expired';

interface ItemRow {
  item_id: string;
  evaluation_id: string;
  external_id: string;
  source: string;
  input: string | null;
  output: string | null;
  metadata: string | null;
  vote_count: number;
  good_count: number;
  ingested_at: string;
  ingested_position: number;
  batch_index: number;
}

interface AssignmentRow {
  assignment_id: string;
  evaluation_id: string;
  item_id: string;
  evaluator_id: string;
  tier: string;
  reward_credits: number;
  transfer_id: string | null;
  status: AssignmentStatus;
  claimed_at: string;
  expires_at: string;
  settled_at: string | null;
  updated_position: number;
}

interface VoteRow {
  vote_id: string;
  assignment_id: string;
  evaluation_id: string;
  item_id: string;
  evaluator_id: string;
  tier: string;
  value: string;
  comment: string | null;
  reward_credits: number;
  claimed_at: string;
  voted_at: string;
  recorded_position: number;
  langfuse_score_pushed_at: string | null;
}

interface VoteDayRow {
  evaluation_id: string;
  day: string;
  tier: string;
  votes: number;
  paid_votes: number;
  credits: number;
}

interface CreditsRow {
  evaluation_id: string;
  credits_reserved: number;
  credits_spent: number;
}

/** The folded read models, keyed as their tables are. */
class EvaluationFold {
  readonly items = new Map<string, ItemRow>();
  /** evaluation_id and external_id of each item: the second unique key of evaluation_items. */
  private readonly itemKeys = new Set<string>();
  readonly assignments = new Map<string, AssignmentRow>();
  /** Assignment ids by reward transfer (unique where not null). */
  private readonly byTransfer = new Map<string, string>();
  readonly votes = new Map<string, VoteRow>();
  /** item_id and evaluator_id of each vote: the second unique key of evaluation_votes. */
  private readonly votePairs = new Set<string>();
  readonly voteDays = new Map<string, VoteDayRow>();
  readonly credits = new Map<string, CreditsRow>();

  get rows(): number {
    return this.items.size + this.assignments.size + this.votes.size + this.voteDays.size + this.credits.size;
  }

  add(event: TStoredEvent): void {
    switch (event.type) {
      case 'ItemsIngested':
        return this.itemsIngested(event);
      case 'ItemsUpdated':
        return this.itemsUpdated(event);
      case 'ItemClaimed':
        return this.itemClaimed(event);
      case 'VoteCast':
        return this.voteCast(event);
      case 'ItemReleased': {
        const data = ZEvaluationEventData.ItemReleased.parse(event.data);
        return this.release(data.assignment_id, data.reason, event);
      }
      case 'RewardReleased': {
        const data = ZRewardReleased.parse(event.data);
        const assignmentId = this.byTransfer.get(data.transfer_id);
        if (assignmentId !== undefined) this.release(assignmentId, data.reason, event);
        return;
      }
      case 'LangfuseScoresPushed': {
        const data = ZEvaluationEventData.LangfuseScoresPushed.parse(event.data);
        for (const voteId of data.vote_ids) {
          const vote = this.votes.get(voteId);
          if (vote) vote.langfuse_score_pushed_at = event.recorded_at;
        }
        return;
      }
    }
  }

  /** In the batch's order; an item whose id or external id is taken is left out. */
  private itemsIngested(event: TStoredEvent): void {
    const data = ZEvaluationEventData.ItemsIngested.parse(event.data);
    for (const [index, item] of data.items.entries()) {
      const key = `${data.evaluation_id}\u0000${item.external_id}`;
      if (this.items.has(item.item_id) || this.itemKeys.has(key)) continue;
      this.itemKeys.add(key);
      this.items.set(item.item_id, {
        item_id: item.item_id,
        evaluation_id: data.evaluation_id,
        external_id: item.external_id,
        source: data.source,
        input: jsonOrNull(item.input),
        output: jsonOrNull(item.output),
        metadata: jsonOrNull(item.metadata),
        vote_count: 0,
        good_count: 0,
        ingested_at: event.recorded_at,
        ingested_position: event.global_position,
        batch_index: index,
      });
    }
  }

  private itemsUpdated(event: TStoredEvent): void {
    const data = ZEvaluationEventData.ItemsUpdated.parse(event.data);
    for (const update of data.items) {
      const item = this.items.get(update.item_id);
      if (!item || item.evaluation_id !== data.evaluation_id) continue;
      item.input = jsonOrNull(update.input);
      item.output = jsonOrNull(update.output);
      item.metadata = jsonOrNull(update.metadata);
    }
  }

  /** A new assignment, its reward reserved; a claim already folded is left as it is. */
  private itemClaimed(event: TStoredEvent): void {
    const data = ZEvaluationEventData.ItemClaimed.parse(event.data);
    if (this.assignments.has(data.assignment_id)) return;
    if (data.transfer_id !== null) {
      const holder = this.byTransfer.get(data.transfer_id);
      if (holder !== undefined) {
        // The live statement fails on the transfer's unique key the same way.
        throw new Error(
          `assignment ${data.assignment_id} claims reward transfer ${data.transfer_id} of assignment ${holder}`,
        );
      }
      this.byTransfer.set(data.transfer_id, data.assignment_id);
    }
    const assignment: AssignmentRow = {
      assignment_id: data.assignment_id,
      evaluation_id: data.evaluation_id,
      item_id: data.item_id,
      evaluator_id: data.evaluator_id,
      tier: data.tier,
      reward_credits: data.reward_credits,
      transfer_id: data.transfer_id,
      status: 'claimed',
      claimed_at: event.recorded_at,
      expires_at: data.expires_at,
      settled_at: null,
      updated_position: event.global_position,
    };
    this.assignments.set(assignment.assignment_id, assignment);
    this.moveCredits(assignment, undefined);
  }

  /**
   * A vote of a known assignment, once per vote id and per item and evaluator: it settles its
   * assignment and counts on its day, its evaluation's credits and the item it names.
   */
  private voteCast(event: TStoredEvent): void {
    const data = ZEvaluationEventData.VoteCast.parse(event.data);
    const assignment = this.assignments.get(data.assignment_id);
    if (!assignment) return;
    const pair = `${assignment.item_id}\u0000${assignment.evaluator_id}`;
    if (this.votes.has(data.vote_id) || this.votePairs.has(pair)) return;
    this.votePairs.add(pair);
    this.votes.set(data.vote_id, {
      vote_id: data.vote_id,
      assignment_id: assignment.assignment_id,
      evaluation_id: assignment.evaluation_id,
      item_id: assignment.item_id,
      evaluator_id: assignment.evaluator_id,
      tier: assignment.tier,
      value: data.value,
      comment: data.comment,
      reward_credits: assignment.reward_credits,
      claimed_at: assignment.claimed_at,
      voted_at: event.recorded_at,
      recorded_position: event.global_position,
      langfuse_score_pushed_at: null,
    });
    this.countOnDay(assignment);
    const was = assignment.status;
    assignment.status = 'voted';
    assignment.settled_at = event.recorded_at;
    assignment.updated_position = event.global_position;
    this.moveCredits(assignment, was);
    const item = this.items.get(data.item_id);
    if (item) {
      item.vote_count += 1;
      if (data.value === 'good') item.good_count += 1;
    }
  }

  /** A claim still open ends, expired or released, and its reward is no longer reserved. */
  private release(assignmentId: string, reason: string, event: TStoredEvent): void {
    const assignment = this.assignments.get(assignmentId);
    if (!assignment || assignment.status !== 'claimed') return;
    assignment.status = reason === 'expired' ? 'expired' : 'released';
    assignment.settled_at = event.recorded_at;
    assignment.updated_position = event.global_position;
    this.moveCredits(assignment, 'claimed');
  }

  /** The vote's claim day (UTC) in its evaluation's roll-up. */
  private countOnDay(assignment: AssignmentRow): void {
    const day = utcDay(assignment.claimed_at);
    const key = `${assignment.evaluation_id}\u0000${day}\u0000${assignment.tier}`;
    let row = this.voteDays.get(key);
    if (!row) {
      row = {
        evaluation_id: assignment.evaluation_id,
        day,
        tier: assignment.tier,
        votes: 0,
        paid_votes: 0,
        credits: 0,
      };
      this.voteDays.set(key, row);
    }
    row.votes += 1;
    if (assignment.reward_credits > 0) row.paid_votes += 1;
    row.credits += assignment.reward_credits;
  }

  /**
   * An assignment's move from `was` to its status in its evaluation's credits (statusMoves in
   * evaluation-credits.ts): only assignments with a reward transfer count, and their move makes
   * the evaluation's row even when it moves nothing.
   */
  private moveCredits(assignment: AssignmentRow, was: AssignmentStatus | undefined): void {
    if (assignment.transfer_id === null) return;
    let row = this.credits.get(assignment.evaluation_id);
    if (!row) {
      row = { evaluation_id: assignment.evaluation_id, credits_reserved: 0, credits_spent: 0 };
      this.credits.set(assignment.evaluation_id, row);
    }
    const amount = assignment.reward_credits;
    const now = assignment.status;
    row.credits_reserved += (now === 'claimed' ? amount : 0) - (was === 'claimed' ? amount : 0);
    row.credits_spent += (now === 'voted' ? amount : 0) - (was === 'voted' ? amount : 0);
  }
}

const ITEM_COLUMNS: (keyof ItemRow & string)[] = [
  'item_id',
  'evaluation_id',
  'external_id',
  'source',
  'input',
  'output',
  'metadata',
  'vote_count',
  'good_count',
  'ingested_at',
  'ingested_position',
  'batch_index',
];

const ASSIGNMENT_COLUMNS: (keyof AssignmentRow & string)[] = [
  'assignment_id',
  'evaluation_id',
  'item_id',
  'evaluator_id',
  'tier',
  'reward_credits',
  'transfer_id',
  'status',
  'claimed_at',
  'expires_at',
  'settled_at',
  'updated_position',
];

const VOTE_COLUMNS: (keyof VoteRow & string)[] = [
  'vote_id',
  'assignment_id',
  'evaluation_id',
  'item_id',
  'evaluator_id',
  'tier',
  'value',
  'comment',
  'reward_credits',
  'claimed_at',
  'voted_at',
  'recorded_position',
  'langfuse_score_pushed_at',
];

const VOTE_DAY_COLUMNS: (keyof VoteDayRow & string)[] = [
  'evaluation_id',
  'day',
  'tier',
  'votes',
  'paid_votes',
  'credits',
];

const CREDITS_COLUMNS: (keyof CreditsRow & string)[] = ['evaluation_id', 'credits_reserved', 'credits_spent'];

/** The evaluation domain's fold (see the head of this file), for its projection's bulk path. */
export function evaluationBulkFold(): BulkFold {
  const fold = new EvaluationFold();
  return {
    add(events) {
      for (const event of events) if (EVALUATION_FOLDED_EVENTS.has(event.type)) fold.add(event);
    },
    get rows() {
      return fold.rows;
    },
    async write(tx: TransactionExecutor) {
      await insertRows(tx, 'evaluation_items', ITEM_COLUMNS, [...fold.items.values()]);
      await insertRows(tx, 'evaluation_assignments', ASSIGNMENT_COLUMNS, [...fold.assignments.values()]);
      await insertRows(tx, 'evaluation_votes', VOTE_COLUMNS, [...fold.votes.values()]);
      await insertRows(tx, 'evaluation_vote_days', VOTE_DAY_COLUMNS, [...fold.voteDays.values()]);
      await insertRows(tx, 'evaluation_credits', CREDITS_COLUMNS, [...fold.credits.values()]);
    },
  };
}
