import { databaseKinds } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatRebuildReport,
  readLogOnly,
  rebuildReadModels,
  runProjector,
  ShadowReplay,
  WALLET_READ_MODELS,
  type Projector,
  type RebuildProgress,
} from '../src/index.js';
import { readEventPages } from '../src/read-event-pages.js';
import { balances, checkpoint, createHarness, transactionRows, type Harness } from './harness.js';
import { purchased } from './ledger-events.js';
import { seedLedger } from './seed-ledger.js';

describe.each(databaseKinds())('rebuilding the read models on %s', (kind) => {
  let h: Harness;
  let projector: Projector;
  let head: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    projector = await runProjector({ sql: h.sql, source: { kind: 'store', store: h.store, batchSize: 10 } });
    head = await seedLedger(h);
    await projector.waitFor(head);
  });
  afterAll(async () => {
    await projector.stop();
    await h.close();
  });

  it('rebuilds from position 0 into tables equal to the live ones', async () => {
    const report = await rebuildReadModels({ sql: h.sql, store: h.store, batchSize: 7 });
    expect(report).toMatchObject({ position: head, events_replayed: head, identical: true, swapped: false });
    expect(report.tables.map((t) => [t.table, t.differences, t.live_rows === t.rebuilt_rows])).toEqual([
      ['account_balances', 0, true],
      ['wallet_transactions', 0, true],
      ['wallet_reward_days', 0, true],
    ]);
    expect(report.tables[1]!.live_rows).toBeGreaterThan(60);
    // The roll-up kept batch by batch live equals the one of a replay in batches of 7.
    expect(report.tables[2]!.live_rows).toBeGreaterThan(3);
    const shadow = await h.sql.query(`SELECT to_regclass('account_balances_rebuild') AS t`);
    expect(shadow.rows[0]!.t).toBeNull();
  });

  it('folds the wallet up to its bound of rows and replays the rest with its upserts, equal to the live one', async () => {
    // Groups of 10 events and a fold of at most 20 rows: a few groups are folded, the rest upserted.
    const replay = await ShadowReplay.open(h.sql, [WALLET_READ_MODELS], 10, 20);
    try {
      for await (const page of readEventPages(h.store, { after: 0, upTo: replay.upTo, batchSize: 10 })) {
        await replay.applyPage(page);
      }
      const [result] = await replay.settle({ store: h.store, swap: false, maxSamples: 5 });
      expect(result).toMatchObject({ projection: 'wallet', position: head, identical: true });
      expect(result!.tables.map((t) => t.live_rows)).toEqual(result!.tables.map((t) => t.rebuilt_rows));
      expect(result!.tables[1]!.live_rows).toBeGreaterThan(60);
    } finally {
      await replay.close();
    }
  });

  it('reads the whole log as a rebuild does, page by page, and writes nothing', async () => {
    const before = await transactionRows(h.sql);
    const progress: RebuildProgress[] = [];
    const read = await readLogOnly(h.store, { batchSize: 7, onProgress: (p) => progress.push(p) });
    expect(read.events).toBe(head);
    expect(read.events_per_second).toBeGreaterThan(0);
    expect(progress.map((p) => p.events)).toEqual(
      Array.from({ length: Math.ceil(head / 7) }, (_, page) => Math.min(head, (page + 1) * 7)),
    );
    expect(progress.at(-1)).toMatchObject({ position: head, up_to: head });
    expect(await transactionRows(h.sql)).toEqual(before);
  });

  it('reports tampered rows and repairs them with swap, while the projector keeps running', async () => {
    await h.sql.query(
      `UPDATE account_balances SET credits_posted = credits_posted + 1 WHERE account_id = 'earning:eve'`,
    );
    await h.sql.query(
      `UPDATE wallet_transactions SET status = 'completed' WHERE id = 'reward:seed-open:spending:alice'`,
    );
    await h.sql.query(`DELETE FROM wallet_transactions WHERE id = 'purchase:pi_bob:spending:bob'`);
    await h.sql.query(
      `INSERT INTO wallet_transactions SELECT 'forged', user_id, context, type, amount, status, description, code,
         transfer_id, created_at, global_position, updated_position FROM wallet_transactions LIMIT 1`,
    );
    const tampered = { balances: await balances(h.sql), rows: await transactionRows(h.sql) };

    const check = await rebuildReadModels({ sql: h.sql, store: h.store });
    expect(check.identical).toBe(false);
    const [accounts, transactions] = check.tables;
    expect(accounts).toMatchObject({ differences: 1 });
    expect(accounts!.samples).toEqual([
      {
        key: 'earning:eve',
        columns: [{ column: 'credits_posted', live: expect.any(Number), rebuilt: expect.any(Number) }],
      },
    ]);
    expect(accounts!.samples[0]!.columns[0]!.live).toBe(
      (accounts!.samples[0]!.columns[0]!.rebuilt as number) + 1,
    );
    expect(transactions).toMatchObject({ differences: 3 });
    expect(transactions!.samples).toEqual(
      expect.arrayContaining([
        { key: 'forged', missing_in: 'rebuilt', columns: [] },
        { key: 'purchase:pi_bob:spending:bob', missing_in: 'live', columns: [] },
        {
          key: 'reward:seed-open:spending:alice',
          columns: [{ column: 'status', live: 'completed', rebuilt: 'pending' }],
        },
      ]),
    );
    const text = formatRebuildReport(check);
    expect(text).toContain('live read models DIFFER from the rebuild');
    expect(text).toMatch(/DIFF {2}account_balances: \d+ live rows, \d+ rebuilt rows, 1 differ/);
    expect(text).toContain('- earning:eve: credits_posted is ');
    expect(text).toContain('- forged: only in the live table');
    expect(text).toContain('- purchase:pi_bob:spending:bob: only in the rebuild');
    expect(text).toContain(
      '- reward:seed-open:spending:alice: status is "completed" live, "pending" rebuilt',
    );
    // Without swap nothing changed.
    expect(await balances(h.sql)).toEqual(tampered.balances);
    expect(await transactionRows(h.sql)).toEqual(tampered.rows);

    // New events keep arriving during the swap; the projector carries on from the swapped state.
    const more = h.append([purchased('pi_during', 'carol', 50)]);
    const swapped = await rebuildReadModels({ sql: h.sql, store: h.store, swap: true });
    expect(swapped).toMatchObject({ identical: false, swapped: true });
    expect(swapped.tables.map((t) => t.rows_changed)).toEqual([1, 3, 0]);
    const [during] = await more;
    await projector.waitFor(during!.global_position);

    const after = await rebuildReadModels({ sql: h.sql, store: h.store });
    expect(after).toMatchObject({ identical: true, position: await checkpoint(h.sql) });
    expect((await balances(h.sql)).get('spending:carol')).toMatchObject({ credits_posted: 50_000 });
  });
});
