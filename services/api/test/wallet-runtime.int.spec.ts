import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_MESSAGE } from '../src/identity/sessions.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { runtimeModes } from './support/runtime.js';
import { signIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

for (const mode of runtimeModes()) {
  describe(`wallet money path: ${mode.name}`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ runtime, cleanup } = await mode.start());
    });
    afterAll(async () => {
      await runtime?.close();
      await cleanup?.();
    });

    const people = new Map<string, Record<string, string>>();
    const as = async (user: string) => {
      if (!people.has(user)) people.set(user, (await signIn(runtime, `${user}@example.com`)).headers);
      return people.get(user)!;
    };
    const api = injector(() => runtime.app);
    const grant = async (user: string, body: unknown, headers: Record<string, string> = {}) =>
      api.call('POST', '/dev/grant-credits', { ...(await as(user)), ...headers }, body);

    it('answers 401 with the spec message when nobody is signed in', async () => {
      const reply = await runtime.app.inject({ method: 'GET', url: '/api/v1/wallet/balance' });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toMatchObject({ detail: 'No authentication token available' });
    });

    it('starts a new person at zero with no transactions', async () => {
      const balance = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/balance',
        headers: await as('newcomer'),
      });
      expect(balance.json()).toEqual({ credits_balance: 0, usd_equivalent: 0 });
      const list = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/transactions',
        headers: await as('newcomer'),
      });
      expect(list.json()).toEqual([]);
    });

    it('moves a grant through the ledger, the log and the projection into the wallet', async () => {
      const alice = (await signIn(runtime, 'alice@example.com')).userId;
      const reply = await grant('alice', { amount_credits: 25_000 }, { 'idempotency-key': 'grant-1' });
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toMatchObject({
        account_id: `spending:${alice}`,
        amount_credits: 25_000,
        credits_balance: 25_000,
      });
      const balance = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/balance',
        headers: await as('alice'),
      });
      expect(balance.json()).toEqual({ credits_balance: 25_000, usd_equivalent: 25 });
      const list = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/transactions?limit=20',
        headers: await as('alice'),
      });
      expect(list.json()).toEqual([
        expect.objectContaining({
          context: 'spending',
          type: 'credit',
          amount: 25_000,
          status: 'completed',
          currency: 'credits',
        }),
      ]);
      const events = await runtime.store.readAll({ after: 0, limit: 100 });
      const adjusted = events.find((e) => e.type === 'CreditsAdjusted');
      expect(adjusted?.data).toMatchObject({
        user_id: alice,
        postings: [
          { debit: 'platform:adjustments', credit: `spending:${alice}`, amount: 25_000, phase: 'posted' },
        ],
      });
      expect(adjusted?.metadata.actor).toBe(`user:${alice}`);
    });

    it('replays a retried write once and refuses the key with another body', async () => {
      const first = await grant('bob', { amount_credits: 1_000 }, { 'idempotency-key': 'bob-grant' });
      const retry = await grant('bob', { amount_credits: 1_000 }, { 'idempotency-key': 'bob-grant' });
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      const clash = await grant('bob', { amount_credits: 2_000 }, { 'idempotency-key': 'bob-grant' });
      expect(clash.statusCode).toBe(409);
      const balance = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/balance',
        headers: await as('bob'),
      });
      expect(balance.json().credits_balance).toBe(1_000);
    });

    it('refuses bad amounts with field paths and changes nothing', async () => {
      await as('carol');
      const head = await runtime.store.headPosition();
      for (const amount of [-5, 0, 1.5, '100', Number.MAX_SAFE_INTEGER + 2]) {
        const reply = await grant('carol', { amount_credits: amount });
        expect(reply.statusCode).toBe(422);
        expect(reply.json().detail[0].loc).toEqual(['body', 'amount_credits']);
      }
      const badUser = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/balance',
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(badUser.statusCode).toBe(401);
      expect(badUser.json()).toMatchObject({ detail: 'Session expired. Please sign in again.' });
      expect(await runtime.store.headPosition()).toBe(head);
    });

    it('answers concurrent balance reads, which share a query, each with its own account', async () => {
      const amounts = [3_000, 7_000, 11_000];
      for (const [index, amount] of amounts.entries())
        await grant(`many-${index}`, { amount_credits: amount });
      const read = async (user: string, context: string) =>
        runtime.app.inject({
          method: 'GET',
          url: `/api/v1/wallet/balance?context=${context}`,
          headers: await as(user),
        });
      const asked = amounts.flatMap((_amount, index) =>
        ['spending', 'earning', 'spending'].map((context) => ({ user: `many-${index}`, context })),
      );
      const replies = await Promise.all(asked.map(({ user, context }) => read(user, context)));
      replies.forEach((reply, at) => {
        const { user, context } = asked[at]!;
        const credits = context === 'spending' ? amounts[Number(user.split('-')[1])]! : 0;
        expect(reply.statusCode).toBe(200);
        expect(reply.json(), `${user} ${context}`).toEqual({
          credits_balance: credits,
          usd_equivalent: credits / 1000,
        });
      });
    });

    it('gives the balance only while the session holds, and refuses an unknown context', async () => {
      await grant('leaver', { amount_credits: 4_000 });
      const headers = await as('leaver');
      const read = (query = '') =>
        runtime.app.inject({ method: 'GET', url: `/api/v1/wallet/balance${query}`, headers });
      expect((await read()).json()).toEqual({ credits_balance: 4_000, usd_equivalent: 4 });
      expect((await read('?context=earning')).json()).toEqual({ credits_balance: 0, usd_equivalent: 0 });
      const refused = await read('?context=savings');
      expect(refused.statusCode).toBe(422);
      expect(refused.body).not.toContain('credits_balance');
      const out = await runtime.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
      expect(out.statusCode).toBe(200);
      const after = await read();
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ detail: SESSION_EXPIRED_MESSAGE });
      expect(after.body).not.toContain('credits_balance');
    });

    it('pages transactions stably while new ones arrive', async () => {
      for (let i = 1; i <= 5; i += 1) await grant('dave', { amount_credits: i * 1_000 });
      const first = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/transactions?limit=2',
        headers: await as('dave'),
      });
      expect(first.json().map((t: { amount: number }) => t.amount)).toEqual([5_000, 4_000]);
      const cursor = first.headers['x-next-before'] as string;
      await grant('dave', { amount_credits: 9_000 });
      const second = await runtime.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/transactions?limit=2&before=${encodeURIComponent(cursor)}`,
        headers: await as('dave'),
      });
      expect(second.json().map((t: { amount: number }) => t.amount)).toEqual([3_000, 2_000]);
      const bad = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/transactions?before=zzz',
        headers: await as('dave'),
      });
      expect(bad.statusCode).toBe(422);
    });

    it('serves the OpenAPI document with the wallet routes', async () => {
      const reply = await runtime.app.inject({ method: 'GET', url: '/docs/json' });
      expect(Object.keys(reply.json().paths)).toEqual(
        expect.arrayContaining([
          '/api/v1/wallet/balance',
          '/api/v1/wallet/transactions',
          '/api/v1/dev/grant-credits',
        ]),
      );
    });
  });
}
