import { randomUUID } from 'node:crypto';
import type { TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EventStoreError,
  GENESIS_HASH,
  payloadHash,
  type JournalEvent,
  type PostgresEventStore,
} from '../src/index.js';
import { packedEventHash } from '../src/hash-chain.js';
import { BATCH_BODY_BYTES } from '../src/postgres/commit-plan.js';

export interface ContractFixture {
  /** A store that has seen no other test's log (`reset` may make a new one); with its packed journal. */
  store: PostgresEventStore;
  /** Direct SQL on the store's database, to tamper with rows in tests. */
  sql: SqlClient;
  /** A second store on another connection pool of the same database, when the kind allows it. */
  secondStore?: PostgresEventStore;
  reset(): Promise<void>;
  close(): Promise<void>;
}

const event = (n: number, extra: Record<string, unknown> = {}) => ({
  type: 'ThingHappened',
  data: { n, ...extra },
});

/** Every adapter must pass this suite. */
export function runEventStoreContract(name: string, makeFixture: () => Promise<ContractFixture>): void {
  describe(`event store contract: ${name}`, () => {
    let fixture: ContractFixture;
    let store: PostgresEventStore;

    beforeEach(async () => {
      fixture ??= await makeFixture();
      await fixture.reset();
      store = fixture.store;
    });
    afterAll(async () => fixture?.close());

    it('appends to a stream and reads it back in version order', async () => {
      const first = await store.append('thing-1', [event(1), event(2)], 'no_stream');
      expect(first.deduplicated).toBe(false);
      expect(first.events.map((e) => e.stream_version)).toEqual([1, 2]);
      await store.append('thing-1', [event(3)], 2);
      const read = await store.readStream('thing-1');
      expect(read.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
      expect(read.map((e) => e.global_position)).toEqual([1, 2, 3]);
      expect(read[0]!.schema_version).toBe(1);
      expect(typeof read[0]!.recorded_at).toBe('string');
      expect(await store.headPosition()).toBe(3);
    });

    it('refuses a wrong expected version and writes nothing', async () => {
      await store.append('thing-2', [event(1)], 'no_stream');
      for (const expected of ['no_stream', 0, 2] as const) {
        await expect(store.append('thing-2', [event(9)], expected)).rejects.toMatchObject({
          code: 'wrong_expected_version',
        });
      }
      await expect(store.append('thing-3', [event(9)], 'stream_exists')).rejects.toBeInstanceOf(
        EventStoreError,
      );
      expect(await store.headPosition()).toBe(1);
      await store.append('thing-2', [event(2)], 'any');
      expect((await store.readStream('thing-2')).length).toBe(2);
    });

    it('returns the first result for a retried idempotency key and refuses a different payload', async () => {
      const idempotency = { key: 'cmd-1', payload_hash: payloadHash({ n: 1 }) };
      const first = await store.append('thing-4', [event(1)], 'no_stream', { idempotency });
      const retry = await store.append('thing-4', [event(1)], 'no_stream', { idempotency });
      expect(retry.deduplicated).toBe(true);
      expect(retry.events.map((e) => e.event_id)).toEqual(first.events.map((e) => e.event_id));
      expect(first.events[0]!.metadata.idempotency_key).toBe('cmd-1');
      await expect(
        store.append('thing-4', [event(2)], 'any', {
          idempotency: { key: 'cmd-1', payload_hash: payloadHash({ n: 2 }) },
        }),
      ).rejects.toMatchObject({ code: 'idempotency_key_reused_with_different_payload' });
      expect(await store.headPosition()).toBe(1);
    });

    it('group-commits independent units: a failing unit writes nothing and the others land', async () => {
      await store.append('thing-5', [event(0)], 'no_stream');
      const outcomes = await store.commit([
        { appends: [{ stream_id: 'thing-6', expected_version: 'no_stream', events: [event(1)] }] },
        {
          appends: [
            { stream_id: 'thing-7', expected_version: 'no_stream', events: [event(2)] },
            { stream_id: 'thing-5', expected_version: 'no_stream', events: [event(3)] },
          ],
        },
        { appends: [{ stream_id: 'thing-6', expected_version: 1, events: [event(4)] }] },
        { appends: [{ stream_id: 'Bad Stream', expected_version: 'any', events: [event(5)] }] },
      ]);
      expect(outcomes.map((o) => o.ok)).toEqual([true, false, true, false]);
      expect(outcomes[1]!.ok === false && outcomes[1]!.error.code).toBe('wrong_expected_version');
      expect(outcomes[3]!.ok === false && outcomes[3]!.error.code).toBe('invalid_stream_id');
      expect((await store.readStream('thing-7')).length).toBe(0);
      expect((await store.readStream('thing-6')).map((e) => e.stream_version)).toEqual([1, 2]);
      expect(await store.headPosition()).toBe(3);
    });

    it('names every kind of bad input and changes nothing', async () => {
      // Text a caller made itself (`data_json`) comes only through the packed journal's prepare.
      const journalAppend = async (stream_id: string, events: JournalEvent[]) => {
        const [outcome] = await store
          .prepare([{ appends: [{ stream_id, expected_version: 'any', events }] }])
          .run();
        if (!outcome!.ok) throw outcome!.error;
      };
      const bad: Array<[string, Promise<unknown>]> = [
        ['invalid_stream_id', store.append('no-dash-allowed-in-Category!', [event(1)], 'any')],
        ['invalid_stream_id', store.append('x'.repeat(300), [event(1)], 'any')],
        ['invalid_stream_id', store.append('UPPER-case', [event(1)], 'any')],
        ['invalid_event', store.append('thing-8', [{ type: 'lower', data: {} }], 'any')],
        ['invalid_event', store.append('thing-8', [{ type: 'Fine', data: 'text' }], 'any')],
        ['unstorable_text', store.append('thing-8', [{ type: 'Fine', data: { s: 'a\u0000b' } }], 'any')],
        ['unstorable_text', store.append('thing-8', [{ type: 'Fine', data: { s: ['a\ud800b'] } }], 'any')],
        ['unstorable_text', store.append('thing-8', [{ type: 'Fine', data: { 'k\u0000': 1 } }], 'any')],
        [
          'unstorable_text',
          store.append('thing-8', [{ type: 'Fine', data: {}, metadata: { actor: 'a\udc00' } }], 'any'),
        ],
        [
          'unstorable_text',
          journalAppend('thing-8', [{ type: 'Fine', data: { s: 1 }, data_json: '{"s":"\\u0000"}' }]),
        ],
        ['invalid_event', store.append('thing-8', [], 'any')],
        ['invalid_event', store.append('thing-8', [event(1)], -1 as never)],
        [
          'event_too_large',
          store.append('thing-8', [{ type: 'Fine', data: { s: 'x'.repeat(70_000) } }], 'any'),
        ],
        [
          'too_many_events',
          store.append(
            'thing-8',
            Array.from({ length: 10_001 }, (_, i) => event(i)),
            'any',
          ),
        ],
      ];
      for (const [code, attempt] of bad) await expect(attempt).rejects.toMatchObject({ code });
      await expect(
        store.append('thing-8', [{ type: 'Fine', data: { s: ['x', 'a\ud800b'] } }], 'any'),
      ).rejects.toMatchObject({ details: { part: 'data', path: ['s', 1], reason: 'lone_surrogate' } });
      await expect(store.readStream('Bad Stream')).rejects.toMatchObject({ code: 'invalid_stream_id' });
      expect(await store.headPosition()).toBe(0);
    });

    it('stores every text PostgreSQL can hold: escaped backslashes, emoji, controls, RTL marks', async () => {
      const data = {
        s: '\\u0000 \\ud800',
        emoji: '\u{1F600}',
        controls: '\u0001\t\n\u202E',
        '\u{1F600}': 'k',
      };
      await store.append('thing-10', [{ type: 'Fine', data }], 'no_stream');
      expect((await store.readStream('thing-10'))[0]!.data).toEqual(data);
    });

    it('reads all events after a position, optionally by type', async () => {
      await store.append(
        'thing-9',
        [event(1), { type: 'OtherThing', data: { n: 2 } }, event(3)],
        'no_stream',
      );
      expect((await store.readAll({ after: 1, limit: 10 })).map((e) => e.global_position)).toEqual([2, 3]);
      expect(
        (await store.readAll({ after: 0, limit: 10, types: ['OtherThing'] })).map((e) => e.global_position),
      ).toEqual([2]);
      expect((await store.readAll({ after: 0, limit: 2 })).length).toBe(2);
    });

    it('keeps a hash chain that detects tampering', async () => {
      for (let i = 0; i < 5; i += 1) await store.append(`thing-${10 + i}`, [event(i)], 'no_stream');
      const ok = await store.verifyHashChain({ batchSize: 2 });
      expect(ok).toEqual({ ok: true, checked: 5 });
      const events = await store.readAll({ after: 0, limit: 10 });
      expect(events[1]!.prev_hash).toBe(events[0]!.hash);
      await fixture.sql.query(`UPDATE events SET data = '{"n": 99}'::jsonb WHERE global_position = 3`);
      const broken = await store.verifyHashChain();
      expect(broken.ok).toBe(false);
      expect(broken.broken_at).toBe(3);
    });

    it('hands every page of the chain walk over in order, and reads on to the end past a break', async () => {
      for (let i = 0; i < 5; i += 1) await store.append(`thing-${20 + i}`, [event(i)], 'no_stream');
      const pages: number[][] = [];
      const onPage = async (events: readonly { global_position: number }[]) => {
        pages.push(events.map((e) => e.global_position));
      };
      expect(await store.verifyHashChain({ batchSize: 2, onPage })).toEqual({ ok: true, checked: 5 });
      expect(pages).toEqual([[1, 2], [3, 4], [5]]);
      pages.length = 0;
      await fixture.sql.query(`UPDATE events SET data = '{"n": 99}'::jsonb WHERE global_position = 2`);
      expect(await store.verifyHashChain({ batchSize: 2, onPage })).toMatchObject({
        ok: false,
        broken_at: 2,
        checked: 1,
      });
      expect(pages).toEqual([[1, 2], [3, 4], [5]]);
      // A page the caller fails on ends the walk with its error.
      const failing = async () => {
        throw new Error('replay failed');
      };
      await expect(store.verifyHashChain({ batchSize: 2, onPage: failing })).rejects.toThrow('replay failed');
    });

    it.each([
      ['', false],
      [' (own commits from memory)', true],
    ])(
      'delivers every event exactly once, in order, to a subscriber while many writers append%s',
      async (_, ownCommitsFromMemory) => {
        const writers = 16;
        const appendsPerWriter = 25;
        const seen: TStoredEvent[] = [];
        const subscription = store.subscribe({
          after: 0,
          batchSize: 7,
          ownCommitsFromMemory,
          handler: async (events) => {
            seen.push(...events);
            // A slow consumer widens the window in which writers commit around it.
            await new Promise((resolve) => setTimeout(resolve, 1));
          },
        });
        const stores = [store, fixture.secondStore ?? store];
        await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            for (let i = 0; i < appendsPerWriter; i += 1) {
              const target = stores[(writer + i) % stores.length]!;
              if (writer % 3 === 0) {
                // The packed journal's writers interleave with row writers in one gapless log.
                const [outcome] = await target
                  .prepare([
                    {
                      packed: true,
                      appends: [
                        {
                          stream_id: `writer-${writer}`,
                          expected_version: i === 0 ? 'no_stream' : i * 2,
                          events: [event(i, { writer }), event(i + 1000, { writer })],
                        },
                      ],
                    },
                  ])
                  .run();
                expect(outcome!.ok).toBe(true);
                continue;
              }
              await target.append(
                `writer-${writer}`,
                [event(i, { writer }), event(i + 1000, { writer })],
                'any',
              );
            }
          }),
        );
        const head = await store.headPosition();
        expect(head).toBe(writers * appendsPerWriter * 2);
        await subscription.waitFor(head, 20_000);
        await subscription.stop();
        expect(seen.map((e) => e.global_position)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
        expect(new Set(seen.map((e) => e.event_id)).size).toBe(head);
        // Each writer's stream is gapless and in order.
        for (let writer = 0; writer < writers; writer += 1) {
          const versions = seen
            .filter((e) => e.stream_id === `writer-${writer}`)
            .map((e) => e.stream_version);
          expect(versions).toEqual(Array.from({ length: appendsPerWriter * 2 }, (_, i) => i + 1));
        }
        // Whether handed over from memory or read back, each event is the one the log holds.
        expect(JSON.parse(JSON.stringify(seen))).toEqual(
          JSON.parse(JSON.stringify(await store.readAll({ after: 0, limit: head }))),
        );
        expect((await store.verifyHashChain()).ok).toBe(true);
      },
      60_000,
    );

    it('writes where each packed entry lies in its batch, in bytes, whatever the text holds', async () => {
      // Multi-byte text (2, 3 and 4 bytes a character) and escapes before and between entries, so
      // byte and character offsets differ and an escape changes an entry's length.
      const texts = [
        'plain',
        'café é',
        '評価 と 投票',
        'emoji 😀 and \\ "quoted"\ttab',
        'line\nbreak \u2028',
      ];
      const outcomes = await store
        .prepare([
          {
            packed: true,
            appends: [
              {
                stream_id: 'offsets-a',
                expected_version: 'no_stream',
                events: texts.map((text, n) => ({
                  type: 'Packed',
                  data: { n, text },
                  metadata: { note: text },
                })),
              },
            ],
          },
        ])
        .run();
      expect(outcomes.every((o) => o.ok)).toBe(true);
      const { rows } = await fixture.sql.query<{
        entry_offsets: number[];
        events: string;
        event_count: number;
      }>('SELECT entry_offsets, events, event_count FROM event_batches WHERE format = 2');
      expect(rows).toHaveLength(1);
      const { entry_offsets: offsets, events: body, event_count: count } = rows[0]!;
      const bytes = Buffer.from(body, 'utf8');
      expect(offsets.map(Number)).toHaveLength(Number(count) + 1);
      expect(Number(offsets.at(-1))).toBe(bytes.length);
      const entries = offsets
        .slice(0, -1)
        .map((start, k) => bytes.subarray(Number(start), Number(offsets[k + 1]) - 1).toString('utf8'));
      expect(entries.map((entry) => JSON.parse(entry))).toEqual(JSON.parse(body));
      // The same cut in SQL, as the staff event log makes it.
      const cut = await fixture.sql.query<{ entry: unknown }>(
        `SELECT convert_from(substring(convert_to(b.events, 'UTF8') FROM b.entry_offsets[k] + 1
             FOR b.entry_offsets[k + 1] - b.entry_offsets[k] - 1), 'UTF8')::jsonb AS entry
           FROM event_batches b CROSS JOIN generate_series(1, b.event_count) k WHERE b.format = 2 ORDER BY k`,
      );
      expect(
        cut.rows.map((row) => (typeof row.entry === 'string' ? JSON.parse(row.entry) : row.entry)),
      ).toEqual(JSON.parse(body));
    });

    it('cuts a long packed run into batches of about BATCH_BODY_BYTES, linked in one chain', async () => {
      const text = 'x'.repeat(5_000);
      const outcomes = await store
        .prepare([
          {
            packed: true,
            appends: [
              {
                stream_id: 'long-run',
                expected_version: 'no_stream',
                events: Array.from({ length: 50 }, (_, n) => ({ type: 'Packed', data: { n, text } })),
              },
            ],
          },
        ])
        .run();
      expect(outcomes.every((o) => o.ok)).toBe(true);
      const { rows } = await fixture.sql.query<{ first: string; last: string; bytes: number }>(
        `SELECT first_position AS first, last_position AS last, octet_length(events) AS bytes
         FROM event_batches WHERE format = 2 ORDER BY first_position`,
      );
      // 50 entries of about 5 KB: three batches, each closed at the first entry that reached the size.
      expect(rows.length).toBe(3);
      expect(rows.map((r) => [Number(r.first), Number(r.last)])).toEqual([
        [1, 20],
        [21, 40],
        [41, 50],
      ]);
      for (const row of rows.slice(0, -1)) {
        expect(row.bytes).toBeGreaterThanOrEqual(BATCH_BODY_BYTES);
        expect(row.bytes).toBeLessThan(BATCH_BODY_BYTES + 5_100);
      }
      const all = await store.readAll({ after: 0, limit: 100 });
      expect(all.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
      expect(all.map((e) => e.stream_version)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
      // Each batch links to the one before it.
      expect(all[20]!.prev_hash).toBe(all[19]!.hash);
      expect(all[20]!.hash).not.toBe(all[19]!.hash);
      expect(all[40]!.prev_hash).toBe(all[39]!.hash);
      expect(await store.verifyHashChain({ batchSize: 7 })).toEqual({ ok: true, checked: 50 });
    });

    it('packs units into the journal and reads them back with the rows, in position order', async () => {
      const packedUnit = (stream: string, expected: number | 'no_stream', ...ns: number[]) => ({
        packed: true,
        appends: [
          {
            stream_id: stream,
            expected_version: expected,
            events: ns.map((n) => ({
              type: 'Packed',
              data: { n, nested: { b: 1, a: [2, { d: 3, c: 4 }] } },
            })),
          },
        ],
      });
      const rowUnit = (stream: string, n: number) => ({
        appends: [{ stream_id: stream, expected_version: 'any' as const, events: [event(n)] }],
      });
      const outcomes = await store
        .prepare([
          rowUnit('thing-30', 1),
          packedUnit('packed-a', 'no_stream', 2, 3),
          rowUnit('thing-30', 4),
          packedUnit('packed-b', 'no_stream', 5),
        ])
        .run();
      expect(outcomes.every((o) => o.ok)).toBe(true);
      await store
        .prepare([packedUnit('packed-a', 2, 6), rowUnit('thing-31', 7), packedUnit('packed-b', 1, 8)])
        .run();
      expect(await store.headPosition()).toBe(8);

      const all = await store.readAll({ after: 0, limit: 100 });
      expect(all.map((e) => e.global_position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(all.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(all.filter((e) => e.stream_id === 'packed-a').map((e) => e.stream_version)).toEqual([1, 2, 3]);
      expect(all[1]!.data).toEqual({ n: 2, nested: { b: 1, a: [2, { d: 3, c: 4 }] } });
      expect(all[1]!.prev_hash).toBe(all[0]!.hash);
      // Pages of every size cut at the same places whichever table an event lives in.
      for (const limit of [1, 2, 3, 5]) {
        const paged: number[] = [];
        for (let after = 0; ;) {
          const page = await store.readAll({ after, limit });
          if (page.length === 0) break;
          expect(page.length).toBeLessThanOrEqual(limit);
          paged.push(...page.map((e) => e.global_position));
          after = page[page.length - 1]!.global_position;
        }
        expect(paged).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      }
      const packedOnly = await store.readAll({ after: 2, limit: 2, types: ['Packed'] });
      expect(packedOnly.map((e) => e.global_position)).toEqual([3, 5]);
      const rowsOnly = await store.readAll({ after: 0, limit: 10, types: ['ThingHappened'] });
      expect(rowsOnly.map((e) => e.global_position)).toEqual([1, 4, 7]);
      expect(await store.verifyHashChain({ batchSize: 3 })).toEqual({ ok: true, checked: 8 });

      // The staff console's SQL view sees the same log.
      const view = await fixture.sql.query<{ global_position: string; type: string }>(
        'SELECT global_position, type FROM event_log ORDER BY global_position',
      );
      expect(view.rows.map((r) => Number(r.global_position))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

      // A batch is one link: events 2 and 3 share it, and 5 has its own after row 4.
      expect(all[2]!.prev_hash).toBe(all[0]!.hash);
      expect(all[2]!.hash).toBe(all[1]!.hash);
      expect(all[3]!.prev_hash).toBe(all[2]!.hash);
      expect(all[4]!.prev_hash).toBe(all[3]!.hash);
      const batches = await fixture.sql.query<{ first_position: string; last_position: string }>(
        'SELECT first_position, last_position FROM event_batches ORDER BY first_position',
      );
      expect(batches.rows.map((b) => [Number(b.first_position), Number(b.last_position)])).toEqual([
        [2, 3],
        [5, 5],
        [6, 6],
        [8, 8],
      ]);

      // Tampering with a packed event breaks the chain at its batch's link.
      await fixture.sql.query(
        `UPDATE event_batches SET events = replace(events, '{"n":3,', '{"n":33,') WHERE first_position = 2`,
      );
      const broken = await store.verifyHashChain();
      expect(broken).toMatchObject({
        ok: false,
        broken_at: 2,
        reason: 'batch content does not match its hash',
      });
      // So does moving a batch's link to another predecessor.
      await fixture.sql.query(
        `UPDATE event_batches SET events = replace(events, '{"n":33,', '{"n":3,') WHERE first_position = 2`,
      );
      expect((await store.verifyHashChain()).ok).toBe(true);
      await fixture.sql.query(
        `UPDATE event_batches SET prev_hash = repeat('0', 64) WHERE first_position = 5`,
      );
      expect(await store.verifyHashChain()).toMatchObject({ ok: false, broken_at: 5 });
    });

    it('writes commits planned ahead as one script, and plans again when another writer came first', async () => {
      const packed = (stream: string, expected: number | 'no_stream', data: Record<string, unknown>) => ({
        packed: true,
        appends: [{ stream_id: stream, expected_version: expected, events: [{ type: 'Packed', data }] }],
      });
      // Text that looks like the script's quoting must land as it is.
      const tricky = { note: "it's $evb$ and $evb0$; DROP TABLE events; --", quote: '"\\' };
      // The store runs on fixture.sql: count the scripts it sends, and let a test append a row
      // just before one is sent.
      const sendScript = fixture.sql.script.bind(fixture.sql);
      let scripts = 0;
      let rowWriterBeforeEachScript = false;
      fixture.sql.script = async (text) => {
        scripts += 1;
        if (rowWriterBeforeEachScript) await store.append(`thing-${60 + scripts}`, [event(60)], 'no_stream');
        return sendScript(text);
      };
      try {
        const first = store.prepare([packed('planned-a', 'no_stream', tricky)], {
          position: 0,
          hash: '0'.repeat(64),
        });
        expect(first.head?.position).toBe(1);
        const [landed] = await first.run();
        expect(landed!.ok).toBe(true);
        expect(scripts).toBe(1);

        // Planned on top of the first, but a row writer appends in between: the script writes
        // nothing, and the commit is planned on the new head and sent again, with no gap.
        const second = store.prepare([packed('planned-a', 1, { n: 2 })], first.head);
        await store.append('thing-40', [event(40)], 'no_stream');
        const [replanned] = await second.run();
        expect(replanned!.ok && replanned!.events.map((e) => e.global_position)).toEqual([3]);
        expect(scripts).toBe(3);

        // A writer that comes first every time: both scripts write nothing; planned under the lock.
        const third = store.prepare([packed('planned-a', 2, { n: 3 })], {
          position: 3,
          hash: replanned!.ok ? replanned!.events[0]!.hash : '',
        });
        rowWriterBeforeEachScript = true;
        const [locked] = await third.run();
        rowWriterBeforeEachScript = false;
        expect(scripts).toBe(5);
        expect(locked!.ok && locked!.events.map((e) => e.global_position)).toEqual([6]);

        const all = await store.readAll({ after: 0, limit: 10 });
        expect(all.map((e) => e.global_position)).toEqual([1, 2, 3, 4, 5, 6]);
        expect(all[0]!.data).toEqual(tricky);
        expect(all.filter((e) => e.stream_id === 'planned-a').map((e) => e.stream_version)).toEqual([
          1, 2, 3,
        ]);
        expect(all[2]!.prev_hash).toBe(all[1]!.hash);
        expect(await store.verifyHashChain()).toEqual({ ok: true, checked: 6 });
      } finally {
        fixture.sql.script = sendScript;
      }
    });

    it('reads and verifies batches written before format 2 alongside new ones', async () => {
      // A format 1 batch as the store wrote it before migration 010: one JSON object per event,
      // each with its own hash.
      const recordedAt = '2026-11-01T10:00:00.000Z';
      let prevHash = GENESIS_HASH;
      const old = [1, 2].map((n) => {
        const stored = {
          global_position: n,
          event_id: randomUUID(),
          stream_id: 'old-a',
          stream_version: n,
          type: 'Packed',
          schema_version: 1,
          data: { n },
          metadata: {},
          recorded_at: recordedAt,
          prev_hash: prevHash,
          hash: '',
        };
        stored.hash = packedEventHash(prevHash, stored, JSON.stringify(stored.data), '{}');
        prevHash = stored.hash;
        return stored;
      });
      await fixture.sql.query(
        `INSERT INTO event_batches (first_position, last_position, event_count, types, last_hash, events)
         VALUES (1, 2, 2, ARRAY['Packed'], $1, $2)`,
        [prevHash, JSON.stringify(old)],
      );
      const [outcome] = await store
        .prepare([
          {
            packed: true,
            appends: [
              { stream_id: 'old-a', expected_version: 2, events: [{ type: 'Packed', data: { n: 3 } }] },
            ],
          },
        ])
        .run();
      expect(outcome!.ok && outcome!.events[0]!.prev_hash).toBe(prevHash);
      await store.append('thing-50', [event(4)], 'no_stream');

      const all = await store.readAll({ after: 0, limit: 10 });
      expect(all.map((e) => [e.global_position, (e.data as { n: number }).n])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ]);
      expect(all[1]!.hash).toBe(old[1]!.hash);
      expect(await store.verifyHashChain({ batchSize: 1 })).toEqual({ ok: true, checked: 4 });
      const view = await fixture.sql.query<{ global_position: string; hash: string }>(
        'SELECT global_position, hash FROM event_log ORDER BY global_position',
      );
      expect(view.rows.map((r) => [Number(r.global_position), r.hash])).toEqual(
        all.map((e) => [e.global_position, e.hash]),
      );

      await fixture.sql.query(
        `UPDATE event_batches SET events = replace(events, '{"n":2}', '{"n":22}') WHERE format = 1`,
      );
      expect(await store.verifyHashChain()).toMatchObject({
        ok: false,
        broken_at: 2,
        reason: 'event content does not match its hash',
      });
    });

    it('refuses a packed unit with an idempotency key or without an exact expected version', async () => {
      const outcomes = await store
        .prepare([
          {
            packed: true,
            idempotency: { key: 'k-packed', payload_hash: payloadHash({}) },
            appends: [{ stream_id: 'packed-c', expected_version: 'no_stream', events: [event(1)] }],
          },
          {
            packed: true,
            appends: [{ stream_id: 'packed-d', expected_version: 'any', events: [event(2)] }],
          },
        ])
        .run();
      expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual(['invalid_event', 'invalid_event']);
      expect(await store.headPosition()).toBe(0);
    });

    it('lets a subscription wait for a position and skip types it does not want', async () => {
      const subscription = store.subscribe({ after: 0, types: ['Wanted'], handler: async () => undefined });
      const written = await store.append('thing-20', [event(1), event(2)], 'no_stream');
      await subscription.waitFor(written.events[1]!.global_position, 5_000);
      expect(subscription.position).toBe(2);
      await subscription.stop();
    });
  });
}
