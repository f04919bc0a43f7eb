import type { DomainEventHandlers } from '@evalmarket/projector';
import { staffRoutes } from '../admin/index.js';
import { userAdminProjection } from '../admin/user-admin-projection.js';
import { analyticsRoutes } from '../analytics/analytics-routes.js';
import { exportRoutes } from '../analytics/export-routes.js';
import { billingRoutes } from '../billing/billing-routes.js';
import { evaluatorProjection } from '../evaluator/evaluator-projection.js';
import { identityProjection } from '../identity/identity-projection.js';
import { identityRoutes } from '../identity/identity-routes.js';
import { startEmailWorker } from '../notifications/email-worker.js';
import { cashoutRoutes } from '../payments/cashout-routes.js';
import { paymentsProjection } from '../payments/payments-projection.js';
import { paymentsRoutes } from '../payments/payments-routes.js';
import { startPaymentsWorker } from '../payments/payments-worker.js';
import { walletPaymentRoutes } from '../payments/wallet-payment-routes.js';
import { createEvaluatorRoutes } from '../evaluator/evaluator-routes.js';
import { linkedinRoutes } from '../evaluator/linkedin-routes.js';
import { voteHistoryRoutes } from '../evaluator/vote-history-routes.js';
import {
  evaluationProjection,
  evaluationsPlugin,
  invitationProjection,
  startEvaluationWorker,
} from '../evaluations/index.js';
import type { DomainContext, DomainPlugin } from './domain-context.js';

/**
 * The domains of the API, one line each: their routes (registered under /api/v1 in this order)
 * and the handlers of the read models they own (see createDomainProjection).
 */
export const DOMAIN_PLUGINS: readonly DomainPlugin[] = [
  identityRoutes,
  paymentsRoutes,
  walletPaymentRoutes,
  cashoutRoutes,
  createEvaluatorRoutes(),
  voteHistoryRoutes,
  linkedinRoutes,
  staffRoutes,
  billingRoutes,
  analyticsRoutes,
  exportRoutes,
  evaluationsPlugin,
];

/**
 * The read models of the domain projection: each domain's handlers and the tables they write
 * (the rebuild replays them into shadow copies of these tables, compares and swaps; a handler
 * writing a table not listed here makes the rebuild fail rather than touch the live table).
 */
export const DOMAIN_READ_MODELS: readonly { handlers: DomainEventHandlers; tables: readonly string[] }[] = [
  { handlers: identityProjection, tables: ['users'] },
  { handlers: evaluatorProjection, tables: ['evaluator_applications', 'users'] },
  {
    handlers: paymentsProjection,
    tables: [
      'payment_customers',
      'saved_payment_methods',
      'auto_recharge_settings',
      'auto_recharges',
      'refund_shortfalls',
      'payout_accounts',
      'cashouts',
      'payment_notifications',
    ],
  },
  { handlers: userAdminProjection, tables: ['users'] },
  {
    handlers: evaluationProjection,
    tables: [
      'evaluations',
      'evaluation_configs',
      'langfuse_connections',
      'project_api_keys',
      'evaluation_items',
      'evaluation_assignments',
      'evaluation_votes',
      'evaluation_vote_days',
      'evaluation_credits',
      'evaluation_alert_settings',
      'evaluation_alerts_raised',
    ],
  },
  { handlers: invitationProjection, tables: ['evaluation_invitations'] },
];

export const DOMAIN_EVENT_HANDLERS: readonly DomainEventHandlers[] = DOMAIN_READ_MODELS.map(
  (model) => model.handlers,
);

/** A background process of a domain (webhook follow-up, auto-recharge, Langfuse sync, ...). */
export interface DomainProcess {
  stop(): Promise<void>;
}

/** Started after the routes, stopped before the database closes. */
export const DOMAIN_PROCESSES: ReadonlyArray<(context: DomainContext) => Promise<DomainProcess>> = [
  startPaymentsWorker,
  startEvaluationWorker,
  startEmailWorker,
];
