/**
 * A requester's journey, start to finish, as one iteration: sign in by magic link, buy credits
 * (local payments mode: confirmed at the loopback Stripe double the way Stripe.js does it),
 * create an evaluation, ingest ITEMS_PER_JOURNEY items through the SDK, then read the
 * evaluation's metrics and budget and the wallet. Each step is a k6 group, so group_duration
 * shows what a whole step costs next to the per-request latencies.
 *
 * Every iteration signs in a new person (`{run}-requester-{vu}-{iteration}@example.com`): the
 * API's MAGIC_LINK_LIMIT_PER_IP (30 per 15 minutes by default) must allow the run's journeys,
 * and the development mailbox must exist (any NODE_ENV but production). For a real deployment,
 * give REQUESTER_REFRESH_TOKENS (one per VU): the journey then starts from those sessions.
 */
import { group } from 'k6';
import exec from 'k6/execution';
import type { Options } from 'k6/options';
import { call, expectJson } from './lib/api.ts';
import { envList, envNumber, runId } from './lib/env.ts';
import { scenarioFor, type Work } from './lib/profiles.ts';
import { accessToken, sessionFromRefreshToken, type Session } from './lib/session.ts';
import { summaryOutputs, TREND_STATS, type SummaryData } from './lib/summary.ts';
import { COMMON_THRESHOLDS, JOURNEY_P99_MS, latencyThresholds } from './lib/thresholds.ts';
import { buyCredits, createEvaluation, ingestItems, signIn, spendingBalance } from './lib/world.ts';

const ITEMS = envNumber('ITEMS_PER_JOURNEY', 200);
const PURCHASE_USD = envNumber('PURCHASE_USD', 50);

const journey: Work = {
  exec: 'requesterJourney',
  peakRate: envNumber('PEAK_JOURNEYS_PER_SECOND', 2),
  vus: envNumber('VUS', 20),
  maxVUs: envNumber('MAX_VUS', 60),
};

export const options: Options = {
  scenarios: { requester_journey: scenarioFor(journey) },
  thresholds: {
    ...COMMON_THRESHOLDS,
    ...latencyThresholds(
      [
        'magic_link',
        'verify',
        'purchase_credits',
        'stripe_confirm',
        'create_evaluation',
        'sdk_ingest',
        'metrics',
        'budget',
        'wallet',
      ],
      JOURNEY_P99_MS,
    ),
    // A whole purchase, from opening it to the webhook's credits on the balance.
    'group_duration{group:::buy credits}': [`p(99)<${envNumber('PURCHASE_P99_MS', 5_000)}`],
  },
  setupTimeout: '2m',
  summaryTrendStats: TREND_STATS,
};

interface JourneyWorld {
  run: string;
  /** Sessions of a real deployment's requesters (one per VU); empty: sign in through the dev mailbox. */
  requesters: Session[];
}

export function setup(): JourneyWorld {
  return { run: runId(), requesters: envList('REQUESTER_REFRESH_TOKENS').map(sessionFromRefreshToken) };
}

function signedIn(world: JourneyWorld): string {
  const given = world.requesters[(exec.vu.idInTest - 1) % Math.max(1, world.requesters.length)];
  if (given) return accessToken(given);
  return signIn(`${world.run}-requester-${exec.vu.idInTest}-${exec.vu.iterationInScenario}@example.com`)
    .access_token;
}

export function requesterJourney(world: JourneyWorld): void {
  const token = group('sign in', () => signedIn(world));
  group('buy credits', () => buyCredits(token, PURCHASE_USD));
  const evaluation = group('create evaluation', () => createEvaluation(token, { rate: 10, votesPerItem: 3 }));
  group('ingest items', () =>
    ingestItems(evaluation, `${world.run}-${exec.vu.idInTest}-${exec.vu.iterationInScenario}`, ITEMS, 100),
  );
  group('read metrics and budget', () => {
    const id = evaluation.evaluationId;
    expectJson(
      call('GET', `/evaluations/${id}/metrics`, undefined, { token, endpoint: 'metrics' }),
      200,
      'read the metrics',
    );
    const budget = expectJson<{ evaluation_id: string }>(
      call('GET', `/evaluations/${id}/budget`, undefined, { token, endpoint: 'budget' }),
      200,
      'read the budget',
    );
    if (budget.evaluation_id !== id) throw new Error('the budget is of another evaluation');
    expectJson(call('GET', '/wallet/', undefined, { token, endpoint: 'wallet' }), 200, 'read the wallet');
    spendingBalance(token);
  });
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryOutputs('requester-journey', data);
}
