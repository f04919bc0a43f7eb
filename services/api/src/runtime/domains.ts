import type { DomainEventHandlers } from '@evalmarket/projector';
import { evaluatorReviewRoutes } from '../admin/evaluator-review-routes.js';
import { staffEvaluationRoutes } from '../admin/staff-evaluation-routes.js';
import { staffLedgerRoutes } from '../admin/staff-ledger-routes.js';
import { staffMoneyActions } from '../admin/staff-money-actions.js';
import { staffMoneyRoutes } from '../admin/staff-money-routes.js';
import { staffRoutes } from '../admin/staff-routes.js';
import { userAdminProjection } from '../admin/user-admin-projection.js';
import { analyticsRoutes } from '../analytics/analytics-routes.js';
import { exportRoutes } from '../analytics/export-routes.js';
import { billingRoutes } from '../billing/billing-routes.js';
import { evaluatorProjection } from '../evaluator/evaluator-projection.js';
import { identityProjection } from '../identity/identity-projection.js';
import { identityRoutes } from '../identity/identity-routes.js';
import { startEmailWorker } from '../notifications/email-worker.js';
import { cashoutRoutes } from '../payments/cashout.js';
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
  evaluatorReviewRoutes,
  staffRoutes,
  staffMoneyRoutes,
  staffLedgerRoutes,
  staffMoneyActions,
  staffEvaluationRoutes,
  billingRoutes,
  analyticsRoutes,
  exportRoutes,
  evaluationsPlugin,
];

export const DOMAIN_EVENT_HANDLERS: readonly DomainEventHandlers[] = [
  identityProjection,
  evaluatorProjection,
  paymentsProjection,
  userAdminProjection,
  evaluationProjection,
  invitationProjection,
];

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
