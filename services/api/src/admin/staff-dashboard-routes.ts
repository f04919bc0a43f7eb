import { ZAuditQuery, ZFinanceAudit, ZFinanceSummary, type TFinanceSummary } from '@evalmarket/contracts';
import { auditLedger } from '@evalmarket/projector';
import type { App } from '../app/build-app.js';
import { ValidationError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { reconcileStripe } from './stripe-reconciliation.js';

type Figures = Record<string, { posted_credits: number; pending_credits: number }>;

/** Balance of an account = credits_posted - debits_posted (pending moves shown apart). */
async function financeSummary(sql: DomainContext['sql']): Promise<TFinanceSummary> {
  const { rows } = await sql.query<{
    kind: string;
    account_id: string;
    posted: string | number;
    pending: string | number;
  }>(
    `SELECT kind, account_id, credits_posted - debits_posted AS posted, credits_pending - debits_pending AS pending
     FROM account_balances WHERE kind = 'platform'
     UNION ALL
     SELECT kind, kind AS account_id, sum(credits_posted - debits_posted), sum(credits_pending - debits_pending)
     FROM account_balances WHERE kind <> 'platform' GROUP BY kind`,
  );
  const purchases = await sql.query<{
    n: string | number;
    usd: string | number | null;
    credits: string | number | null;
  }>(
    `SELECT count(*) AS n, sum((data->>'amount_usd')::bigint) AS usd, sum((data->>'credits')::bigint) AS credits
     FROM events WHERE type = 'CreditsPurchased'`,
  );
  const figures = (platform: boolean, key: (row: (typeof rows)[number]) => string): Figures =>
    Object.fromEntries(
      rows
        .filter((row) => (row.kind === 'platform') === platform)
        .map((row) => [
          key(row),
          { posted_credits: Number(row.posted), pending_credits: Number(row.pending) },
        ]),
    );
  const platform = figures(true, (row) => row.account_id);
  const outstanding = figures(false, (row) => row.kind);
  return {
    credits_outstanding: {
      spending: outstanding.spending ?? { posted_credits: 0, pending_credits: 0 },
      earning: outstanding.earning ?? { posted_credits: 0, pending_credits: 0 },
    },
    platform_accounts: platform,
    fee_revenue_credits: platform['platform:fees']?.posted_credits ?? 0,
    purchases: {
      count: Number(purchases.rows[0]?.n ?? 0),
      amount_usd: Number(purchases.rows[0]?.usd ?? 0),
      credits: Number(purchases.rows[0]?.credits ?? 0),
    },
  };
}

function auditBound(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw ValidationError.at(['query', name], 'must be an ISO 8601 date or date-time');
  }
  return date;
}

/** The finance dashboard: its figures and the audit of the books with the Stripe reconciliation. */
export async function staffDashboardRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql, store } = context;
  app.get(
    '/admin/finance/summary',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Figures for the finance dashboard: credits outstanding per account kind, platform account balances, fee revenue, purchases',
        response: { 200: ZFinanceSummary },
      },
    },
    async () => financeSummary(sql),
  );

  app.get(
    '/admin/finance/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Runs the checks of `npm run audit` (balances, never negative, applied once, read models, hash chain) and reconciles Stripe payments with CreditsPurchased events',
        querystring: ZAuditQuery,
        response: { 200: ZFinanceAudit },
      },
    },
    async (request) => {
      const from = auditBound(request.query.from, 'from');
      const to = auditBound(request.query.to, 'to');
      if (from && to && from.getTime() >= to.getTime()) {
        throw ValidationError.at(['query', 'to'], 'must be after from');
      }
      const report = await auditLedger({ sql, store, catchUpTimeoutMs: 5000 });
      // `ok` stays the ledger's verdict (the books); the Stripe reconciliation has its own.
      return { ...report, stripe_reconciliation: await reconcileStripe(context, { from, to }) };
    },
  );
}
