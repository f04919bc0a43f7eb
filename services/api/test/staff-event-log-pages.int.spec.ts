import type { NewEvent, PackedJournal } from '@evalmarket/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFilters } from '../src/admin/staff-event-routes.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { paidEvaluationWithCrowd, voteUntilNoItemLeft } from './support/evaluations.js';
import { injector, raQuery } from './support/inject.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

const q = raQuery;

/*
 * The staff event log pages its sources itself (src/admin/event-log-source.ts): events by index,
 * the packed journal's batches newest first, skipped by type, position and text. Every filter
 * must find exactly what the event_log view finds under the same conditions, on a log whose
 * claims and votes are packed.
 */
for (const mode of runtimeModes()) {
  describe(`staff event log pages over the packed journal: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let evaluatorId: string;
    let evaluationId: string;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'log-pages-boss@example.com', { admin: true });
      const world = await paidEvaluationWithCrowd(runtime, {
        name: 'log-pages',
        evaluators: 2,
        items: 3,
        rate: 10,
      });
      await voteUntilNoItemLeft(runtime, world.evaluationId, world.evaluators);
      evaluatorId = world.evaluators[0]!.userId;
      evaluationId = world.evaluationId;
    }, 120_000);
    afterAll(async () => {
      await runtime?.stop();
    });
    const api = injector(() => runtime.app);
    const get = (url: string) =>
      api.send({ method: 'GET', url: `/api/v1/admin/${url}`, headers: admin.headers });

    /** What the event_log view holds under the route's own conditions, newest first. */
    async function viewIds(filter: Record<string, unknown>): Promise<string[]> {
      const params: unknown[] = [];
      const bind = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const conditions = Object.entries(filter).map(([name, value]) => eventFilters[name]!(value, bind)!);
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const { rows } = await runtime.sql.query<{ global_position: string | number }>(
        `SELECT global_position FROM event_log ${where} ORDER BY global_position DESC`,
        params,
      );
      return rows.map((row) => String(row.global_position));
    }

    /**
     * Writes one event as the ledger writer writes: a packed unit, so the only copy of it is a
     * batch's body. Returns its position.
     */
    async function writePacked(streamId: string, event: NewEvent) {
      return (await writePackedRun(streamId, [event]))[0]!;
    }

    /** Several events in one packed unit (so in one batch); their positions. */
    async function writePackedRun(streamId: string, events: NewEvent[]) {
      const journal = runtime.store as unknown as PackedJournal;
      const [outcome] = await journal
        .prepare([
          { packed: true, appends: [{ stream_id: streamId, expected_version: 'no_stream', events }] },
        ])
        .run();
      expect(outcome?.ok, JSON.stringify(outcome)).toBe(true);
      return outcome!.ok ? outcome!.events.map((event) => String(event.global_position)) : [];
    }

    /**
     * The names the batch holding `position` was written with (event_batch_names, migration 032):
     * for each kind, each name's entry ordinals; and its stream ids.
     */
    async function namesOfBatch(position: string) {
      const { rows } = await runtime.sql.query<{ kind: string; name: string; ordinals: number[] }>(
        `SELECT n.kind, n.name, n.ordinals FROM event_batch_names n JOIN event_batches b USING (first_position)
          WHERE $1::bigint BETWEEN b.first_position AND b.last_position ORDER BY n.kind, n.name`,
        [position],
      );
      const names: Record<string, Record<string, number[]>> = {};
      for (const row of rows) (names[row.kind] ??= {})[row.name] = row.ordinals.map(Number);
      const streams = await runtime.sql.query<{ stream_ids: string[] }>(
        'SELECT stream_ids FROM event_batches WHERE $1::bigint BETWEEN first_position AND last_position',
        [position],
      );
      return { names, streamIds: streams.rows.map((row) => row.stream_ids) };
    }

    async function keysetIds(
      filter: Record<string, unknown>,
      limit: number,
      order: 'ASC' | 'DESC' = 'DESC',
    ): Promise<string[]> {
      const ids: string[] = [];
      let after = '';
      for (let pages = 0; pages < 200; pages += 1) {
        const reply = await get(`events${q({ sort: ['id', order], filter, limit: String(limit), after })}`);
        expect(reply.statusCode, reply.body).toBe(200);
        ids.push(...reply.json<Array<{ id: number }>>().map((row) => String(row.id)));
        if (reply.headers['x-has-next-page'] === 'false') return ids;
        after = String(reply.headers['x-next-cursor']);
      }
      throw new Error('the pages never ended');
    }

    /** The ids of the offset form's page `range` and its Content-Range (the reply must be 200). */
    async function offsetPage(
      filter: Record<string, unknown>,
      range: [number, number],
      order: 'ASC' | 'DESC' = 'DESC',
    ) {
      const reply = await get(`events${q({ sort: ['id', order], filter, range })}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return {
        ids: reply.json<Array<{ id: number }>>().map((row) => String(row.id)),
        contentRange: String(reply.headers['content-range']),
      };
    }

    it('finds under every filter exactly what the view finds, in keyset and offset pages', async () => {
      const { rows } = await runtime.sql.query<{ packed: string | number }>(
        'SELECT COALESCE(sum(event_count), 0) AS packed FROM event_batches',
      );
      expect(Number(rows[0]!.packed), 'the claims and votes went to the packed journal').toBeGreaterThan(0);
      // Ids and an actor that only a packed event carries, so their batches must be found by name.
      const packed = await runtime.sql.query<{ actor: string; correlation_id: string }>(
        `SELECT e->6->>'actor' AS actor, e->6->>'correlation_id' AS correlation_id
           FROM event_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events::jsonb) e
          WHERE b.format = 2 AND e->6->>'correlation_id' IS NOT NULL AND e->6->>'actor' IS NOT NULL
          ORDER BY b.first_position LIMIT 1`,
      );
      const named = packed.rows[0];
      expect(named, 'a packed event with an actor and a correlation id').toBeDefined();
      // A position in the middle of the log, for names within a range of positions.
      const everything = await viewIds({});
      const middle = Number(everything[Math.floor(everything.length / 2)]);
      const filters: Array<Record<string, unknown>> = [
        {},
        { type: 'VoteCast' },
        { type: ['ItemClaimed', 'UserRegistered'] },
        { type: 'NoSuchType' },
        { user_id: evaluatorId },
        { party: evaluatorId },
        { account: `earning:${evaluatorId}` },
        { stream_prefix: 'evaluation-assignment-' },
        { stream_prefix: `evaluation-${evaluationId}` },
        { stream_prefix: 'evaluation_' },
        { party: 'has "quotes" and \\ slashes / too' },
        { actor: named!.actor },
        { actor: [named!.actor, `user:${evaluatorId}`] },
        { actor: 'user:nobody' },
        { correlation_id: named!.correlation_id },
        { correlation_id: [named!.correlation_id, 'no-such-correlation'] },
        { causation_id: named!.correlation_id },
        { party: evaluatorId, type: 'VoteCast' },
        { account: `earning:${evaluatorId}`, actor: named!.actor },
        { type: 'VoteRecorded', position_from: 1, position_to: 1_000_000 },
        { party: evaluatorId, position_from: middle },
        { account: `earning:${evaluatorId}`, position_to: middle },
      ];
      for (const filter of filters) {
        const expected = await viewIds(filter);
        const label = JSON.stringify(filter);
        expect(await keysetIds(filter, 3), label).toEqual(expected);
        const offset = await offsetPage(filter, [0, 499]);
        expect(offset.ids, label).toEqual(expected);
        expect(offset.contentRange.split('/')[1], label).toBe(String(expected.length));
      }
      // A filtered page that does not end the list counts nothing past it (each event past it
      // could cost a batch's unpacking); the page that ends it knows the total.
      const voted = await viewIds({ type: 'VoteRecorded' });
      expect(voted.length).toBeGreaterThan(3);
      const firstTwo = await get(`events${q({ filter: { type: 'VoteRecorded' }, range: [0, 1] })}`);
      expect(firstTwo.headers['content-range']).toBe('events 0-1/*');
      const last = voted.length - 1;
      const lastPage = await get(
        `events${q({ filter: { type: 'VoteRecorded' }, range: [last - 1, last + 5] })}`,
      );
      expect(lastPage.headers['content-range']).toBe(`events ${last - 1}-${last}/${voted.length}`);
      expect(lastPage.json<Array<{ id: number }>>().map((row) => String(row.id))).toEqual(voted.slice(-2));
      // `_` is literal in a prefix (a LIKE wildcard unescaped would match `evaluation-`).
      expect(await viewIds({ stream_prefix: 'evaluation_' })).toEqual([]);
      const oldestFirst = await get(
        `events${q({ sort: ['id', 'ASC'], filter: { type: 'VoteCast' }, range: [1, 3] })}`,
      );
      expect(oldestFirst.json<Array<{ id: number }>>().map((row) => String(row.id))).toEqual(
        (await viewIds({ type: 'VoteCast' })).reverse().slice(1, 4),
      );
    });

    it('finds a person or a stream named only inside a packed batch, through the batch names', async () => {
      const position = await writePacked('probe-only-packed', {
        type: 'ProbeNamed',
        data: { user_id: "only-in-a-batch-o'brien" },
      });
      const person = "only-in-a-batch-o'brien";
      expect(await namesOfBatch(position)).toEqual({
        names: { party: { [person]: [1] }, user_id: { [person]: [1] } },
        streamIds: [['probe-only-packed']],
      });
      for (const filter of [
        { user_id: "only-in-a-batch-o'brien" },
        { stream_id: 'probe-only-packed' },
        { stream_prefix: 'probe-only' },
      ]) {
        expect(await keysetIds(filter, 3), JSON.stringify(filter)).toEqual([position]);
        expect(await viewIds(filter), JSON.stringify(filter)).toEqual([position]);
      }
      for (const filter of [
        { user_id: 'named-nowhere' },
        { user_id: 'only-in-a-batch' },
        { stream_id: 'probe-only' },
        { stream_prefix: 'probe-only-packed-' },
        { stream_prefix: "o'brien" },
      ]) {
        expect(await keysetIds(filter, 3), JSON.stringify(filter)).toEqual([]);
        const offset = await get(`events${q({ filter, range: [0, 24] })}`);
        expect(offset.json(), JSON.stringify(filter)).toEqual([]);
      }
    });

    it('cuts a batch at its entries whatever their text holds, and finds values written with escapes', async () => {
      // Characters of 1 to 4 bytes before and between the entries looked up, so a cut by
      // characters instead of bytes would land inside another entry.
      const odd = 'c "quoted" \\ tab\t ü 評 😀';
      const positions = await writePackedRun('probe-cut', [
        { type: 'ProbeCut', data: { note: 'café 評価 😀😀', owner_id: 'cut-other' } },
        { type: 'ProbeCut', data: { owner_id: 'cut-owner', note: '😀' }, metadata: { correlation_id: odd } },
        { type: 'ProbeCutOther', data: { note: 'ü'.repeat(50), owner_id: 'cut-owner' } },
        {
          type: 'ProbeCut',
          data: { requester_id: 1e21, postings: [{ debit: `spending:${odd}`, credit: 'earning:cut' }] },
        },
      ]);
      // Each name with the entries holding it: only those are parsed for a page of one name.
      expect((await namesOfBatch(positions[0]!)).names.party).toEqual({
        'cut-other': [1],
        'cut-owner': [2, 3],
        '1000000000000000000000': [4],
      });
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ party: 'cut-owner' }, [positions[2]!, positions[1]!]],
        [{ party: 'cut-owner', type: 'ProbeCut' }, [positions[1]!]],
        [{ correlation_id: odd }, [positions[1]!]],
        [{ account: `spending:${odd}` }, [positions[3]!]],
        [{ party: '1000000000000000000000' }, [positions[3]!]],
        [{ type: 'ProbeCutOther' }, [positions[2]!]],
        [{ stream_id: 'probe-cut', type: 'ProbeCut' }, [positions[3]!, positions[1]!, positions[0]!]],
        [{ party: 'cut' }, []],
      ];
      for (const [filter, expected] of cases) {
        const label = JSON.stringify(filter);
        expect(await viewIds(filter), label).toEqual(expected);
        expect(await keysetIds(filter, 1), label).toEqual(expected);
        expect((await offsetPage(filter, [0, 9])).ids, label).toEqual(expected);
      }
      const one = await get(`events${q({ filter: { correlation_id: odd }, range: [0, 9] })}`);
      expect(one.json<Array<{ payload: unknown; correlation_id: string }>>()).toEqual([
        expect.objectContaining({ payload: { owner_id: 'cut-owner', note: '😀' }, correlation_id: odd }),
      ]);
    });

    it('pages through one batch a few entries at a time when only positions are asked', async () => {
      // One batch of 11 entries: pages of 2-4 rows start and end inside it, both ways.
      const positions = await writePackedRun(
        'probe-window',
        Array.from({ length: 11 }, (_, index) => ({ type: 'ProbeWindow', data: { index } })),
      );
      const inside = { position_from: Number(positions[2]), position_to: Number(positions[8]) };
      for (const filter of [{}, inside, { position_from: Number(positions[5]) }]) {
        const newestFirst = await viewIds(filter);
        const oldestFirst = [...newestFirst].reverse();
        const label = JSON.stringify(filter);
        expect(await keysetIds(filter, 3), label).toEqual(newestFirst);
        expect(await keysetIds(filter, 4, 'ASC'), label).toEqual(oldestFirst);
        for (const range of [
          [0, 1],
          [1, 4],
          [3, 9],
        ] as Array<[number, number]>) {
          expect((await offsetPage(filter, range)).ids, label).toEqual(
            newestFirst.slice(range[0], range[1] + 1),
          );
          expect((await offsetPage(filter, range, 'ASC')).ids, label).toEqual(
            oldestFirst.slice(range[0], range[1] + 1),
          );
        }
      }
      expect(await viewIds(inside)).toEqual(positions.slice(2, 9).reverse());
      const [newest] = (await offsetPage({}, [0, 0])).ids;
      expect(newest).toBe(positions[10]);
    });

    it('finds the actor, ids, people and accounts named only inside a packed batch', async () => {
      const position = await writePacked('probe-other-names', {
        type: 'ProbeNamed',
        data: {
          evaluator_id: 'probe-evaluator',
          // A person named by an object: its `->>` text is jsonb's, not in the names.
          owner_id: { b: 1, a: [2] },
          // One text with a comma: a list filter compares its joined text.
          user_id: 'probe-p,probe-q',
          created_by: 1.25e-7,
          postings: [{ debit: 'spending:probe', credit: 'earning:probe', amount: 1 }, 'junk'],
        },
        metadata: {
          actor: 'user:probe-actor',
          correlation_id: 'probe-correlation',
          causation_id: 'probe-cause',
        },
      });
      // The batch's only entry names each of them.
      const first = [1];
      expect((await namesOfBatch(position)).names).toEqual({
        actor: { 'user:probe-actor': first },
        correlation_id: { 'probe-correlation': first },
        causation_id: { 'probe-cause': first },
        // 1.25e-7 as jsonb prints it (`->>`), not as JavaScript's JSON does.
        party: {
          'probe-evaluator': first,
          'probe-p,probe-q': first,
          '0.000000125': first,
          'probe-actor': first,
        },
        user_id: { 'probe-p,probe-q': first },
        account: { 'earning:probe': first, 'spending:probe': first },
      });
      for (const filter of [
        { actor: 'user:probe-actor' },
        { actor: ['no-one', 'user:probe-actor'] },
        { correlation_id: 'probe-correlation' },
        { causation_id: 'probe-cause' },
        { party: 'probe-actor' },
        { party: 'probe-evaluator' },
        { party: '0.000000125' },
        { party: '{"a": [2], "b": 1}' },
        { party: ['probe-p', 'probe-q'] },
        { user_id: ['probe-p', 'probe-q'] },
        { account: 'spending:probe' },
        { account: 'earning:probe' },
      ]) {
        expect(await viewIds(filter), JSON.stringify(filter)).toEqual([position]);
        expect(await keysetIds(filter, 3), JSON.stringify(filter)).toEqual([position]);
      }
      for (const filter of [
        { actor: 'probe-actor' },
        { party: 'user:probe-actor' },
        { correlation_id: 'probe-cause' },
        { causation_id: 'probe-correlation' },
        { account: 'probe' },
        { account: 'junk' },
        { party: 'probe-p' },
      ]) {
        expect(await viewIds(filter), JSON.stringify(filter)).toEqual([]);
        expect(await keysetIds(filter, 3), JSON.stringify(filter)).toEqual([]);
      }
    });
  });
}
