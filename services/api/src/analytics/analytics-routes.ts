import {
  ZAnalyticsQuery,
  ZEarningsAnalytics,
  ZEarningsSummary,
  ZSpendingAnalytics,
  ZSpendingSummary,
} from '@evalmarket/contracts';
import type { App } from '../app/build-app.js';
import { requireExpert, requireUser } from '../auth/guards.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { analyticsWindow } from './analytics-window.js';
import { ExpertLeaderboards } from './expert-leaderboard.js';
import {
  analyticsScope,
  earningsAnalytics,
  earningsSummary,
  spendingAnalytics,
  spendingSummary,
} from './compute-analytics.js';

/** Spending and earnings analytics of the signed-in person (spec 001 sections 2.7, 2.8, 3). */
export async function analyticsRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  const leaderboards = new ExpertLeaderboards(sql, context.config.analyticsRankingMaxAgeMs);
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/analytics/spending/',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Spending analytics for a period (7d, 30d, 90d, 1y, all) or start_date..end_date; amounts in USD',
        querystring: ZAnalyticsQuery,
        response: { 200: ZSpendingAnalytics },
      },
    },
    async (request) =>
      spendingAnalytics(
        sql,
        requireUser(request),
        analyticsWindow(request.query, context.now()),
        analyticsScope(request.query),
      ),
  );

  app.get(
    '/analytics/earnings/',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Earnings analytics (expert role required); amounts in USD',
        querystring: ZAnalyticsQuery,
        response: { 200: ZEarningsAnalytics },
      },
    },
    async (request) =>
      earningsAnalytics(
        sql,
        leaderboards,
        requireExpert(request),
        analyticsWindow(request.query, context.now()),
        analyticsScope(request.query),
      ),
  );

  app.get(
    '/analytics/spending/summary',
    { schema: { tags: ['analytics'], summary: 'Spending summary', response: { 200: ZSpendingSummary } } },
    async (request) => spendingSummary(sql, requireUser(request)),
  );

  app.get(
    '/analytics/earnings/summary',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Earnings summary (expert role required)',
        response: { 200: ZEarningsSummary },
      },
    },
    async (request) => earningsSummary(sql, requireExpert(request)),
  );
}
