import { databaseKinds, eventually } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatRebuildReport,
  rebuildReadModels,
  runProjector,
  ShadowReplay,
  WALLET_READ_MODELS,
  type ApplyProjection,
  type Projector,
  type ProjectionDefinition,
  type RebuildProgress,
} from '../src/index.js';
import type { TStoredEvent } from '@evalmarket/contracts';
import { createHarness, type Harness } from './harness.js';

/** The notes per stream, one upsert per event. */
const applyNoteCounts: ApplyProjection = async (tx, events) => {
  for (const event of events) {
    await tx.query(
      `INSERT INTO test_note_counts (stream_id, notes) VALUES ($1, 1)
       ON CONFLICT (stream_id) DO UPDATE SET notes = test_note_counts.notes + 1`,
      [event.stream_id],
    );
  }
};

/** A projection the rebuild knows nothing about beyond its registration: composite key, json. */
const applyNotes: ApplyProjection = async (tx, events) => {
  for (const event of events) {
    await tx.query(`INSERT INTO test_notes (stream_id, version, body, tags) VALUES ($1, $2, $3::json, $4)`, [
      event.stream_id,
      event.stream_version,
      JSON.stringify(event.data),
      [event.type],
    ]);
  }
  await applyNoteCounts(tx, events);
};
const NOTES: ProjectionDefinition = {
  name: 'notes',
  tables: ['test_notes', 'test_note_counts'],
  apply: applyNotes,
};

/**
 * NOTES with a bulk path: the notes (and the counts, unless `countsApart`) folded in memory,
 * written as plain inserts (which a key in place would refuse twice over when `twice`), recording
 * how many indexes the notes table had; with `countsApart` the counts are the rest, written group
 * by group while the notes fold.
 */
