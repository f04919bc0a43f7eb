import type { LedgerCommand } from '@evalmarket/ledger';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { makeEvaluator } from './support/evaluators.js';
import { pdfText } from './support/pdf-text.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A seeded data set whose figures are computed by hand below: the requester buys $100 (100,000
 * credits) and pays rewards of 1,000, 2,000 and 3,000 credits to E1 and 500 to E2 (all voted),
 * plus 700 reserved for E1 and not yet voted.
 */
for (const mode of runtimeModes()) {
  describe(`spending and earnings analytics: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let requester: SignedIn;
    let e1: SignedIn;
    let e2: SignedIn;
    const realNow = () => new Date();
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      requester = await signIn(runtime, 'requester@example.com');
      e1 = await signIn(runtime, 'e1@example.com');
      e2 = await signIn(runtime, 'e2@example.com');
      await makeEvaluator(runtime, e1.userId);
      await makeEvaluator(runtime, e2.userId);
      const reward = (n: number, evaluator: string, credits: number): LedgerCommand[] => [
        {
          type: 'ReserveReward',
          data: {
            transfer_id: `t${n}`,
            requester_id: requester.userId,
            evaluator_id: evaluator,
            credits,
            timeout_ms: 3_600_000,
          },
        },
        { type: 'PostReward', data: { transfer_id: `t${n}`, vote_id: `v${n}` } },
      ];
      const results = await runtime.ledger.submitMany(
        [
          { type: 'OpenUserAccounts', data: { user_id: requester.userId } },
          { type: 'OpenUserAccounts', data: { user_id: e1.userId } },
          { type: 'OpenUserAccounts', data: { user_id: e2.userId } },
          {
            type: 'PurchaseCredits',
            data: { purchase_id: 'pi_a', user_id: requester.userId, amount_usd: 100 },
          },
          ...reward(1, e1.userId, 1000),
          ...reward(2, e1.userId, 2000),
          ...reward(3, e1.userId, 3000),
          ...reward(4, e2.userId, 500),
          {
            type: 'ReserveReward',
            data: {
              transfer_id: 't5',
              requester_id: requester.userId,
              evaluator_id: e1.userId,
              credits: 700,
              timeout_ms: 3_600_000,
            },
          },
        ],
        {},
      );
      for (const result of results) expect(result.ok, JSON.stringify(result)).toBe(true);
      const last = results.at(-1)!;
      if (last.ok) await runtime.projector.waitFor(last.events.at(-1)!.global_position);
    }, 60_000);
    afterAll(async () => {
      await runtime?.stop();
    });
    const api = injector(() => runtime.app);
    const get = async (who: SignedIn, url: string) => {
      const reply = await api.send({ method: 'GET', url: `/api/v1/analytics/${url}`, headers: who.headers });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json();
    };

    it('computes spending figures equal to the hand-computed ones', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const body = await get(requester, 'spending/?period=30d');
      expect(body).toMatchObject({
        total_spent: 6.5,
        total_spent_credits: 6500,
        total_transactions: 4,
        average_transaction: 1.63,
        period: '30d',
        spending_trends: [{ date: today, amount: 6.5, transaction_count: 4 }],
        project_breakdown: [],
        budget_limit: null,
        // 100,000 - 6,500 spent - 700 reserved
        budget_remaining: 92.8,
        // 6,500 / (6,500 + 92,800)
        budget_utilization_percentage: 6.55,
        // 4 voted of 5 bought
        completion_rate: 80,
        votes_purchased: 4,
      });
      expect(body.performance_metrics).toEqual([
        // Nothing was spent the 30 days before: no percentage to make up, the trend still rises.
        {
          label: 'Total Spent',
          unit: 'usd',
          value: 6.5,
          previous_value: 0,
          trend: 'up',
          change_percentage: null,
        },
        {
          label: 'Transactions',
          unit: 'count',
          value: 4,
          previous_value: 0,
          trend: 'up',
          change_percentage: null,
        },
        {
          label: 'Average Transaction',
          unit: 'usd',
          value: 1.63,
          previous_value: 0,
          trend: 'up',
          change_percentage: null,
        },
      ]);
      expect(await get(requester, 'spending/summary')).toEqual({
        total_spent: 6.5,
        budget_remaining: 92.8,
        active_evaluations: 0,
      });
    });

    it('compares with the previous period of the same length', async () => {
      runtime.context.now = () => new Date(Date.now() + 10 * DAY_MS);
      try {
        const body = await get(requester, 'spending/?period=7d');
        expect(body.total_spent).toBe(0);
        expect(body.spending_trends).toEqual([]);
        expect(body.performance_metrics[0]).toEqual({
          label: 'Total Spent',
          unit: 'usd',
          value: 0,
          previous_value: 6.5,
          trend: 'down',
          change_percentage: -100,
        });
        expect((await get(requester, 'spending/?period=30d')).total_spent).toBe(6.5);
      } finally {
        runtime.context.now = realNow;
      }
    });

    it('honours start_date and end_date', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
      expect(
        (await get(requester, `spending/?start_date=${today}&end_date=${today}`)).total_spent_credits,
      ).toBe(6500);
      expect(
        (await get(requester, `spending/?start_date=${yesterday}&end_date=${yesterday}`)).total_spent_credits,
      ).toBe(0);
      const bad = await api.send({
        method: 'GET',
        url: '/api/v1/analytics/spending/?start_date=last-week',
        headers: requester.headers,
      });
      expect(bad.statusCode).toBe(422);
      for (const query of [
        'start_date=2024-13-45',
        'end_date=9999-12-31',
        'start_date=2024-02-30',
        'end_date=0000-01-01',
      ]) {
        const reply = await api.send({
          method: 'GET',
          url: `/api/v1/analytics/spending/?${query}`,
          headers: requester.headers,
        });
        expect(reply.statusCode, query).toBe(422);
      }
      const badPeriod = await api.send({
        method: 'GET',
        url: '/api/v1/analytics/spending/?period=2w',
        headers: requester.headers,
      });
      expect(badPeriod.statusCode).toBe(422);
    });

    it('computes earnings, ranking among experts and the summary', async () => {
      const body = await get(e1, 'earnings/?period=all');
      expect(body).toMatchObject({
        total_earned: 6,
        total_earned_credits: 6000,
        total_transactions: 3,
        average_earning: 2,
        // Rewards seeded straight through the ledger have no recorded votes to judge (the
        // judged figures are checked in evaluation-analytics.int.spec.ts).
        votes_submitted: 0,
        votes_approved: 0,
        votes_rejected: 0,
        approval_rate: 0,
        quality_score: null,
        ranking: 1,
        total_experts: 2,
        evaluation_breakdown: [],
      });
      expect(body.performance_metrics.map((m: { label: string }) => m.label)).toEqual([
        'Total Earned',
        'Approved Votes',
        'Average Earning',
        'Approval Rate',
      ]);
      expect((await get(e2, 'earnings/')).ranking).toBe(2);
      expect(await get(e1, 'earnings/summary')).toEqual({
        total_earned: 6,
        pending_earnings: 0.7,
        approval_rate: 0,
      });
    });

    it('gives the Billing screen real spending and earning summaries', async () => {
      const spending = await api.send({
        method: 'GET',
        url: '/api/v1/billing/summary/spending',
        headers: requester.headers,
      });
      expect(spending.json()).toEqual({ total_spent: 6.5, this_month: 6.5, evaluations: 0, avg_cost: 1.63 });
      const earning = await api.send({
        method: 'GET',
        url: '/api/v1/billing/summary/earning',
        headers: e1.headers,
      });
      expect(earning.json()).toEqual({
        total_earnings: 6,
        pending: 0.7,
        evaluations: 3,
        rating: null,
        earnings_history: [{ month: new Date().toISOString().slice(0, 7), amount: 6 }],
      });
      expect((await api.send({ method: 'GET', url: '/api/v1/billing/summary/earning' })).statusCode).toBe(
        401,
      );
    });

    it('lets a person verified while signed in read earnings on the same session', async () => {
      const newcomer = await signIn(runtime, 'newcomer@example.com');
      const earnings = () =>
        api.send({ method: 'GET', url: '/api/v1/analytics/earnings/summary', headers: newcomer.headers });
      expect((await earnings()).statusCode).toBe(403);
      await makeEvaluator(runtime, newcomer.userId);
      // The roles are read with the session on every request, not kept from the sign-in.
      expect((await earnings()).statusCode).toBe(200);
    });

    it('refuses earnings without the expert role and everything signed out', async () => {
      for (const url of ['earnings/', 'earnings/summary']) {
        const reply = await api.send({
          method: 'GET',
          url: `/api/v1/analytics/${url}`,
          headers: requester.headers,
        });
        expect(reply.statusCode).toBe(403);
        expect(reply.json().detail).toBe('Expert role required');
      }
      for (const url of ['spending/', 'spending/summary', 'earnings/', 'earnings/summary']) {
        expect((await api.send({ method: 'GET', url: `/api/v1/analytics/${url}` })).statusCode).toBe(401);
      }
    });

    const exportFile = async (who: SignedIn, kind: 'spending' | 'earnings', body: object) => {
      const reply = await api.send({
        method: 'POST',
        url: `/api/v1/analytics/${kind}/export`,
        headers: who.headers,
        payload: body,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const { file_name, download_url } = reply.json();
      // The link works without a bearer token (the console opens it in a new tab).
      const file = await api.send({ method: 'GET', url: download_url });
      expect(file.statusCode, file.body).toBe(200);
      return { file_name: file_name as string, download_url: download_url as string, file };
    };

    it('exports spending as CSV that round-trips to the analytics totals', async () => {
      const { file_name, file } = await exportFile(requester, 'spending', {
        format: 'csv',
        time_filter: { period: '30d' },
      });
      expect(file_name).toMatch(/^spending-report-30d-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.headers['content-type']).toContain('text/csv');
      const rows = parse(file.rawPayload, { columns: true }) as Array<Record<string, string>>;
      expect(rows).toHaveLength(5);
      const completed = rows.filter((row) => row.status === 'completed');
      expect(completed.reduce((sum, row) => sum + Number(row.amount_credits), 0)).toBe(6500);
      expect(rows.find((row) => row.status === 'pending')!.amount_usd).toBe('0.70');
    });

    it('exports a spending report PDF whose total matches', async () => {
      const { file } = await exportFile(requester, 'spending', {
        format: 'pdf',
        time_filter: { period: '30d' },
      });
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(file.rawPayload);
      expect(text).toContain('Spending Report');
      expect(text).toContain('Total spent: $6.50');
    });

    it('exports an earnings statement and a tax summary for experts only', async () => {
      const statement = await exportFile(e1, 'earnings', { format: 'pdf', time_filter: { period: 'all' } });
      const text = await pdfText(statement.file.rawPayload);
      expect(text).toContain('Earnings Statement');
      expect(text).toContain('Total earned: $6.00');
      const tax = await exportFile(e1, 'earnings', {
        format: 'pdf',
        time_filter: { period: '1y' },
        report: 'tax_summary',
      });
      expect(tax.file_name).toMatch(/^tax-summary-1y-/);
      expect(await pdfText(tax.file.rawPayload)).toContain('Total gross earnings: $6.00');
      const refused = await api.send({
        method: 'POST',
        url: '/api/v1/analytics/earnings/export',
        headers: requester.headers,
        payload: { format: 'csv' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Expert role required');
      const badFormat = await api.send({
        method: 'POST',
        url: '/api/v1/analytics/spending/export',
        headers: requester.headers,
        payload: { format: 'xlsx' },
      });
      expect(badFormat.statusCode).toBe(422);
    });

    it('refuses a tampered or expired download link', async () => {
      const { download_url } = await exportFile(requester, 'spending', {
        format: 'csv',
        time_filter: { period: '7d' },
      });
      const token = new URL(download_url, 'http://x').searchParams.get('token')!;
      const [body, signature] = token.split('.');
      const forged = JSON.parse(Buffer.from(body!, 'base64url').toString());
      forged.u = e1.userId;
      const tampered = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
      const denied = await api.send({
        method: 'GET',
        url: `/api/v1/analytics/exports/download?token=${encodeURIComponent(tampered)}`,
      });
      expect(denied.statusCode).toBe(403);
      expect(
        (await api.send({ method: 'GET', url: '/api/v1/analytics/exports/download?token=garbage' }))
          .statusCode,
      ).toBe(403);
      runtime.context.now = () => new Date(Date.now() + 16 * 60 * 1000);
      try {
        expect((await api.send({ method: 'GET', url: download_url })).statusCode).toBe(410);
      } finally {
        runtime.context.now = realNow;
      }
    });
  });
}
