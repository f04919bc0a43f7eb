/**
 * The read mix of the consoles: the wallet, its transactions, the spending analytics and the
 * staff console's lists, each its own scenario so the mix is set by rates (READ_PEAK requests
 * per second at the peak, shared 35% wallet, 25% transactions, 25% analytics, 15% staff lists)
 * and each request group has its own p99 threshold.
 *
 * World: setup signs in one person per VU (sessions belong to one VU), grants each credits and
 * an evaluation (so wallet, transactions and analytics have rows) and makes each an admin
 * through the staff API, signed in as ADMIN_EMAIL (default k6-admin@example.com), which must be
 * in the API's ADMIN_EMAILS. The API's MAGIC_LINK_LIMIT_PER_IP must allow one sign-in per VU.
 * For a real deployment give READER_REFRESH_TOKENS (one per VU; admins with data) instead.
 */
import exec from 'k6/execution';
import type { Options } from 'k6/options';
import { call, expectJson } from './lib/api.ts';
import { envList, envNumber, runId } from './lib/env.ts';
import { scenarioFor, totalMaxVUs, type Work } from './lib/profiles.ts';
import { accessToken, sessionFromRefreshToken, type Session } from './lib/session.ts';
import { summaryOutputs, TREND_STATS, type SummaryData } from './lib/summary.ts';
import { COMMON_THRESHOLDS, latencyThresholds, READ_P99_MS } from './lib/thresholds.ts';
import { createEvaluation, grantCredits, signIn } from './lib/world.ts';

const PEAK = envNumber('READ_PEAK', 400);
const VUS = envNumber('VUS', 10);
const MAX_VUS = envNumber('MAX_VUS', 25);
const work = (name: string, share: number): Work => ({
  exec: name,
  peakRate: Math.max(1, Math.round(PEAK * share)),
  vus: VUS,
  maxVUs: MAX_VUS,
});
const works = [
  work('walletReads', 0.35),
  work('transactionReads', 0.25),
  work('analyticsReads', 0.25),
  work('staffListReads', 0.15),
];

/** A react-admin list page: the first 25 rows in the list's default order. */
const PAGE = `range=${encodeURIComponent('[0,24]')}`;

export const options: Options = {
  scenarios: Object.fromEntries(works.map((w) => [w.exec, scenarioFor(w)])),
  thresholds: {
    ...COMMON_THRESHOLDS,
    ...latencyThresholds(
      [
        'wallet',
        'wallet_balance',
        'wallet_transactions',
        'analytics_spending',
        'analytics_spending_summary',
        'staff_users',
        'staff_transactions',
        'staff_evaluations',
        'staff_applications',
      ],
      READ_P99_MS,
    ),
  },
  setupTimeout: '15m',
  summaryTrendStats: TREND_STATS,
};

interface ReadWorld {
  readers: Session[];
}

export function setup(): ReadWorld {
  const given = envList('READER_REFRESH_TOKENS');
  if (given.length > 0) return { readers: given.map(sessionFromRefreshToken) };
  const run = runId();
  const admin = signIn(__ENV.ADMIN_EMAIL || 'k6-admin@example.com');
  const probe = call('GET', `/admin/users?${PAGE}`, undefined, {
    token: accessToken(admin),
    endpoint: 'staff_users',
  });
  if (probe.status !== 200) {
    throw new Error(
      `ADMIN_EMAIL is not an admin (GET /admin/users: ${probe.status}); list it in the API's ADMIN_EMAILS`,
    );
  }
  const readers: Session[] = [];
  for (let n = 0; n < totalMaxVUs(works); n += 1) {
    const reader = signIn(`${run}-reader-${n}@example.com`);
    grantCredits(reader.access_token, 10_000);
    createEvaluation(reader.access_token, { rate: 10, votesPerItem: 3 });
    expectJson(
      call('POST', `/admin/users/${reader.user_id}/grant-admin`, undefined, {
        token: accessToken(admin),
        endpoint: 'staff_grant_admin',
      }),
      200,
      'make the reader an admin',
    );
    readers.push(reader);
  }
  return { readers };
}

function token(world: ReadWorld): string {
  const reader = world.readers[(exec.vu.idInTest - 1) % world.readers.length];
  if (!reader) throw new Error('no reader for this VU');
  return accessToken(reader);
}

function read(world: ReadWorld, path: string, endpoint: string): void {
  expectJson(call('GET', path, undefined, { token: token(world), endpoint }), 200, `read ${endpoint}`);
}

export function walletReads(world: ReadWorld): void {
  read(world, '/wallet/', 'wallet');
  read(world, '/wallet/balance?context=spending', 'wallet_balance');
}

export function transactionReads(world: ReadWorld): void {
  read(world, '/wallet/transactions?context=spending&limit=20', 'wallet_transactions');
}

export function analyticsReads(world: ReadWorld): void {
  read(world, '/analytics/spending/?period=30d', 'analytics_spending');
  read(world, '/analytics/spending/summary', 'analytics_spending_summary');
}

export function staffListReads(world: ReadWorld): void {
  read(world, `/admin/users?${PAGE}`, 'staff_users');
  read(world, `/admin/transactions?${PAGE}`, 'staff_transactions');
  read(world, `/admin/evaluations?${PAGE}`, 'staff_evaluations');
  read(world, `/admin/evaluator-applications?${PAGE}`, 'staff_applications');
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryOutputs('read-mix', data);
}