function bulkNotes(
  seen: { indexes: number[] },
  { twice = false, countsApart = false } = {},
): ProjectionDefinition {
  return {
    ...NOTES,
    bulk: {
      tables: countsApart ? ['test_notes'] : NOTES.tables,
      rest: countsApart ? applyNoteCounts : undefined,
      fold: () => {
        const notes: TStoredEvent[] = [];
        return {
          add: (events) => notes.push(...events),
          get rows() {
            return notes.length;
          },
          async write(tx) {
            const { rows } = await tx.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_indexes
               WHERE schemaname = current_schema() AND tablename = 'test_notes'`,
            );
            seen.indexes.push(rows[0]!.n);
            const counts = new Map<string, number>();
            for (const event of twice ? [...notes, notes[0]!] : notes) {
              await tx.query(
                `INSERT INTO test_notes (stream_id, version, body, tags) VALUES ($1, $2, $3::json, $4)`,
                [event.stream_id, event.stream_version, JSON.stringify(event.data), [event.type]],
              );
              counts.set(event.stream_id, (counts.get(event.stream_id) ?? 0) + 1);
            }
            if (countsApart) return;
            for (const [stream_id, count] of counts) {
              await tx.query(`INSERT INTO test_note_counts (stream_id, notes) VALUES ($1, $2)`, [
                stream_id,
                count,
              ]);
            }
          },
        };
      },
    },
  };
}

/** The indexes of a shadow schema, by name. */
async function schemaIndexes(h: Harness, schema: string | undefined): Promise<string[]> {
  const { rows } = await h.sql.query<{ indexname: string }>(
    'SELECT indexname FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname',
    [schema],
  );
  return rows.map((row) => row.indexname);
}

describe.each(databaseKinds())('rebuilding a registered projection on %s', (kind) => {
  let h: Harness;
  let projector: Projector;
  let head: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    await h.sql.exec(`
      CREATE TABLE test_notes (stream_id text, version int, body json NOT NULL, tags text[] NOT NULL,
        PRIMARY KEY (stream_id, version));
      CREATE TABLE test_note_counts (stream_id text PRIMARY KEY, notes int NOT NULL);
      CREATE INDEX test_notes_version_idx ON test_notes (version)`);
    projector = await runProjector({
      sql: h.sql,
      projection: NOTES.name,
      apply: NOTES.apply,
      source: { kind: 'store', store: h.store, batchSize: 4 },
    });
    for (let i = 0; i < 12; i += 1) {
      const [last] = (
        await h.append([{ type: 'NoteWritten', data: { text: `note ${i}` } }], `notes-${i % 3}`)
      ).slice(-1);
      head = last!.global_position;
    }
    await projector.waitFor(head);
  });
  afterAll(async () => {
    await projector.stop();
    await h.close();
  });

  it('fills and compares a shadow without its secondary indexes', async () => {
    const replay = await ShadowReplay.open(h.sql, [NOTES]);
    try {
      const [schema] = replay.schemas;
      const indexes = () => schemaIndexes(h, schema);
      // The primary keys stay: the upserts and the comparison need them.
      expect(await indexes()).toEqual(['test_note_counts_pkey', 'test_notes_pkey']);
      const page = (await h.store.readAll({ after: 0, limit: 100 })).filter(
        (event) => event.global_position <= replay.upTo,
      );
      await replay.applyPage(page);
      expect(await indexes()).toHaveLength(2);
      const [result] = await replay.settle({ store: h.store, swap: false, maxSamples: 5 });
      expect(result).toMatchObject({ projection: 'notes', identical: true });
      expect(await indexes()).toEqual(['test_note_counts_pkey', 'test_notes_pkey']);
    } finally {
      await replay.close();
    }
  });

  it('rebuilds, compares and reports progress for any projection that registers its tables', async () => {
    const progress: RebuildProgress[] = [];
    const report = await rebuildReadModels({
      sql: h.sql,
      store: h.store,
      projections: [NOTES, WALLET_READ_MODELS],
      batchSize: 5,
      onProgress: (p) => progress.push(p),
    });
    expect(report).toMatchObject({ identical: true, events_replayed: head, position: 0 });
    expect(report.projections.map((p) => [p.projection, p.position, p.identical])).toEqual([
      ['notes', head, true],
      ['wallet', 0, true],
    ]);
    expect(report.tables.map((t) => [t.table, t.live_rows, t.rebuilt_rows])).toEqual([
      ['test_notes', 12, 12],
      ['test_note_counts', 3, 3],
      ['account_balances', 0, 0],
      ['wallet_transactions', 0, 0],
      ['wallet_reward_days', 0, 0],
    ]);
    expect(progress.map((p) => p.events)).toEqual([5, 10, 12]);
    expect(progress.at(-1)).toMatchObject({ position: head, up_to: head });
    expect(progress.every((p) => p.events_per_second > 0)).toBe(true);
    const schemas = await h.sql.query(`SELECT 1 FROM pg_namespace WHERE nspname LIKE 'read_model_shadow_%'`);
    expect(schemas.rows).toEqual([]);
  });

  it('names the differing rows by their composite key and repairs them with the checkpoint', async () => {
    await h.sql.query(
      `UPDATE test_notes SET body = '{"text":"forged"}' WHERE stream_id = 'notes-1' AND version = 2`,
    );
    await h.sql.query(`UPDATE test_note_counts SET notes = 99 WHERE stream_id = 'notes-2'`);
    const check = await rebuildReadModels({ sql: h.sql, store: h.store, projections: [NOTES] });
    expect(check.identical).toBe(false);
    expect(check.tables.map((t) => t.samples)).toEqual([
      [
        {
          key: 'notes-1 / 2',
          columns: [{ column: 'body', live: { text: 'forged' }, rebuilt: { text: 'note 4' } }],
        },
      ],
      [{ key: 'notes-2', columns: [{ column: 'notes', live: 99, rebuilt: 4 }] }],
    ]);
    expect(formatRebuildReport(check)).toContain('DIFF  projection notes at position');

    const swapped = await rebuildReadModels({ sql: h.sql, store: h.store, projections: [NOTES], swap: true });
    expect(swapped.tables.map((t) => t.rows_changed)).toEqual([1, 1]);
    const after = await rebuildReadModels({ sql: h.sql, store: h.store, projections: [NOTES] });
    expect(after.identical).toBe(true);
    const { rows } = await h.sql.query<{ notes: number }>(
      `SELECT notes FROM test_note_counts WHERE stream_id = 'notes-2'`,
    );
    expect(rows[0]!.notes).toBe(4);
  });

  it('refuses a projection that writes a table it did not register, leaving the live table alone', async () => {
    await h.sql.exec(`CREATE TABLE test_unregistered (id text PRIMARY KEY)`);
    const leaky: ProjectionDefinition = {
      name: 'leaky',
      tables: ['test_notes'],
      apply: async (tx, events) => {
        for (const event of events) {
          await tx.query(`INSERT INTO test_unregistered (id) VALUES ($1) ON CONFLICT DO NOTHING`, [
            event.event_id,
          ]);
        }
      },
    };
    await h.sql.query(`INSERT INTO projection_checkpoints (projection, position) VALUES ('leaky', $1)`, [
      head,
    ]);
    const report = await rebuildReadModels({ sql: h.sql, store: h.store, projections: [leaky], swap: true });
    expect(report).toMatchObject({ identical: false, swapped: false });
    expect(report.projections[0]!.error).toContain(
      'projection leaky wrote the live table(s) test_unregistered during a rebuild',
    );
    expect((await h.sql.query('SELECT * FROM test_unregistered')).rows).toEqual([]);
    await h.sql.query(`DELETE FROM projection_checkpoints WHERE projection = 'leaky'`);
  });

  it('applies the pages it reads in groups, one transaction per group and projection', async () => {
    const groups: number[][] = [];
    const recording: ProjectionDefinition = {
      name: 'recording',
      tables: [],
      apply: async (_tx, events) => {
        groups.push(events.map((event) => event.global_position));
        return { handled: events.length };
      },
    };
    await h.sql.query(`INSERT INTO projection_checkpoints (projection, position) VALUES ('recording', $1)`, [
      head,
    ]);
    try {
      // Pages of 2 gathered until a group holds 5 or more: groups of 6, then what is left.
      await rebuildReadModels({
        sql: h.sql,
        store: h.store,
        projections: [recording],
        batchSize: 2,
        groupSize: 5,
      });
      const positions = Array.from({ length: head }, (_, index) => index + 1);
      const expected: number[][] = [];
      for (let at = 0; at < head; at += 6) expected.push(positions.slice(at, at + 6));
      expect(groups).toEqual(expected);
      groups.length = 0;
      // By default a log this small is one group.
      await rebuildReadModels({ sql: h.sql, store: h.store, projections: [recording], batchSize: 2 });
      expect(groups).toEqual([positions]);
    } finally {
      await h.sql.query(`DELETE FROM projection_checkpoints WHERE projection = 'recording'`);
    }
  });

  it('goes on with the other projections, group by group, when one fails part way', async () => {
    const failing: ProjectionDefinition = {
      name: 'failing',
      tables: [],
      apply: async (_tx, events) => {
        if (events.some((event) => event.global_position === 7)) throw new Error('no handler for this one');
        return { handled: events.length };
      },
    };
    await h.sql.query(`INSERT INTO projection_checkpoints (projection, position) VALUES ('failing', $1)`, [
      head,
    ]);
    try {
      const report = await rebuildReadModels({
        sql: h.sql,
        store: h.store,
        projections: [failing, NOTES],
        batchSize: 2,
        groupSize: 2,
      });
      expect(report.projections.map((p) => [p.projection, p.identical, p.error])).toEqual([
        ['failing', false, 'replay failed in positions 7..8: no handler for this one'],
        ['notes', true, undefined],
      ]);
      expect(report.events_replayed).toBe(head);
    } finally {
      await h.sql.query(`DELETE FROM projection_checkpoints WHERE projection = 'failing'`);
    }
  });

  it('folds a bulk projection whole, writes it without any index, keys it, then applies the tail', async () => {
    const seen = { indexes: [] as number[] };
    const replay = await ShadowReplay.open(h.sql, [bulkNotes(seen)]);
    try {
      const [schema] = replay.schemas;
      await replay.applyPage(
        (await h.store.readAll({ after: 0, limit: 100 })).filter((e) => e.global_position <= replay.upTo),
      );
      // Written only once the bulk replay is over, by the fold, into tables without an index.
      const written = await h.sql.query(`SELECT count(*)::int AS n FROM ${schema}.test_notes`);
      expect(written.rows[0]).toEqual({ n: 0 });
      // The live side runs on: these come after the fold, through the projection's own upserts.
      for (let i = 0; i < 2; i += 1) {
        const [last] = (
          await h.append([{ type: 'NoteWritten', data: { text: `tail ${i}` } }], 'notes-0')
        ).slice(-1);
        head = last!.global_position;
      }
      await projector.waitFor(head);
      const [result] = await replay.settle({ store: h.store, swap: false, maxSamples: 5 });
      expect(seen.indexes).toEqual([0]);
      expect(result).toMatchObject({ projection: 'notes', position: head, identical: true });
      expect(result!.tables.map((t) => [t.table, t.live_rows])).toEqual([
        ['test_notes', head],
        ['test_note_counts', 3],
      ]);
      expect(await schemaIndexes(h, schema)).toEqual(['test_note_counts_pkey', 'test_notes_pkey']);
    } finally {
      await replay.close();
    }
  });

  it("folds only the bulk path's tables: the rest is written group by group, its keys in place", async () => {
    const seen = { indexes: [] as number[] };
    const replay = await ShadowReplay.open(h.sql, [bulkNotes(seen, { countsApart: true })], 4);
    try {
      const [schema] = replay.schemas;
      // The counts keep their key all along (their upserts need it); the notes have none.
      expect(await schemaIndexes(h, schema)).toEqual(['test_note_counts_pkey']);
      const page = (await h.store.readAll({ after: 0, limit: 100 })).filter(
        (event) => event.global_position <= replay.upTo,
      );
      await replay.applyPage(page);
      const counted = await eventually(
        async () =>
          (
            await h.sql.query<{ n: number }>(
              `SELECT coalesce(sum(notes), 0)::int AS n FROM ${schema}.test_note_counts`,
            )
          ).rows[0]!.n,
        (n) => n === page.length,
      );
      // The page is one group (more than 4 events): its counts are written before the settle.
      expect(counted).toBe(page.length);
      const notes = await h.sql.query(`SELECT count(*)::int AS n FROM ${schema}.test_notes`);
      expect(notes.rows[0]).toEqual({ n: 0 });
      const [result] = await replay.settle({ store: h.store, swap: false, maxSamples: 5 });
      expect(seen.indexes).toEqual([0]);
      expect(result).toMatchObject({ projection: 'notes', identical: true });
      expect(await schemaIndexes(h, schema)).toEqual(['test_note_counts_pkey', 'test_notes_pkey']);
    } finally {
      await replay.close();
    }
  });

  it('writes a bulk fold once it holds its bound of rows, and applies the rest of the replay', async () => {
    const seen = { indexes: [] as number[] };
    // Groups of 4 events: the fold reaches 5 rows with the second group and is written then.
    const replay = await ShadowReplay.open(h.sql, [bulkNotes(seen)], 4, 5);
    try {
      const [schema] = replay.schemas;
      const page = (await h.store.readAll({ after: 0, limit: 100 })).filter(
        (event) => event.global_position <= replay.upTo,
      );
      expect(page.length).toBeGreaterThan(8);
      await replay.applyPage(page.slice(0, 8));
      const written = await eventually(
        async () =>
          (await h.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.test_notes`)).rows[0]!
            .n,
        (n) => n === 8,
      );
      expect(written).toBe(8);
      await replay.applyPage(page.slice(8));
      const [result] = await replay.settle({ store: h.store, swap: false, maxSamples: 5 });
      expect(seen.indexes).toEqual([0]);
      expect(result).toMatchObject({ projection: 'notes', identical: true });
      expect(result!.tables[0]!.rebuilt_rows).toBe(result!.tables[0]!.live_rows);
    } finally {
      await replay.close();
    }
  });

  it('reports a bulk fold that writes a row twice, when its keys are built', async () => {
    const report = await rebuildReadModels({
      sql: h.sql,
      store: h.store,
      projections: [bulkNotes({ indexes: [] }, { twice: true })],
    });
    expect(report).toMatchObject({ identical: false, swapped: false });
    expect(report.projections[0]!.error).toMatch(
      /^bulk write of positions 1\.\.\d+ failed: could not create unique index "test_notes_pkey"/,
    );
  });

  it('catches up in pages, its secondary indexes built first, when the live side ran far ahead', async () => {
    const replay = await ShadowReplay.open(h.sql, [NOTES]);
    try {
      const [schema] = replay.schemas;
      await replay.applyPage(
        (await h.store.readAll({ after: 0, limit: 100 })).filter((e) => e.global_position <= replay.upTo),
      );
      // The live projector runs on past the replay's target while the replay works.
      for (let i = 0; i < 3; i += 1) {
        const [last] = (
          await h.append([{ type: 'NoteWritten', data: { text: `late ${i}` } }], 'notes-late')
        ).slice(-1);
        head = last!.global_position;
      }
      await projector.waitFor(head);
      const [result] = await replay.settle({ store: h.store, swap: false, maxSamples: 5, maxTailEvents: 1 });
      expect(result).toMatchObject({ projection: 'notes', position: head, identical: true });
      expect(await schemaIndexes(h, schema)).toEqual([
        'test_note_counts_pkey',
        'test_notes_pkey',
        'test_notes_version_idx',
      ]);
    } finally {
      await replay.close();
    }
  });
});
