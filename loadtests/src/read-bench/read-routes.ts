/*
 * The read routes `npm run bench:reads` measures, as data: add a route by adding a line. Each
 * names who asks (a requester with evaluations, an evaluator with earnings, a staff admin) and
 * its p99 target. Paths may depend on the world (the requester's first evaluation, a cursor).
 */
import { BALANCE_P99_TARGET_MS, READ_P99_TARGET_MS } from './bench-args.js';

export type Asker = 'requester' | 'evaluator' | 'admin';

export interface WorldFacts {
  requesterId: string;
  evaluatorId: string;
  evaluationId: string;
  /** The cursor of page 100 of the requester's transactions (or of the last page there is). */
  transactionsPage100: { before: string; page: number } | undefined;
}

export interface ReadRoute {
  name: string;
  asker: Asker;
  path(world: WorldFacts): string;
  p99TargetMs: number;
}

const ra = (filter: Record<string, unknown> = {}) =>
  `sort=${encodeURIComponent('["id","DESC"]')}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
/** The staff console's first page (consoles/admin keysetPages.ts): keyset form, no total. */
const keyset = (filter: Record<string, unknown> = {}) =>
  `sort=${encodeURIComponent('["id","DESC"]')}&limit=25&after=&filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The event-log filters the bench reads, in the order of `labels` below. */
const EVENT_LOG_FILTERS: Array<(world: WorldFacts) => Record<string, unknown>> = [
  () => ({}),
  () => ({ type: 'CreditsAdjusted' }),
  (world) => ({ user_id: world.evaluatorId }),
  (world) => ({ stream_prefix: `evaluation-${world.evaluationId}` }),
  // The actor every event of a seeded world has (seed-scale writes as `system:seed-scale`).
  () => ({ actor: 'system:seed-scale' }),
  // The evaluator in any role, and their earnings account in a posting.
  (world) => ({ party: world.evaluatorId }),
  (world) => ({ account: `earning:${world.evaluatorId}` }),
  // A seeded world carries no correlation or causation ids: the cost of a value no batch holds.
  (world) => ({ correlation_id: world.evaluationId }),
  (world) => ({ causation_id: world.evaluationId }),
];

type Labels = [string, string, string, string, string, string, string, string, string];

/** The staff event log under each filter, as one query form (`ra` or `keyset`) asks for it. */
function eventLogRoutes(
  prefix: string,
  form: (filter: Record<string, unknown>) => string,
  labels: Labels,
): ReadRoute[] {
  return EVENT_LOG_FILTERS.map((filter, index) => ({
    name: `${prefix}: ${labels[index]}`,
    asker: 'admin',
    path: (world) => `/api/v1/admin/events?${form(filter(world))}`,
    p99TargetMs: READ_P99_TARGET_MS,
  }));
}

export const READ_ROUTES: ReadRoute[] = [
  {
    name: 'wallet balance',
    asker: 'requester',
    path: () => '/api/v1/wallet/balance',
    p99TargetMs: BALANCE_P99_TARGET_MS,
  },
  {
    name: 'transactions, page 1',
    asker: 'requester',
    path: () => '/api/v1/wallet/transactions',
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'transactions, page 100',
    asker: 'requester',
    path: (world) =>
      `/api/v1/wallet/transactions${world.transactionsPage100 ? `?before=${encodeURIComponent(world.transactionsPage100.before)}` : ''}`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'spending analytics (30d)',
    asker: 'requester',
    path: () => '/api/v1/analytics/spending/',
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'spending analytics (1y)',
    asker: 'requester',
    path: () => '/api/v1/analytics/spending/?period=1y',
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'earnings analytics (1y)',
    asker: 'evaluator',
    path: () => '/api/v1/analytics/earnings/?period=1y',
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'evaluation metrics',
    asker: 'requester',
    path: (world) => `/api/v1/evaluations/${world.evaluationId}/metrics`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'staff: users',
    asker: 'admin',
    path: () => `/api/v1/admin/users?${ra()}`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'staff: transactions',
    asker: 'admin',
    path: () => `/api/v1/admin/transactions?${ra()}`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'staff: evaluations',
    asker: 'admin',
    path: () => `/api/v1/admin/evaluations?${ra()}`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'staff: purchases',
    asker: 'admin',
    path: () => `/api/v1/admin/purchases?${ra()}`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'staff: cash-outs',
    asker: 'admin',
    path: () => `/api/v1/admin/cashouts?${ra()}`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
  {
    name: 'staff: evaluator applications',
    asker: 'admin',
    path: () => `/api/v1/admin/evaluator-applications?${ra()}`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
  ...eventLogRoutes('event log', ra, [
    'newest',
    'type filter',
    'person filter',
    'stream prefix',
    'actor filter',
    'party filter',
    'account filter',
    'correlation filter',
    'causation filter',
  ]),
  // The same event log pages as the staff console asks for them: keyset, without a total.
  ...eventLogRoutes('event log, keyset', keyset, [
    'newest',
    'type',
    'person',
    'stream',
    'actor',
    'party',
    'account',
    'correlation',
    'causation',
  ]),
  {
    name: 'staff: transactions, keyset',
    asker: 'admin',
    path: () => `/api/v1/admin/transactions?${keyset()}`,
    p99TargetMs: READ_P99_TARGET_MS,
  },
];
