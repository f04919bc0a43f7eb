import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { evaluationClient } from './support/evaluations.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

for (const mode of runtimeModes()) {
  describe(`evaluation lists paged by keyset: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let owner: SignedIn;
    let api: ReturnType<typeof evaluationClient>;
    const created: string[] = [];

    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      api = evaluationClient(runtime);
      owner = await signIn(runtime, 'keyset-owner@example.com');
      for (let n = 0; n < 7; n += 1) {
        const reply = await api.createEvaluation(owner.headers, { title: `Keyset ${n}`, budget_amount: 10 });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        created.push(reply.body.id);
      }
      // Four of them made in the same microsecond: the id breaks the tie, and a page boundary
      // falls inside the tie below.
      await runtime.sql.query(
        `UPDATE evaluations SET created_at = (SELECT created_at FROM evaluations WHERE id = $1) WHERE id = ANY($2)`,
        [created[2], created.slice(2, 6)],
      );
    }, 60_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    /** Every page of a list, following the x-next-before header from the first. */
    async function walk(query: string, limit: number) {
      const pages: string[][] = [];
      let before: string | undefined;
      for (;;) {
        const url = `/evaluations?${query}&limit=${limit}${before ? `&before=${before}` : ''}`;
        const reply = await api.call('GET', url, owner.headers);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        pages.push(reply.body.map((row: { id: string }) => row.id));
        before = reply.headers['x-next-before'] as string | undefined;
        if (!before) return pages;
        if (pages.length > 20) throw new Error('the pages never end');
      }
    }

    it('lists every evaluation once, in the offset order, across ties', async () => {
      for (const query of ['public_only=false', 'public_only=true']) {
        const whole = (await api.call('GET', `/evaluations?${query}&limit=100`, owner.headers)).body.map(
          (row: { id: string }) => row.id,
        );
        expect(whole).toHaveLength(7);
        expect(new Set(whole)).toEqual(new Set(created));
        const pages = await walk(query, 2);
        expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
        expect(pages.flat()).toEqual(whole);
        // The documented skip/limit still page as before.
        const skipped = await api.call('GET', `/evaluations?${query}&limit=2&skip=2`, owner.headers);
        expect(skipped.body.map((row: { id: string }) => row.id)).toEqual(whole.slice(2, 4));
      }
      // A full last page answers no cursor.
      expect((await walk('public_only=false', 7)).map((page) => page.length)).toEqual([7]);
    });

    it('keeps its place while new evaluations are added above the cursor', async () => {
      const first = await api.call('GET', '/evaluations?public_only=false&limit=3', owner.headers);
      const before = first.headers['x-next-before'] as string;
      expect(before).toBeTruthy();
      const added = await api.createEvaluation(owner.headers, { title: 'Keyset new', budget_amount: 10 });
      expect(added.status).toBe(201);
      const next = await api.call(
        'GET',
        `/evaluations?public_only=false&limit=3&before=${before}`,
        owner.headers,
      );
      const whole = (
        await api.call('GET', '/evaluations?public_only=false&limit=100', owner.headers)
      ).body.map((row: { id: string }) => row.id);
      expect(whole[0]).toBe(added.body.id);
      // The offset list moved by one; the cursor's page did not.
      expect(next.body.map((row: { id: string }) => row.id)).toEqual(whole.slice(4, 7));
    });

    it('answers 422 to a cursor it did not give out and changes nothing', async () => {
      const hostile = [
        'garbage',
        cursorOf(['2026-02-30T00:00:00.000000Z', 'x']),
        cursorOf(['2026-01-01T24:00:00.000000Z', 'x']),
        cursorOf(['0000-01-01T00:00:00.000000Z', 'x']),
        cursorOf(['2026-01-01T00:00:00.000000Z', 'a\u0000b']),
        cursorOf(['2026-01-01T00:00:00.000000Z', "x' OR 1=1 --"]),
        cursorOf({ time: 'now', id: 'x' }),
        cursorOf(['2026-01-01T00:00:00.000000Z']),
        'x'.repeat(401),
      ];
      for (const before of hostile) {
        const reply = await api.call(
          'GET',
          `/evaluations?public_only=false&before=${encodeURIComponent(before)}`,
          owner.headers,
        );
        expect(reply.status, before).toBe(422);
      }
      const valid = cursorOf(['2999-01-01T00:00:00.000000Z', 'zzz']);
      const all = await api.call(
        'GET',
        `/evaluations?public_only=false&limit=100&before=${valid}`,
        owner.headers,
      );
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(8);
    });
  });
}
