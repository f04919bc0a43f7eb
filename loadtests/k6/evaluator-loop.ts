/**
 * The evaluator loop at the bench target: evaluators claim an item and vote on it, on a hot
 * evaluation, at an arrival rate ramping to PEAK_VOTES_PER_SECOND (4,000 completed votes/s, the
 * target of issue 5; services/api/README.md, Throughput). Two loops, as `npm run bench` measures:
 *
 * - claim_then_vote: POST /evaluator/assignments, then POST /evaluator/assignments/{id}/vote
 *   (two requests per completed vote; the target is for this loop);
 * - vote_with_next: the vote carries `next: true` and its reply the next claim (one request per
 *   completed vote once each VU holds an assignment).
 *
 * LOOP picks claim-vote (default), vote-next or both (one after the other, each on its own
 * evaluation). One iteration = one completed vote, so the arrival rate is votes per second.
 *
 * World: setup signs in one evaluator per VU (refresh tokens rotate, so a session belongs to one
 * VU), a requester who buys nothing but is granted the credits the run needs (development
 * endpoint) and two evaluations with enough items for the planned votes. For a real deployment
 * give EVALUATION_ID (both loops then share it) and EVALUATOR_REFRESH_TOKENS (comma-separated,
 * one per VU) instead.
 */
import { check, fail } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { call, json } from './lib/api.ts';
import { envList, envNumber, runId } from './lib/env.ts';
import { plannedIterations, scenarioFor, scenarioSeconds, totalMaxVUs, type Work } from './lib/profiles.ts';
import { accessToken, sessionFromRefreshToken, type Session } from './lib/session.ts';
import { summaryOutputs, TREND_STATS, type SummaryData } from './lib/summary.ts';
import { COMMON_THRESHOLDS, latencyThresholds, LOOP_P99_MS } from './lib/thresholds.ts';
import { applyAsEvaluator, createEvaluation, grantCredits, ingestItems, signIn } from './lib/world.ts';

const PEAK = envNumber('PEAK_VOTES_PER_SECOND', 4_000);
const VOTES_PER_ITEM = envNumber('VOTES_PER_ITEM', 3);
const RATE = 10;
const LOOP = __ENV.LOOP || 'claim-vote';

const claimThenVoteWork: Work = {
  exec: 'claimThenVote',
  peakRate: PEAK,
  vus: envNumber('VUS', 200),
  maxVUs: envNumber('MAX_VUS', 400),
};
const voteWithNextWork: Work = { ...claimThenVoteWork, exec: 'voteWithNext' };
const works = {
  'claim-vote': [claimThenVoteWork],
  'vote-next': [voteWithNextWork],
  both: [claimThenVoteWork, voteWithNextWork],
}[LOOP];
if (!works) throw new Error(`LOOP must be claim-vote, vote-next or both, not "${LOOP}"`);
const planned = works.reduce((sum, work) => sum + plannedIterations(work), 0);

/** Completed votes (one per successful iteration). */
const votesCompleted = new Counter('votes_completed');
/** Time from the claim to the recorded vote, per completed vote. */
const voteCycle = new Trend('vote_cycle', true);

/** The request groups each loop sends (the p99 thresholds select them). */
const ENDPOINTS: Record<string, string[]> = {
  claimThenVote: ['claim', 'vote'],
  voteWithNext: ['claim', 'vote_next'],
};

const scenarios: NonNullable<Options['scenarios']> = {};
let start = 0;
for (const work of works) {
  scenarios[work.exec] = scenarioFor(work, start);
  start += scenarioSeconds(work);
}

export const options: Options = {
  scenarios,
  thresholds: {
    ...COMMON_THRESHOLDS,
    ...latencyThresholds([...new Set(works.flatMap((work) => ENDPOINTS[work.exec] ?? []))], LOOP_P99_MS),
    // The arrival rate was kept: at most 1% of the planned iterations could not start in time.
    dropped_iterations: [`count<=${Math.floor(planned * 0.01)}`],
    // And the votes happened: at least 99% of the planned ones completed.
    votes_completed: [`count>=${Math.floor(planned * 0.99)}`],
  },
  setupTimeout: '30m',
  summaryTrendStats: TREND_STATS,
};

interface LoopWorld {
  claimThenVoteEvaluation: string;
  voteWithNextEvaluation: string;
  evaluators: Session[];
}

