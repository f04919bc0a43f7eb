import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { makeEvaluator } from './support/evaluators.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { requestSignInToken, signIn, type SignedIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

/** The staff actions on a person's stream (sign-in and profile events share it). */
const STAFF_ACTIONS = ['AdminRoleGranted', 'AdminRoleRevoked', 'UserDisabled', 'UserEnabled'];

const q = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

for (const mode of runtimeModes()) {
  describe(`staff API for react-admin: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let member: SignedIn;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'boss@example.com', {
        admin: true,
        firstName: 'Boss',
        lastName: 'Person',
      });
      member = await signIn(runtime, 'member@example.com', { firstName: 'Mem', lastName: 'Ber' });
    }, 60_000);
    afterAll(async () => {
      await runtime?.stop();
    });
    const api = injector(() => runtime.app);
    const get = (who: SignedIn, url: string) =>
      api.send({ method: 'GET', url: `/api/v1/admin/${url}`, headers: who.headers });
    const post = (who: SignedIn, url: string, payload: object = {}) =>
      api.send({ method: 'POST', url: `/api/v1/admin/${url}`, headers: who.headers, payload });

    it('answers 401 signed out and 403 to non-admins on every staff route', async () => {
      const routes: Array<[InjectOptions['method'], string, object | undefined]> = [
        ['GET', 'users', undefined],
        ['GET', `users/${member.userId}`, undefined],
        ['PUT', `users/${member.userId}`, { is_admin: true }],
        ['POST', `users/${member.userId}/grant-admin`, {}],
        ['POST', `users/${member.userId}/revoke-admin`, {}],
        ['POST', `users/${member.userId}/disable`, {}],
        ['POST', `users/${member.userId}/enable`, {}],
        ['GET', 'transactions', undefined],
        ['GET', 'events', undefined],
        ['GET', 'events/1', undefined],
        ['GET', 'adjustments', undefined],
        ['GET', 'adjustments/x', undefined],
        ['POST', 'adjustments', { user_id: member.userId, amount_credits: 5, reason: 'x' }],
        ['GET', 'finance/audit', undefined],
      ];
      for (const [method, url, payload] of routes) {
        const anonymous = await api.send({ method, url: `/api/v1/admin/${url}`, payload });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const forbidden = await api.send({
          method,
          url: `/api/v1/admin/${url}`,
          payload,
          headers: member.headers,
        });
        expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
        expect(forbidden.json().detail).toBe('Access denied. Platform admin privileges required.');
      }
    });

    it('lists users with Content-Range, search and getMany', async () => {
      const reply = await get(
        admin,
        `users${q({ sort: ['email', 'ASC'], range: [0, 9], filter: { q: 'example.com' } })}`,
      );
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-range']).toMatch(/^users 0-\d+\/\d+$/);
      expect(reply.headers['access-control-expose-headers']).toBe('Content-Range');
      const emails = reply.json().map((u: { email: string }) => u.email);
      expect(emails).toEqual([...emails].sort());
      expect(emails).toContain('member@example.com');
      const many = await get(admin, `users${q({ filter: { id: [member.userId] } })}`);
      expect(many.json()).toHaveLength(1);
      expect(many.json()[0]).toMatchObject({
        id: member.userId,
        first_name: 'Mem',
        is_admin: false,
        disabled: false,
        evaluator_status: 'not_applied',
      });
      expect((await get(admin, `users/${member.userId}`)).json().email).toBe('member@example.com');
      expect((await get(admin, 'users/nobody')).statusCode).toBe(404);
      expect((await get(admin, `users${q({ range: [5, 2] })}`)).statusCode).toBe(422);
    });

    it('grants and revokes admin as events; an admin cannot revoke themselves', async () => {
      const target = await signIn(runtime, 'promote@example.com');
      const granted = await post(admin, `users/${target.userId}/grant-admin`);
      expect(granted.statusCode).toBe(200);
      expect(granted.json().is_admin).toBe(true);
      // The new admin can now use the staff API.
      expect((await get(target, 'users')).statusCode).toBe(200);
      const revoked = await api.send({
        method: 'PUT',
        url: `/api/v1/admin/users/${target.userId}`,
        headers: admin.headers,
        payload: { is_admin: false, email: 'ignored' },
      });
      expect(revoked.json().is_admin).toBe(false);
      expect((await get(target, 'users')).statusCode).toBe(403);
      const self = await post(admin, `users/${admin.userId}/revoke-admin`);
      expect(self.statusCode).toBe(409);
      expect(self.json().detail).toBe('You cannot revoke your own admin role');
      expect((await post(admin, `users/${admin.userId}/disable`)).statusCode).toBe(409);
      const events = (await runtime.store.readStream(`user-${target.userId}`)).filter((e) =>
        STAFF_ACTIONS.includes(e.type),
      );
      expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
        ['AdminRoleGranted', `user:${admin.userId}`],
        ['AdminRoleRevoked', `user:${admin.userId}`],
      ]);
      expect(events[0]!.data).toEqual({ user_id: target.userId, granted_by: admin.userId });
    });

    it('disables and enables a person', async () => {
      const target = await signIn(runtime, 'disable-me@example.com');
      expect((await post(admin, `users/${target.userId}/disable`)).json().disabled).toBe(true);
      // A disabled person is locked out at once: their token stops working and so does a new link.
      const locked = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/profile/',
        headers: target.headers,
      });
      expect(locked.statusCode).toBe(401);
      expect(locked.json().detail).toBe('This account has been disabled. Contact support.');
      const token = await requestSignInToken(runtime, 'disable-me@example.com');
      const refused = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify',
        payload: { token },
      });
      expect(refused.statusCode).toBe(403);
      const disabled = await get(admin, `users${q({ filter: { disabled: true } })}`);
      expect(disabled.json().map((u: { id: string }) => u.id)).toContain(target.userId);
      expect((await post(admin, `users/${target.userId}/enable`)).json().disabled).toBe(false);
      // Repeating a state records nothing more.
      await post(admin, `users/${target.userId}/enable`);
      const recorded = (await runtime.store.readStream(`user-${target.userId}`)).filter((e) =>
        STAFF_ACTIONS.includes(e.type),
      );
      expect(recorded.map((e) => e.type)).toEqual(['UserDisabled', 'UserEnabled']);
    });

    it('creates a credits adjustment with a mandatory reason, seen in transactions and the event log', async () => {
      const person = await signIn(runtime, 'adjust@example.com');
      const noReason = await post(admin, 'adjustments', {
        user_id: person.userId,
        amount_credits: 2500,
        reason: '   ',
      });
      expect(noReason.statusCode).toBe(422);
      expect(
        (await post(admin, 'adjustments', { user_id: person.userId, amount_credits: 0, reason: 'zero' }))
          .statusCode,
      ).toBe(422);
      expect(
        (await post(admin, 'adjustments', { user_id: 'ghost', amount_credits: 10, reason: 'ghost' }))
          .statusCode,
      ).toBe(404);
      const created = await post(admin, 'adjustments', {
        user_id: person.userId,
        amount_credits: 2500,
        reason: 'Goodwill for outage',
      });
      expect(created.statusCode).toBe(201);
      const adjustment = created.json();
      expect(adjustment).toMatchObject({
        user_id: person.userId,
        context: 'spending',
        amount_credits: 2500,
        reason: 'Goodwill for outage',
        actor_id: admin.userId,
      });
      // Taking more than the person has is refused by the ledger, not a 500.
      const overdraw = await post(admin, 'adjustments', {
        user_id: person.userId,
        amount_credits: -999_999,
        reason: 'Clawback',
      });
      expect(overdraw.statusCode).toBe(409);
      expect(overdraw.json().code).toBe('insufficient_credits');

      const balance = await api.send({
        method: 'GET',
        url: '/api/v1/wallet/balance',
        headers: person.headers,
      });
      expect(balance.json().credits_balance).toBe(2500);
      const tx = await get(admin, `transactions${q({ filter: { user_id: person.userId } })}`);
      expect(tx.headers['content-range']).toBe('transactions 0-0/1');
      expect(tx.json()[0]).toMatchObject({
        user_id: person.userId,
        amount: 2500,
        type: 'credit',
        status: 'completed',
      });
      const list = await get(admin, `adjustments${q({ filter: { user_id: person.userId } })}`);
      expect(list.json()).toEqual([adjustment]);
      expect((await get(admin, `adjustments/${adjustment.id}`)).json()).toEqual(adjustment);

      const events = await get(
        admin,
        `events${q({ filter: { type: 'CreditsAdjusted', actor: `user:${admin.userId}`, user_id: person.userId } })}`,
      );
      expect(events.statusCode).toBe(200);
      const [event] = events.json();
      expect(event).toMatchObject({
        id: adjustment.global_position,
        type: 'CreditsAdjusted',
        actor: `user:${admin.userId}`,
        payload: { reason: 'Goodwill for outage', amount_credits: 2500 },
      });
      expect(event.postings).toHaveLength(1);
      expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(event.correlation_id).toBeTruthy();
      expect((await get(admin, `events/${event.id}`)).json()).toEqual(event);
    });

    it('filters the event log by stream, type list, time range and position', async () => {
      const person = await signIn(runtime, 'log@example.com');
      await makeEvaluator(runtime, person.userId, { status: 'verified' });
      const stream = await get(
        admin,
        `events${q({ sort: ['id', 'ASC'], filter: { stream_id: `evaluator-${person.userId}` } })}`,
      );
      expect(stream.json().map((e: { type: string }) => e.type)).toEqual([
        'EvaluatorApplied',
        'EvaluatorVerified',
      ]);
      const types = await get(
        admin,
        `events${q({ filter: { type: ['EvaluatorApplied', 'EvaluatorVerified'], stream_prefix: 'evaluator-' } })}`,
      );
      expect(types.json().length).toBeGreaterThanOrEqual(2);
      const [first, second] = stream.json();
      const positioned = await get(
        admin,
        `events${q({ filter: { position_from: second.id, position_to: second.id } })}`,
      );
      expect(positioned.json().map((e: { id: number }) => e.id)).toEqual([second.id]);
      const future = await get(admin, `events${q({ filter: { recorded_from: '2999-01-01T00:00:00Z' } })}`);
      expect(future.json()).toEqual([]);
      expect(future.headers['content-range']).toBe('events 0-0/0');
      const past = await get(
        admin,
        `events${q({ filter: { recorded_to: first.recorded_at, stream_id: first.stream_id } })}`,
      );
      expect(past.json()).toEqual([]);
      expect(
        (await get(admin, `events${q({ filter: { recorded_from: 'yesterday-ish' } })}`)).statusCode,
      ).toBe(422);
      expect((await get(admin, 'events/999999999')).statusCode).toBe(404);
      expect((await get(admin, 'events/abc')).statusCode).toBe(422);
    });

    it('answers 422, never 500, to odd list parameters', async () => {
      for (const query of [
        q({ range: [0, 1e300] }),
        q({ range: [1e15, 1e15 + 1] }),
        q({ range: [0.5, 2] }),
        q({ range: 'all' }),
        q({ sort: ['id', 'DROP TABLE'] }).replace('DROP', 'DROP'),
        q({ sort: { field: 'id' } }),
        q({ filter: [1, 2] }),
        q({ filter: { position_from: 'abc' } }),
        q({ filter: { position_to: 1e300 } }),
        q({ filter: { recorded_from: '99999-01-01' } }),
        q({ filter: { recorded_to: { $gt: 1 } } }),
        '?filter=%7B',
      ]) {
        const reply = await get(admin, `events${query}`);
        expect([200, 422], `${query} -> ${reply.statusCode} ${reply.body}`).toContain(reply.statusCode);
      }
      expect((await get(admin, 'events/99999999999999999999')).statusCode).toBe(422);
      const odd = await get(
        admin,
        `users${q({ filter: { q: "%' OR 1=1 --", is_admin: 'maybe', role: ['x'] } })}`,
      );
      expect(odd.statusCode).toBe(200);
      expect(odd.json()).toEqual([]);
    });

    it('runs the finance audit over the log', async () => {
      const reply = await get(admin, 'finance/audit');
      expect(reply.statusCode).toBe(200);
      const report = reply.json();
      expect(report.ok).toBe(true);
      expect(report.checks.map((c: { name: string }) => c.name)).toEqual([
        'balances_sum_to_zero',
        'user_accounts_never_negative',
        'money_events_applied_once',
        'read_models_match_replay',
        'hash_chain_intact',
        'projections_running',
      ]);
      expect(report.stripe_reconciliation.mismatches).toEqual([]);
    });
  });
}
