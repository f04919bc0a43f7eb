import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { staffAdjustmentRoutes } from './staff-adjustment-routes.js';
import { staffApplicationRoutes } from './staff-application-routes.js';
import { staffCashoutRoutes } from './staff-cashout-routes.js';
import { staffDashboardRoutes } from './staff-dashboard-routes.js';
import { staffEvaluationRoutes } from './staff-evaluation-routes.js';
import { staffEventRoutes } from './staff-event-routes.js';
import { staffInvoiceRoutes } from './staff-invoice-routes.js';
import { staffLedgerRoutes } from './staff-ledger-routes.js';
import { staffPurchaseRoutes } from './staff-purchase-routes.js';
import { staffStatementRoutes } from './staff-statement-routes.js';
import { staffTransactionRoutes } from './staff-transaction-routes.js';
import { staffUserRoutes } from './staff-user-routes.js';

/**
 * The staff resources, one file each (`staff-<resource>-routes.ts`, named like the staff console's
 * folders), in the order their routes are registered and documented. The person's tie-out
 * (ledger) and statement hang off a user; the dashboard is the finance summary and audit.
 */
const STAFF_RESOURCES: ReadonlyArray<(app: App, context: DomainContext) => Promise<void>> = [
  staffApplicationRoutes,
  staffUserRoutes,
  staffTransactionRoutes,
  staffEventRoutes,
  staffAdjustmentRoutes,
  staffDashboardRoutes,
  staffPurchaseRoutes,
  staffCashoutRoutes,
  staffInvoiceRoutes,
  staffLedgerRoutes,
  staffStatementRoutes,
  staffEvaluationRoutes,
];

/** The staff API for the react-admin console (ra-data-simple-rest), every route admin only. */
export async function staffRoutes(app: App, context: DomainContext): Promise<void> {
  // Admin first, then validation: a non-admin learns nothing about the shape of admin requests.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });
  for (const registerResource of STAFF_RESOURCES) await registerResource(app, context);
}
