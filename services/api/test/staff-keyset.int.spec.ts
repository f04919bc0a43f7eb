import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { makeEvaluator } from './support/evaluators.js';
import { injector, raQuery } from './support/inject.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { requestSignInToken, signIn, type SignedIn } from './support/sign-in.js';

const q = raQuery;

const cursorOf = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

for (const mode of runtimeModes()) {
  describe(`staff lists in keyset pages: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'keyset-boss@example.com', { admin: true, lastName: 'Zed' });
      // Ties: most people share the last name and is_admin; two never name themselves (NULL).
      // Applicants: the pending ones have no reviewed_at (NULL), the statuses tie.
      const statuses = ['pending', 'verified', 'pending', 'rejected', 'verified'] as const;
      for (const [index, name] of ['a', 'b', 'c', 'd', 'e'].entries()) {
        const person = await signIn(runtime, `keyset-${name}@example.com`);
        await makeEvaluator(runtime, person.userId, { status: statuses[index] });
      }
      for (const name of ['f', 'g']) {
        const token = await requestSignInToken(runtime, `keyset-${name}@example.com`);
        const verified = await runtime.app.inject({
          method: 'POST',
          url: '/api/v1/auth/verify',
          payload: { token },
        });
        expect(verified.statusCode).toBe(200);
      }
    }, 60_000);
    afterAll(async () => {
      await runtime?.stop();
    });
    const api = injector(() => runtime.app);
    const get = (url: string) =>
      api.send({ method: 'GET', url: `/api/v1/admin/${url}`, headers: admin.headers });

    /** Every id of a list, walked in keyset pages of `limit`, checking the headers on the way. */
    async function walk(resource: string, params: Record<string, unknown>, limit: number): Promise<string[]> {
      const ids: string[] = [];
      let after = '';
      for (let pages = 0; pages < 50; pages += 1) {
        const reply = await get(`${resource}${q({ ...params, limit: String(limit), after })}`);
        expect(reply.statusCode, reply.body).toBe(200);
        expect(reply.headers['content-range']).toBeUndefined();
        const page = reply.json<Array<{ id: string | number }>>();
        expect(page.length).toBeLessThanOrEqual(limit);
        ids.push(...page.map((row) => String(row.id)));
        if (reply.headers['x-has-next-page'] === 'false') {
          expect(reply.headers['x-next-cursor']).toBeUndefined();
          return ids;
        }
        expect(reply.headers['x-has-next-page']).toBe('true');
        expect(page).toHaveLength(limit);
        after = String(reply.headers['x-next-cursor']);
      }
      throw new Error('the pages never ended');
    }

    async function offsetIds(resource: string, params: Record<string, unknown>): Promise<string[]> {
      const reply = await get(`${resource}${q({ ...params, range: [0, 499] })}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<Array<{ id: string | number }>>().map((row) => String(row.id));
    }

    it('pages through ties in both orders exactly like the offset list', async () => {
      const people = await offsetIds('users', {});
      expect(people.length).toBe(8);
      for (const field of ['last_name', 'is_admin', 'created_at', 'email', 'id']) {
        for (const order of ['ASC', 'DESC']) {
          const params = { sort: [field, order] };
          const expected = await offsetIds('users', params);
          expect(new Set(expected).size, `${field} ${order}`).toBe(8);
          for (const limit of [1, 3, 8]) {
            expect(await walk('users', params, limit), `${field} ${order} by ${limit}`).toEqual(expected);
          }
        }
      }
    });

    it('pages through NULLs, kept last in both orders, and ties of another list', async () => {
      for (const order of ['ASC', 'DESC']) {
        const params = { sort: ['reviewed_at', order], filter: { status: 'all' } };
        const expected = await offsetIds('evaluator-applications', params);
        expect(expected).toHaveLength(5);
        for (const limit of [1, 2, 4]) {
          expect(await walk('evaluator-applications', params, limit), `${order} by ${limit}`).toEqual(
            expected,
          );
        }
        const reply = await get(`evaluator-applications${q({ ...params, limit: '5', after: '' })}`);
        const reviewed = reply.json<Array<{ reviewed_at: string | null }>>().map((a) => a.reviewed_at);
        expect(reviewed.slice(-2), order).toEqual([null, null]);
        expect(reviewed.slice(0, -2)).not.toContain(null);
        const byStatus = { sort: ['evaluator_status', order], filter: { status: 'all' } };
        expect(await walk('evaluator-applications', byStatus, 2)).toEqual(
          await offsetIds('evaluator-applications', byStatus),
        );
      }
    });

    it('applies filters to every page', async () => {
      const params = { sort: ['email', 'DESC'], filter: { q: 'keyset-' } };
      const expected = await offsetIds('users', params);
      expect(expected.length).toBe(8);
      const onlyNamed = { sort: ['last_name', 'ASC'], filter: { q: 'Person' } };
      const named = await offsetIds('users', onlyNamed);
      expect(named.length).toBe(5);
      expect(await walk('users', params, 3)).toEqual(expected);
      expect(await walk('users', onlyNamed, 2)).toEqual(named);
    });

    it('pages the event log by position, newest first by default', async () => {
      const expected = await offsetIds('events', {});
      const all = await get(`events${q({ range: [0, 499] })}`);
      const total = Number(String(all.headers['content-range']).split('/')[1]);
      expect(expected.length).toBe(total);
      expect(total).toBeGreaterThan(10);
      expect(await walk('events', {}, 4)).toEqual(expected);
      expect(await walk('events', { sort: ['global_position', 'ASC'] }, 7)).toEqual([...expected].reverse());
      const typed = { filter: { type: 'UserSignedIn' } };
      expect(await walk('events', typed, 2)).toEqual(await offsetIds('events', typed));
    });

    it('refuses malformed, tampered and foreign cursors with a 422 that names the cursor', async () => {
      const first = await get(`users${q({ sort: ['created_at', 'ASC'], limit: '2', after: '' })}`);
      const cursor = String(first.headers['x-next-cursor']);
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, unknown>;
      const hostile = [
        'not a cursor!',
        '%%%',
        Buffer.from('{"broken').toString('base64url'),
        cursorOf([1, 2]),
        cursorOf({ ...decoded, v: 'not a time' }),
        cursorOf({ ...decoded, v: 'x'.repeat(2000) }),
        cursorOf({ ...decoded, extra: 1 }),
        cursorOf({ ...decoded, id: '\u0000' }),
      ];
      for (const after of hostile) {
        const reply = await get(`users${q({ sort: ['created_at', 'ASC'], limit: '2', after })}`);
        expect(reply.statusCode, after).toBe(422);
        expect(JSON.stringify(reply.json()), after).toContain('after');
      }
      const otherSort = await get(`users${q({ sort: ['created_at', 'DESC'], limit: '2', after: cursor })}`);
      expect(otherSort.statusCode).toBe(422);
      expect(otherSort.body).toContain('belongs to another sort');
      const both = await get(`users${q({ range: [0, 1], after: '' })}`);
      expect(both.statusCode).toBe(422);
      for (const limit of ['0', '501', 'x', '-1']) {
        expect((await get(`users${q({ limit, after: '' })}`)).statusCode, limit).toBe(422);
      }
    });
  });
}
