import { request as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toCsv } from '@evalmarket/contracts';
import type { LedgerCommand } from '@evalmarket/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsStatementPages } from '../src/analytics/statement-data.js';
import { iso } from '../src/evaluations/evaluation-access.js';
import { evaluatorPseudonym, VOTE_EXPORT_COLUMNS, voteExportPages } from '../src/evaluations/vote-export.js';
import { allRows, EXPORT_PAGE_ROWS } from '../src/http/streamed-export.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { paidEvaluationWithCrowd, voteUntilNoItemLeft } from './support/evaluations.js';
import { makeEvaluator } from './support/evaluators.js';
import { injector } from './support/inject.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

/** More rewards than fit one export page, so every export below is read in several pages. */
const REWARDS = EXPORT_PAGE_ROWS * 2 + 200;
const CSV_COLUMNS = ['date', 'description', 'status', 'amount_credits', 'amount_usd'] as const;

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

for (const mode of runtimeModes()) {
  describe(`exports streamed as they are read: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let requester: SignedIn;
    let e1: SignedIn;
    const api = injector(() => runtime.app);

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      requester = await signIn(runtime, 'streamed-requester@example.com');
      e1 = await signIn(runtime, 'streamed-e1@example.com');
      await makeEvaluator(runtime, e1.userId);
      const reserve = (n: number, credits: number): LedgerCommand => ({
        type: 'ReserveReward',
        data: {
          transfer_id: `st${n}`,
          requester_id: requester.userId,
          evaluator_id: e1.userId,
          credits,
          timeout_ms: 3_600_000,
        },
      });
      const commands: LedgerCommand[] = [
        { type: 'OpenUserAccounts', data: { user_id: requester.userId } },
        { type: 'OpenUserAccounts', data: { user_id: e1.userId } },
        {
          type: 'PurchaseCredits',
          data: { purchase_id: 'pi_s1', user_id: requester.userId, amount_usd: 100 },
        },
        {
          type: 'PurchaseCredits',
          data: { purchase_id: 'pi_s2', user_id: requester.userId, amount_usd: 50 },
        },
      ];
      for (let n = 0; n < REWARDS; n += 1) {
        commands.push(reserve(n, 10 + (n % 7)));
        commands.push({ type: 'PostReward', data: { transfer_id: `st${n}`, vote_id: `sv${n}` } });
      }
      // Still reserved (in the spending report as pending) and cancelled (in no report).
      commands.push(reserve(REWARDS, 30), reserve(REWARDS + 1, 40), reserve(REWARDS + 2, 50));
      commands.push({
        type: 'ReleaseReward',
        data: { transfer_id: `st${REWARDS + 2}`, reason: 'cancelled' },
      });
      const adjust = (id: string, credits: number): LedgerCommand => ({
        type: 'AdjustCredits',
        data: {
          adjustment_id: id,
          user_id: e1.userId,
          context: 'earning',
          amount_credits: credits,
          reason: 'correction',
          actor_id: 'staff-1',
        },
      });
      commands.push(adjust('adj-plus', 500), adjust('adj-minus', -200));
      commands.push({
        type: 'RequestCashout',
        data: {
          cashout_id: 'co-s1',
          user_id: e1.userId,
          gross_credits: 5_000,
          minimum_cashout_credits: 1_000,
        },
      });
      commands.push({ type: 'MarkCashoutPaid', data: { cashout_id: 'co-s1', stripe_transfer_id: 'tr_s1' } });
      const results = await runtime.ledger.submitMany(commands, {});
      for (const result of results) expect(result.ok, JSON.stringify(result)).toBe(true);
      const last = results.at(-1)!;
      if (last.ok) await runtime.projector.waitFor(last.events.at(-1)!.global_position);
    }, 180_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    const downloadUrl = async (who: SignedIn, kind: 'spending' | 'earnings', report?: string) => {
      const reply = await api.send({
        method: 'POST',
        url: `/api/v1/analytics/${kind}/export`,
        headers: who.headers,
        payload: { format: 'csv', time_filter: { period: '30d' }, ...(report ? { report } : {}) },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().download_url as string;
    };
    const download = async (url: string) => {
      const file = await api.send({ method: 'GET', url });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      return file.body;
    };
    const withUsd = (rows: Array<{ amount_credits: number }>) =>
      rows.map((row) => ({ ...row, amount_usd: (row.amount_credits / 1000).toFixed(2) }));

    it('streams the spending report equal to the report read and written whole', async () => {
      const csv = await download(await downloadUrl(requester, 'spending'));
      // The old export: every row in one query, written at once.
      const { rows } = await runtime.sql.query<{
        created_at: Date | string;
        description: string;
        status: string;
        amount: string | number;
      }>(
        `SELECT created_at, description, status, abs(amount) AS amount FROM wallet_transactions
         WHERE user_id = $1 AND context = 'spending' AND type = 'debit' AND code = 'reward'
           AND status IN ('completed', 'pending') ORDER BY global_position, id`,
        [requester.userId],
      );
      const whole = rows.map((row) => ({
        date: new Date(row.created_at).toISOString().slice(0, 10),
        description: row.description,
        status: row.status,
        amount_credits: Number(row.amount),
      }));
      expect(whole).toHaveLength(REWARDS + 2);
      expect(whole.filter((row) => row.status === 'pending')).toHaveLength(2);
      expect(csv).toBe(toCsv(CSV_COLUMNS, withUsd(whole)));
    });

    it('streams the earnings statement and the invoices, the same in any page size', async () => {
      const csv = await download(await downloadUrl(e1, 'earnings'));
      const now = new Date();
      const source = {
        sql: runtime.sql,
        ticket: { u: e1.userId },
        start: new Date(now.getTime() - 30 * 86_400_000),
        end: new Date(now.getTime() + 60_000),
      };
      const onePage = await allRows(earningsStatementPages({ ...source, pageRows: 100_000 }));
      expect(await allRows(earningsStatementPages({ ...source, pageRows: 7 }))).toEqual(onePage);
      // Rewards, two adjustments and the cash-out (its fee is a line of its own once the payments
      // read model knows it).
      expect(onePage.filter((row) => row.amount_credits > 0)).toHaveLength(REWARDS + 1);
      expect(onePage.filter((row) => row.description === 'Cash-out sent to bank account')).toHaveLength(1);
      expect(csv).toBe(toCsv(CSV_COLUMNS, withUsd(onePage)));

      const invoices = await download(await downloadUrl(requester, 'spending', 'invoices'));
      const lines = invoices.trim().split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},"INV-000001 [^"]*",paid,100000,100\.00$/);
      expect(lines[2]).toMatch(/,paid,50000,50\.00$/);
    });

    it('sends the first page to the client while the next page is still being read', async () => {
      const url = await downloadUrl(requester, 'spending');
      const expected = await download(url);
      const sql = runtime.context.sql as unknown as { query: Query };
      const query = sql.query;
      let releaseSecondPage!: () => void;
      const secondPage = new Promise<void>((resolve) => (releaseSecondPage = resolve));
      let pagesAsked = 0;
      sql.query = async (text, params) => {
        if (text.includes('(global_position, id) > ($4, $5)')) {
          pagesAsked += 1;
          if (pagesAsked === 2) await secondPage;
        }
        return query.call(sql, text, params);
      };
      await runtime.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { port } = runtime.app.server.address() as AddressInfo;
        const chunks: Buffer[] = [];
        const done = new Promise<string>((resolve, reject) => {
          const request = httpGet({ host: '127.0.0.1', port, path: url }, (response) => {
            response.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              // The first bytes arrive while the second page's query is held.
              if (chunks.length === 1) {
                expect(pagesAsked).toBe(2);
                expect(String(chunk)).toMatch(/^date,description,status,amount_credits,amount_usd\r\n/);
                releaseSecondPage();
              }
            });
            response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
            response.on('error', reject);
          });
          request.on('error', reject);
          request.end();
        });
        expect(await done).toBe(expected);
        expect(pagesAsked).toBe(3);
      } finally {
        sql.query = query;
        releaseSecondPage();
      }
    }, 30_000);

    it("streams an evaluation's votes as CSV and JSON equal to the votes read whole", async () => {
      const world = await paidEvaluationWithCrowd(runtime, {
        name: 'streamed-votes',
        evaluators: 3,
        items: 4,
        rate: 5,
      });
      await voteUntilNoItemLeft(
        runtime,
        world.evaluationId,
        world.evaluators,
        (index, externalId) => ((index + externalId.length) % 2 === 0 ? 'good' : 'bad'),
        'c",1',
      );
      // Every vote the loop committed is in the read model before it is read whole (the route
      // itself waits at the read barrier).
      await runtime.domainProjector.waitFor(await runtime.store.headPosition());
      // The old export: every vote and every item of the evaluation read at once.
      const { rows: votes } = await runtime.sql.query<Record<string, unknown> & { item_id: string }>(
        `SELECT vote_id, item_id, evaluator_id, tier, value, comment, reward_credits, claimed_at, voted_at
         FROM evaluation_votes WHERE evaluation_id = $1 ORDER BY voted_at, vote_id`,
        [world.evaluationId],
      );
      const { rows: items } = await runtime.sql.query<{ item_id: string; external_id: string }>(
        'SELECT item_id, external_id FROM evaluation_items WHERE evaluation_id = $1',
        [world.evaluationId],
      );
      const external = new Map(items.map((item) => [item.item_id, item.external_id]));
      const whole = votes.map((vote) => ({
        vote_id: vote.vote_id,
        item_id: external.get(vote.item_id) ?? vote.item_id,
        evaluator: evaluatorPseudonym(world.evaluationId, String(vote.evaluator_id)),
        tier: vote.tier,
        vote: vote.value,
        comment: vote.comment,
        reward_credits: Number(vote.reward_credits),
        claimed_at: iso(vote.claimed_at as Date),
        voted_at: iso(vote.voted_at as Date),
      }));
      // Up to 4 items x 2 votes (with NATS a claim may find no item a little early); every vote
      // the evaluation has is compared.
      expect(whole.length).toBeGreaterThanOrEqual(4);
      expect(whole[0]!.item_id).toMatch(/^streamed-votes-item-/);
      expect((await allRows(voteExportPages(runtime.sql, world.evaluationId, 3))).flat()).toEqual(whole);

      const path = `/api/v1/evaluations/${world.evaluationId}/export`;
      const csv = await api.send({ method: 'GET', url: `${path}?format=csv`, headers: world.owner.headers });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toBe(toCsv(VOTE_EXPORT_COLUMNS, whole));
      const json = await api.send({
        method: 'GET',
        url: `${path}?format=json`,
        headers: world.owner.headers,
      });
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json.body).toBe(JSON.stringify(whole));
    }, 60_000);
  });
}
