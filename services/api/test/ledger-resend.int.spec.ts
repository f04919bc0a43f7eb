import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { injector } from './support/inject.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

/*
 * A money request whose first attempt landed but whose reply was lost (the API replica died, the
 * idempotency record went with it) is sent again with the same Idempotency-Key: the ledger
 * answers it as a duplicate with no new events, and the route must answer with the first
 * attempt's effect, not fail on the empty event list.
 */
for (const mode of runtimeModes()) {
  describe(`a money request resent after its reply was lost: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let person: SignedIn;
    const { call } = injector(() => runtime.app);
    const forgetReplies = () => runtime.sql.query('DELETE FROM http_idempotency');
    const balance = async (who: SignedIn) =>
      (await call('GET', '/wallet/balance', who.headers)).json<{ credits_balance: number }>().credits_balance;

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'resend-admin@example.com', { admin: true });
      person = await signIn(runtime, 'resend-person@example.com');
    });
    afterAll(() => runtime?.stop());

    it('answers a resent credit grant with the first grant, once', async () => {
      const headers = { ...person.headers, 'idempotency-key': 'grant-once' };
      const first = await call('POST', '/dev/grant-credits', headers, { amount_credits: 5_000 });
      expect(first.statusCode, first.body).toBe(201);
      await forgetReplies();
      const again = await call('POST', '/dev/grant-credits', headers, { amount_credits: 5_000 });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toMatchObject({
        adjustment_id: first.json().adjustment_id,
        global_position: first.json().global_position,
        credits_balance: 5_000,
      });
      expect(await balance(person)).toBe(5_000);
    });

    it('answers a resent staff adjustment with the first adjustment, once', async () => {
      const headers = { ...admin.headers, 'idempotency-key': 'adjust-once' };
      const body = { user_id: person.userId, context: 'spending', amount_credits: 700, reason: 'Goodwill' };
      const first = await call('POST', '/admin/adjustments', headers, body);
      expect(first.statusCode, first.body).toBe(201);
      await forgetReplies();
      const again = await call('POST', '/admin/adjustments', headers, body);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toMatchObject({
        adjustment_id: first.json().adjustment_id,
        global_position: first.json().global_position,
        recorded_at: first.json().recorded_at,
      });
      expect(await balance(person)).toBe(5_700);
    });
  });
}