export function setup(): LoopWorld {
  const givenEvaluation = __ENV.EVALUATION_ID;
  const givenTokens = envList('EVALUATOR_REFRESH_TOKENS');
  if (givenEvaluation && givenTokens.length > 0) {
    return {
      claimThenVoteEvaluation: givenEvaluation,
      voteWithNextEvaluation: givenEvaluation,
      evaluators: givenTokens.map(sessionFromRefreshToken),
    };
  }
  const run = runId();
  const evaluatorCount = totalMaxVUs(works!);
  // Enough items that no evaluator runs out: each item takes VOTES_PER_ITEM distinct evaluators.
  const items = Math.max(Math.ceil((planned * 1.1) / VOTES_PER_ITEM), 10);
  // Setup can outlast an access token (15 minutes): accessToken refreshes the owner's session.
  const owner = signIn(`${run}-owner@example.com`);
  grantCredits(accessToken(owner), 2 * items * VOTES_PER_ITEM * (RATE + 1) + 1_000);
  const evaluation = () => {
    const created = createEvaluation(accessToken(owner), { rate: RATE, votesPerItem: VOTES_PER_ITEM });
    ingestItems(created, `${run}-item`, items);
    return created.evaluationId;
  };
  const claimThenVoteEvaluation = LOOP === 'vote-next' ? '' : evaluation();
  const voteWithNextEvaluation = LOOP === 'claim-vote' ? '' : evaluation();
  const evaluators: Session[] = [];
  for (let n = 0; n < evaluatorCount; n += 1) {
    const session = signIn(`${run}-evaluator-${n}@example.com`);
    applyAsEvaluator(session.access_token);
    evaluators.push(session);
  }
  return { claimThenVoteEvaluation, voteWithNextEvaluation, evaluators };
}

/** This VU's evaluator: VU n acts as evaluator n (modulo the ones given). */
function myEvaluator(world: LoopWorld): Session {
  const session = world.evaluators[(exec.vu.idInTest - 1) % world.evaluators.length];
  if (!session) fail('no evaluator for this VU');
  return session;
}

interface Assignment {
  assignment_id: string;
  reward_credits: number;
}

function claim(token: string, evaluationId: string): Assignment | undefined {
  const reply = call(
    'POST',
    '/evaluator/assignments',
    { evaluation_id: evaluationId },
    { token, endpoint: 'claim' },
  );
  const assignment = json<Assignment>(reply);
  const ok = check(reply, {
    'claim: 201 with an assignment': (r) => r.status === 201 && typeof assignment?.assignment_id === 'string',
  });
  return ok ? assignment : undefined;
}

export function claimThenVote(world: LoopWorld): void {
  const token = accessToken(myEvaluator(world));
  const started = Date.now();
  const assignment = claim(token, world.claimThenVoteEvaluation);
  if (!assignment) return;
  const reply = call(
    'POST',
    `/evaluator/assignments/${assignment.assignment_id}/vote`,
    { vote: exec.scenario.iterationInTest % 4 === 0 ? 'bad' : 'good' },
    { token, endpoint: 'vote' },
  );
  const vote = json<{ vote_id: string; reward_credits: number }>(reply);
  if (
    check(reply, {
      'vote: 201 and paid the claimed reward': (r) =>
        r.status === 201 &&
        typeof vote?.vote_id === 'string' &&
        vote.reward_credits === assignment.reward_credits,
    })
  ) {
    votesCompleted.add(1);
    voteCycle.add(Date.now() - started);
  }
}

/** The assignment this VU holds for the next vote (vote_with_next), from the last vote's reply. */
let held: { assignment: Assignment; since: number } | undefined;

export function voteWithNext(world: LoopWorld): void {
  const token = accessToken(myEvaluator(world));
  if (!held) {
    const assignment = claim(token, world.voteWithNextEvaluation);
    if (!assignment) return;
    held = { assignment, since: Date.now() };
  }
  const { assignment, since } = held;
  held = undefined;
  const reply = call(
    'POST',
    `/evaluator/assignments/${assignment.assignment_id}/vote`,
    { vote: exec.scenario.iterationInTest % 4 === 0 ? 'bad' : 'good', next: true },
    { token, endpoint: 'vote_next' },
  );
  const vote = json<{ vote_id: string; next?: Assignment | null; next_problem?: { code: string } }>(reply);
  const ok = check(reply, {
    'vote with next: 201': (r) => r.status === 201 && typeof vote?.vote_id === 'string',
    'vote with next: carries the next assignment': () => typeof vote?.next?.assignment_id === 'string',
  });
  if (reply.status === 201) {
    votesCompleted.add(1);
    voteCycle.add(Date.now() - since);
  }
  if (ok && vote?.next) held = { assignment: vote.next, since: Date.now() };
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryOutputs('evaluator-loop', data);
}
