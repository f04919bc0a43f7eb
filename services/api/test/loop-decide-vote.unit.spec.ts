import { describe, expect, it } from 'vitest';
import {
  decideBookVote,
  decideSkip,
  decideStoredVote,
  itemReleased,
  postRewardProblem,
  releaseProblem,
  repeatOrRefuse,
  voteCast,
  voteComment,
  voteIdOf,
  votedProblem,
  type BookClaimState,
} from '../src/evaluations/loop/decide-vote.js';
import { ALREADY_VOTED, ASSIGNMENT_OVER } from '../src/evaluations/loop/loop-problems.js';

/* The vote, skip and expiry rules of the evaluation loop, given / when / then. */

const LEASE_END = '2026-01-01T00:10:00.000Z';
const leaseEndMs = Date.parse(LEASE_END);
const over = { kind: 'refuse', problem: ASSIGNMENT_OVER };
const votedTwice = { kind: 'refuse', problem: ALREADY_VOTED };

describe('refusal texts', () => {
  it('are the spec texts', () => {
    expect(ASSIGNMENT_OVER).toEqual({
      status: 409,
      code: 'assignment_expired',
      detail: 'This assignment is no longer active (skipped or its lease expired)',
    });
    expect(ALREADY_VOTED).toEqual({
      status: 409,
      code: 'already_voted',
      detail: 'This item already has your vote',
    });
  });
});

describe('decideBookVote', () => {
  const paid: BookClaimState = { state: 'live', transferId: 't', leaseExpiresAt: LEASE_END };
  const volunteer: BookClaimState = { state: 'live', transferId: null, leaseExpiresAt: LEASE_END };

  it('given a live claim, when its evaluator votes within the lease, then the vote is recorded', () => {
    expect(decideBookVote(volunteer, 'good', leaseEndMs - 1)).toEqual({ kind: 'record' });
    expect(decideBookVote(paid, 'good', leaseEndMs - 1)).toEqual({ kind: 'record' });
  });

  it("given a volunteer lease at its end, then the vote is refused; a paid one is the ledger's call", () => {
    expect(decideBookVote(volunteer, 'good', leaseEndMs)).toEqual(over);
    expect(decideBookVote(paid, 'good', leaseEndMs + 60_000)).toEqual({ kind: 'record' });
  });

  it('given a skipped or lapsed claim, then the vote is refused', () => {
    expect(decideBookVote({ ...paid, state: 'released' }, 'good', 0)).toEqual(over);
    expect(decideBookVote({ ...paid, state: 'expired' }, 'good', 0)).toEqual(over);
  });

  it('given a vote recorded here, then the same vote repeats and another is refused', () => {
    const voted: BookClaimState = { ...paid, state: 'voted', vote: 'good' };
    expect(decideBookVote(voted, 'good', leaseEndMs + 1)).toEqual({ kind: 'repeat' });
    expect(decideBookVote(voted, 'bad', 0)).toEqual(votedTwice);
  });

  it('given a vote the book counted without its value, then the read model decides', () => {
    expect(decideBookVote({ ...paid, state: 'voted' }, 'good', 0)).toEqual({ kind: 'unknown' });
  });
});

describe('decideStoredVote', () => {
  const claimed = { status: 'claimed', transfer_id: null, expires_at: LEASE_END };

  it('given a voted assignment, then only the recorded value repeats', () => {
    const voted = { ...claimed, status: 'voted' };
    expect(decideStoredVote(voted, 'bad', 'bad', 0)).toEqual({ kind: 'repeat' });
    expect(decideStoredVote(voted, 'good', 'bad', 0)).toEqual(votedTwice);
    expect(decideStoredVote(voted, undefined, 'bad', 0)).toEqual(votedTwice);
  });

  it('given a skipped or expired assignment, then the vote is refused', () => {
    expect(decideStoredVote({ ...claimed, status: 'released' }, undefined, 'good', 0)).toEqual(over);
    expect(decideStoredVote({ ...claimed, status: 'expired' }, undefined, 'good', 0)).toEqual(over);
  });

  it('given a volunteer claim, then its lease end is checked here', () => {
    expect(decideStoredVote(claimed, undefined, 'good', leaseEndMs - 1)).toEqual({ kind: 'record' });
    expect(decideStoredVote(claimed, undefined, 'good', leaseEndMs)).toEqual(over);
    expect(
      decideStoredVote({ ...claimed, expires_at: new Date(LEASE_END) }, undefined, 'good', leaseEndMs),
    ).toEqual(over);
  });

  it('given a paid claim, then the ledger alone knows when its lease lapsed', () => {
    expect(decideStoredVote({ ...claimed, transfer_id: 't' }, undefined, 'good', leaseEndMs + 1)).toEqual({
      kind: 'record',
    });
  });
});

describe('after recording', () => {
  it('a retry whose first attempt landed with another value is a conflict', () => {
    expect(votedProblem('good', 'good')).toBeUndefined();
    expect(votedProblem('good', 'bad')).toBe(ALREADY_VOTED);
    expect(repeatOrRefuse('good', 'good')).toEqual({ kind: 'repeat' });
  });

  it('names the posting refusals that mean the lease is over, and only those', () => {
    expect(postRewardProblem('transfer_expired')).toBe(ASSIGNMENT_OVER);
    expect(postRewardProblem('transfer_already_voided')).toBe(ASSIGNMENT_OVER);
    expect(postRewardProblem('ledger_unavailable')).toBeUndefined();
  });
});

describe('skip', () => {
  it('given a live claim, then it is skipped; a skipped one answers again; anything else is over', () => {
    expect(decideSkip('claimed')).toEqual({ kind: 'skip' });
    expect(decideSkip('released')).toEqual({ kind: 'repeat' });
    expect(decideSkip('voted')).toEqual(over);
    expect(decideSkip('expired')).toEqual(over);
  });

  it('names a reward voided already (lapsed meanwhile) as over, and only that', () => {
    expect(releaseProblem('transfer_already_voided')).toBe(ASSIGNMENT_OVER);
    expect(releaseProblem('transfer_expired')).toBeUndefined();
  });

  it('records a skip as ItemReleased, reason skipped', () => {
    expect(itemReleased('ev', 'a')).toEqual({
      type: 'ItemReleased',
      data: { evaluation_id: 'ev', assignment_id: 'a', reason: 'skipped' },
    });
  });
});

describe('vote events', () => {
  it('one vote per assignment: its id derives from the assignment', () => {
    expect(voteIdOf('a-1')).toBe('vote-a-1');
  });

  it('records a vote as VoteCast', () => {
    expect(voteCast('ev', { assignmentId: 'a', itemId: 'i', evaluatorId: 'e' }, 'bad', 'why')).toEqual({
      type: 'VoteCast',
      data: {
        evaluation_id: 'ev',
        vote_id: 'vote-a',
        assignment_id: 'a',
        item_id: 'i',
        evaluator_id: 'e',
        value: 'bad',
        comment: 'why',
      },
    });
  });

  it('stores a comment trimmed, and none when blank or absent', () => {
    expect(voteComment('  fine  ')).toBe('fine');
    expect(voteComment('   ')).toBeNull();
    expect(voteComment(undefined)).toBeNull();
    expect(voteComment(null)).toBeNull();
  });
});
