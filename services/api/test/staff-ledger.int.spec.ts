import type { LedgerCommand } from '@evalmarket/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTINGS_OF_ACCOUNT } from '../src/admin/account-ledger.js';
import { eventFilters } from '../src/admin/staff-event-routes.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { injector } from './support/inject.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

const q = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

interface Figures {
  available: number;
  pending: number;
  incoming: number;
  posted: number;
}
interface Entry {
  cursor: string;
  global_position: number;
  event_type: string;
  amount: number;
  side: string;
  phase: string;
  after: Figures;
}
interface Ledger {
  account_id: string;
  opening: Figures;
  entries: Entry[];
  next_after: string | null;
}

for (const mode of runtimeModes()) {
  describe(`staff tie-out (balances, account ledgers, event links, party filter): ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let buyer: SignedIn;
    let evaluator: SignedIn;
    const submit = async (commands: LedgerCommand[]) => {
      const results = await runtime.ledger.submitMany(commands, {});
      for (const result of results) expect(result.ok, JSON.stringify(result)).toBe(true);
      const last = results.at(-1)!;
      if (last.ok) await runtime.projector.waitFor(last.events.at(-1)!.global_position);
    };
    const { send } = injector(() => runtime.app);
    const get = (who: SignedIn, url: string) =>
      send({ method: 'GET', url: `/api/v1/admin/${url}`, headers: who.headers });
    const reward = (transfer_id: string, credits: number): LedgerCommand => ({
      type: 'ReserveReward',
      data: {
        transfer_id,
        requester_id: buyer.userId,
        evaluator_id: evaluator.userId,
        credits,
        timeout_ms: 600_000,
      },
    });

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'auditor@example.com', {
        admin: true,
        firstName: 'Audi',
        lastName: 'Tor',
      });
      buyer = await signIn(runtime, 'req@example.com', { firstName: 'Rita', lastName: 'Quester' });
      evaluator = await signIn(runtime, 'eva@example.com', { firstName: 'Eva', lastName: 'Luator' });
      await submit([
        { type: 'OpenUserAccounts', data: { user_id: buyer.userId } },
        { type: 'OpenUserAccounts', data: { user_id: evaluator.userId } },
        { type: 'PurchaseCredits', data: { purchase_id: 'pi_tie_1', user_id: buyer.userId, amount_usd: 50 } },
        reward('t-voted', 700),
        { type: 'PostReward', data: { transfer_id: 't-voted', vote_id: 'v-1' } },
        reward('t-skipped', 300),
        { type: 'ReleaseReward', data: { transfer_id: 't-skipped', reason: 'skipped' } },
        reward('t-open', 450),
        {
          type: 'AdjustCredits',
          data: {
            adjustment_id: 'adj-tie',
            user_id: buyer.userId,
            context: 'spending',
            amount_credits: -1_000,
            reason: 'correction',
            actor_id: admin.userId,
          },
        },
      ]);
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    async function wholeLedger(userId: string, context: string, limit: number): Promise<Ledger[]> {
      const pages: Ledger[] = [];
      let after: string | null = null;
      do {
        const reply = await get(
          admin,
          `users/${userId}/ledger?context=${context}&limit=${limit}${after ? `&after=${after}` : ''}`,
        );
        expect(reply.statusCode, reply.body).toBe(200);
        const page = reply.json<Ledger>();
        pages.push(page);
        after = page.next_after;
      } while (after);
      return pages;
    }

    it('ends each account ledger at the balance the person’s own wallet reports', async () => {
      for (const [who, context] of [
        [buyer, 'spending'],
        [evaluator, 'earning'],
      ] as const) {
        const wallet = await send({
          method: 'GET',
          url: `/api/v1/wallet/context/${context}`,
          headers: who.headers,
        });
        const { credits_balance, pending_balance } = wallet.json<{
          credits_balance: number;
          pending_balance: number;
        }>();
        const [page] = await wholeLedger(who.userId, context, 500);
        const last = page!.entries.at(-1)!;
        expect(last.after.available).toBe(credits_balance);
        expect(last.after.pending).toBe(pending_balance);
        const balances = (await get(admin, `users/${who.userId}/balances`)).json<Record<string, Figures>>();
        expect(balances[context]).toMatchObject(last.after);
      }
      // The figures themselves: 50,000 bought, 700 voted, 300 reserved then released, 450 still
      // reserved, 1,000 taken by the adjustment.
      const balances = (await get(admin, `users/${buyer.userId}/balances`)).json<Record<string, Figures>>();
      expect(balances.spending).toMatchObject({ available: 47_850, pending: 450, posted: 48_300 });
      const earned = (await get(admin, `users/${evaluator.userId}/balances`)).json<Record<string, Figures>>();
      expect(earned.earning).toMatchObject({ available: 700, incoming: 450, posted: 700 });
    });

    it('pages by cursor with the running balance carried across pages', async () => {
      const [whole] = await wholeLedger(buyer.userId, 'spending', 500);
      const pages = await wholeLedger(buyer.userId, 'spending', 2);
      expect(pages.length).toBeGreaterThan(2);
      const joined = pages.flatMap((page) => page.entries);
      expect(joined).toEqual(whole!.entries);
      for (let index = 1; index < pages.length; index += 1) {
        expect(pages[index]!.opening).toEqual(pages[index - 1]!.entries.at(-1)!.after);
      }
      // Every reservation of the requester is on the ledger, as its own posting.
      expect(joined.filter((entry) => entry.event_type === 'RewardReserved')).toHaveLength(3);
      expect(joined.map((entry) => entry.event_type)).toEqual(
        expect.arrayContaining(['CreditsPurchased', 'VoteRecorded', 'RewardReleased', 'CreditsAdjusted']),
      );
    });

    it('filters the event log by any party and by account', async () => {
      const byParty = await get(admin, `events${q({ filter: { party: buyer.userId }, range: [0, 499] })}`);
      expect(byParty.statusCode, byParty.body).toBe(200);
      const types = byParty.json<Array<{ type: string }>>().map((event) => event.type);
      // The requester's reservations and votes carry requester_id, not user_id.
      expect(types).toEqual(expect.arrayContaining(['RewardReserved', 'VoteRecorded', 'CreditsPurchased']));
      const byUserId = await get(admin, `events${q({ filter: { user_id: buyer.userId }, range: [0, 499] })}`);
      expect(byUserId.json<Array<{ type: string }>>().map((event) => event.type)).not.toContain(
        'VoteRecorded',
      );

      const account = `earning:${evaluator.userId}`;
      const byAccount = await get(admin, `events${q({ filter: { account }, range: [0, 499] })}`);
      const events =
        byAccount.json<Array<{ type: string; postings: Array<{ debit: string; credit: string }> }>>();
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(
          event.postings.some((posting) => posting.debit === account || posting.credit === account),
        ).toBe(true);
      }
      const [ledger] = await wholeLedger(evaluator.userId, 'earning', 500);
      expect(new Set(events.map((event) => (event as unknown as { id: number }).id))).toEqual(
        new Set(ledger!.entries.map((entry) => entry.global_position)),
      );
      // The actor of a staff action is a party too.
      const acts = await get(
        admin,
        `events${q({ filter: { party: admin.userId, type: 'CreditsAdjusted' } })}`,
      );
      expect(acts.json()).toHaveLength(1);
    });

    it("finds an account's events through the postings index (migration 020)", async () => {
      const account = `spending:${buyer.userId}`;
      const params: unknown[] = [];
      const condition = eventFilters.account!(account, (value) => `$${params.push(value)}`);
      const plans = await runtime.sql.transaction(async (tx) => {
        // A small world would be read whole anyway: make the planner show what the index can do.
        await tx.query('SET LOCAL enable_seqscan = off');
        const explain = async (query: string, values: unknown[]) =>
          (await tx.query(`EXPLAIN ${query}`, values)).rows
            .map((row) => String(row['QUERY PLAN']))
            .join('\n');
        return [
          await explain(`SELECT global_position FROM event_log WHERE ${condition}`, params),
          await explain(POSTINGS_OF_ACCOUNT, [account]),
        ];
      });
      for (const plan of plans) expect(plan).toContain('events_postings_idx');
    });

    it('links an event to its people by name and email, its accounts, and its Stripe object', async () => {
      const [ledger] = await wholeLedger(buyer.userId, 'spending', 500);
      const purchase = ledger!.entries.find((entry) => entry.event_type === 'CreditsPurchased')!;
      const links = (await get(admin, `events/${purchase.global_position}/links`)).json();
      expect(links.people).toEqual([
        { role: 'person', id: buyer.userId, email: 'req@example.com', name: 'Rita Quester' },
      ]);
      expect(links.stripe_objects).toEqual([{ kind: 'payment_intent', id: 'pi_tie_1' }]);
      expect(links.accounts).toContainEqual({
        account: `spending:${buyer.userId}`,
        owner: { id: buyer.userId, email: 'req@example.com', name: 'Rita Quester' },
      });
      expect(links.accounts).toContainEqual({ account: 'platform:stripe', owner: null });
      const vote = ledger!.entries.find((entry) => entry.event_type === 'VoteRecorded')!;
      // The other side of a vote is the evaluator's earnings, named.
      expect(vote).toMatchObject({
        counter_account: `earning:${evaluator.userId}`,
        counter_owner: { id: evaluator.userId, email: 'eva@example.com', name: 'Eva Luator' },
      });
      const voteLinks = (await get(admin, `events/${vote.global_position}/links`)).json();
      expect(
        voteLinks.people.map((person: { role: string; email: string }) => [person.role, person.email]),
      ).toEqual([
        ['requester', 'req@example.com'],
        ['evaluator', 'eva@example.com'],
      ]);
    });

    it('is admin only and answers hostile input with 4xx', async () => {
      for (const url of [
        `users/${buyer.userId}/balances`,
        `users/${buyer.userId}/ledger`,
        'events/1/links',
      ]) {
        expect((await send({ method: 'GET', url: `/api/v1/admin/${url}` })).statusCode).toBe(401);
        const forbidden = await get(buyer, url);
        expect(forbidden.statusCode).toBe(403);
        expect(forbidden.json().detail).toBe('Access denied. Platform admin privileges required.');
      }
      for (const url of [
        `users/${buyer.userId}/ledger?context=platform`,
        `users/${buyer.userId}/ledger?after=abc`,
        `users/${buyer.userId}/ledger?after=99999999999999999999.1`,
        `users/${buyer.userId}/ledger?limit=0`,
        `users/${buyer.userId}/ledger?limit=501`,
        'events/0/links',
        'events/abc/links',
      ]) {
        const reply = await get(admin, url);
        expect(reply.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode, url).toBeLessThan(500);
      }
      expect((await get(admin, 'users/nobody/ledger')).statusCode).toBe(404);
      expect((await get(admin, 'users/nobody/balances')).statusCode).toBe(404);
      expect((await get(admin, 'events/999999/links')).statusCode).toBe(404);
      for (const filter of [{ party: ['a', 'b'] }, { account: { $ne: 1 } }, { party: "x' OR 1=1 --" }]) {
        const reply = await get(admin, `events${q({ filter })}`);
        expect(reply.statusCode, JSON.stringify(filter)).toBe(200);
        expect(reply.json()).toEqual([]);
      }
    });
  });
}
