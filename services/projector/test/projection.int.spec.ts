import { ZWalletBalanceReply, ZWalletTransaction, type TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient, TransactionExecutor } from '@evalmarket/db';
import { createInProcessBus } from '@evalmarket/eventbus';
import { databaseKinds } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAccountBalance,
  getAccountBalances,
  getWalletBalance,
  walletBalanceOf,
  listWalletTransactions,
  projectBatch,
  runProjector,
  type EventBusLike,
} from '../src/index.js';
import { balances, checkpoint, createHarness, transactionRows, type Harness } from './harness.js';
import {
  bonusGranted,
  cashoutFailed,
  cashoutPaid,
  cashoutRequested,
  creditsAdjusted,
  purchased,
  rewardReleased,
  rewardReserved,
  userRegistered,
  voteRecorded,
} from './ledger-events.js';

describe.each(databaseKinds())('wallet projection on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('projects every money event type into balances and transactions', async () => {
    const projector = await runProjector({ sql: h.sql, source: { kind: 'store', store: h.store } });
    try {
      await h.append([userRegistered('req1'), purchased('pi_1', 'req1', 50), bonusGranted('req1')]);
      await h.append([rewardReserved('t1', 'req1', 'ev1', 300), rewardReserved('t2', 'req1', 'ev1', 300)]);
      await h.append([voteRecorded('t1', 'req1', 'ev1', 300), rewardReleased('t2', 'req1', 'ev1', 300)]);
      for (let i = 3; i <= 40; i += 1) {
        await h.append([
          rewardReserved(`t${i}`, 'req1', 'ev1', 500),
          voteRecorded(`t${i}`, 'req1', 'ev1', 500),
        ]);
      }
      await h.append([cashoutRequested('co1', 'ev1', 10_000), cashoutPaid('co1', 'ev1', 10_000)]);
      await h.append([cashoutRequested('co2', 'ev1', 5_000)]);
      await h.append([cashoutFailed('co2', 'ev1', 5_000)]);
      await h.append([cashoutRequested('co3', 'ev1', 1_000)]);
      await h.append([creditsAdjusted('adj1', 'req1', 'spending', -2_000, 'duplicate charge')]);
      const [last] = (await h.append([creditsAdjusted('adj2', 'ev1', 'earning', 700, 'goodwill')])).slice(-1);
      await projector.waitFor(last!.global_position);
      expect(await checkpoint(h.sql)).toBe(last!.global_position);

      const spent = 300 + 38 * 500;
      const earned = spent + 700;
      const all = await balances(h.sql);
      expect(all.get('spending:req1')).toMatchObject({
        debits_pending: 0,
        debits_posted: spent + 2_000,
        credits_pending: 0,
        credits_posted: 55_000,
      });
      expect(all.get('earning:ev1')).toMatchObject({
        debits_pending: 1_000,
        debits_posted: 10_000,
        credits_pending: 0,
        credits_posted: earned,
      });
      expect(all.get('platform:fees')).toMatchObject({ credits_posted: 1_000 });
      expect(all.get('platform:payouts')).toMatchObject({ credits_pending: 1_000, credits_posted: 10_000 });

      expect(ZWalletBalanceReply.parse(await getWalletBalance(h.sql, 'req1', 'spending'))).toEqual({
        credits_balance: 55_000 - spent - 2_000,
        usd_equivalent: (55_000 - spent - 2_000) / 1000,
      });
      expect(await getWalletBalance(h.sql, 'ev1', 'earning')).toEqual({
        credits_balance: earned - 10_000 - 1_000,
        usd_equivalent: (earned - 11_000) / 1000,
      });
      expect(await getWalletBalance(h.sql, 'nobody', 'spending')).toEqual({
        credits_balance: 0,
        usd_equivalent: 0,
      });
      // Many accounts in one read: each as its own read answers, zeros for one never moved.
      const many = await getAccountBalances(h.sql, ['spending:req1', 'earning:ev1', 'spending:nobody']);
      expect([...many.keys()]).toEqual(['spending:req1', 'earning:ev1', 'spending:nobody']);
      expect(many.get('spending:req1')).toEqual(await getAccountBalance(h.sql, 'req1', 'spending'));
      expect(many.get('earning:ev1')).toEqual(await getAccountBalance(h.sql, 'ev1', 'earning'));
      expect(walletBalanceOf(many.get('earning:ev1')!)).toEqual(
        await getWalletBalance(h.sql, 'ev1', 'earning'),
      );
      expect(many.get('spending:nobody')).toEqual({
        account_id: 'spending:nobody',
        debits_pending: 0,
        debits_posted: 0,
        credits_pending: 0,
        credits_posted: 0,
      });

      const byId = new Map((await transactionRows(h.sql)).map((row) => [row.id as string, row]));
      expect(byId.get('purchase:pi_1:spending:req1')).toMatchObject({
        type: 'credit',
        amount: 50_000,
        status: 'completed',
        description: 'Credit purchase ($50)',
        code: 'purchase',
      });
      expect(byId.get('bonus:bonus-req1:spending:req1')).toMatchObject({
        type: 'credit',
        amount: 5_000,
        description: 'First-project bonus',
      });
      // A reservation and its vote are one row per side, completed; a released one is cancelled.
      expect(byId.get('reward:t1:spending:req1')).toMatchObject({
        type: 'debit',
        amount: 300,
        status: 'completed',
        description: 'Reward for a vote',
      });
      expect(byId.get('reward:t1:earning:ev1')).toMatchObject({
        type: 'credit',
        amount: 300,
        status: 'completed',
      });
      expect(byId.get('reward:t2:spending:req1')).toMatchObject({
        status: 'cancelled',
        description: 'Reward reserved for a vote',
      });
      expect(byId.get('reward:t2:earning:ev1')).toMatchObject({ status: 'cancelled' });
      expect(byId.get('cashout:co1:earning:ev1')).toMatchObject({
        type: 'debit',
        amount: 10_000,
        status: 'completed',
        description: 'Cash-out to bank account',
      });
      expect(byId.get('cashout:co2:earning:ev1')).toMatchObject({ status: 'failed', amount: 5_000 });
      expect(byId.get('cashout:co3:earning:ev1')).toMatchObject({ status: 'pending', amount: 1_000 });
      expect(byId.get('adjustment:adj1:spending:req1')).toMatchObject({
        type: 'debit',
        amount: 2_000,
        description: 'Credit adjustment: duplicate charge',
      });
      expect(byId.get('adjustment:adj2:earning:ev1')).toMatchObject({ type: 'credit', amount: 700 });
      // One row per movement and side, however many events touched it.
      expect(byId.size).toBe(2 + 2 * 40 + 3 + 2);
      expect([...byId.keys()].filter((id) => id.startsWith('reward:t7:'))).toHaveLength(2);
    } finally {
      await projector.stop();
    }
  });

  it('keeps one row when a reservation and its vote arrive in the same batch', async () => {
    const events = await h.append([
      rewardReserved('same-batch', 'req2', 'ev2', 120),
      voteRecorded('same-batch', 'req2', 'ev2', 120),
    ]);
    await projectBatch({ sql: h.sql, events });
    const rows = await transactionRows(h.sql, 'req2');
    expect(rows).toEqual([
      expect.objectContaining({
        id: 'reward:same-batch:spending:req2',
        status: 'completed',
        global_position: events[0]!.global_position,
        updated_position: events[1]!.global_position,
      }),
    ]);
  });

  it('changes nothing when the same batch is delivered again', async () => {
    const events = await h.append([
      purchased('pi_redeliver', 'req3', 60),
      rewardReserved('t-r', 'req3', 'ev3', 40),
    ]);
    const first = await projectBatch({ sql: h.sql, events });
    expect(first).toMatchObject({ applied: 2, skipped: 0 });
    const before = {
      balances: await balances(h.sql),
      rows: await transactionRows(h.sql),
      at: await checkpoint(h.sql),
    };
    const again = await projectBatch({ sql: h.sql, events });
    const overlap = await projectBatch({ sql: h.sql, events: [...events, ...events].reverse() });
    expect(again).toMatchObject({ applied: 0, skipped: 2 });
    expect(overlap).toMatchObject({ applied: 0, skipped: 4 });
    expect(await balances(h.sql)).toEqual(before.balances);
    expect(await transactionRows(h.sql)).toEqual(before.rows);
    expect(await checkpoint(h.sql)).toBe(before.at);
  });

  it('leaves rows and checkpoint unchanged when a batch fails half-way', async () => {
    const events = await h.append([
      purchased('pi_fail', 'req4', 70),
      rewardReserved('t-fail', 'req4', 'ev4', 90),
    ]);
    const before = {
      balances: await balances(h.sql),
      rows: await transactionRows(h.sql),
      at: await checkpoint(h.sql),
    };
    // The balance and transaction rows are written; then the checkpoint write fails.
    const failing = failOn(h.sql, /projection_checkpoints \(projection, position, updated_at\)/);
    await expect(projectBatch({ sql: failing, events })).rejects.toThrow('injected failure');
    expect(await balances(h.sql)).toEqual(before.balances);
    expect(await transactionRows(h.sql)).toEqual(before.rows);
    expect(await checkpoint(h.sql)).toBe(before.at);
    // Delivered again, it lands once.
    await projectBatch({ sql: h.sql, events });
    expect(await getWalletBalance(h.sql, 'req4', 'spending')).toEqual({
      credits_balance: 69_910,
      usd_equivalent: 69.91,
    });
  });

  it('retries a failed batch from the source and applies it once', async () => {
    let failures = 0;
    const flaky = failOn(h.sql, /INSERT INTO wallet_transactions/, () => (failures += 1) <= 2);
    const errors: unknown[] = [];
    const projector = await runProjector({
      sql: flaky,
      source: { kind: 'store', store: h.store },
      onError: (error) => errors.push(error),
    });
    try {
      const events = await h.append([purchased('pi_retry', 'retry', 90), bonusGranted('retry')]);
      await projector.waitFor(events[1]!.global_position);
      // The first try fails twice (the batch, then its first half alone) and is reported once;
      // the second try goes through.
      expect(failures).toBe(3);
      expect(errors).toHaveLength(1);
      expect(await getWalletBalance(h.sql, 'retry', 'spending')).toEqual({
        credits_balance: 95_000,
        usd_equivalent: 95,
      });
      expect(await transactionRows(h.sql, 'retry')).toHaveLength(2);
    } finally {
      await projector.stop();
    }
  });

  it('pages transactions by a stable cursor while new ones arrive', async () => {
    const projector = await runProjector({
      sql: h.sql,
      source: { kind: 'store', store: h.store, batchSize: 7 },
    });
    try {
      const events = await h.append([
        purchased('pi_page', 'pager', 100),
        ...Array.from({ length: 24 }, (_, i) => rewardReserved(`tp${i}`, 'pager', 'pager', 10 + i)),
      ]);
      await projector.waitFor(events[events.length - 1]!.global_position);
      // 1 purchase + 24 reservations, each on both of pager's accounts: 49 rows.
      const first = await listWalletTransactions(h.sql, { userId: 'pager', limit: 20 });
      expect(first.transactions).toHaveLength(20);
      first.transactions.forEach((t) => ZWalletTransaction.parse(t));
      expect(first.transactions[0]).toMatchObject({ id: 'reward:tp23:spending:pager', currency: 'credits' });
      expect(first.transactions[1]).toMatchObject({ id: 'reward:tp23:earning:pager' });

      const newer = await h.append([
        purchased('pi_page2', 'pager', 50),
        voteRecorded('tp0', 'pager', 'pager', 10),
      ]);
      await projector.waitFor(newer[1]!.global_position);
      const second = await listWalletTransactions(h.sql, {
        userId: 'pager',
        limit: 20,
        before: first.next_before!,
      });
      const third = await listWalletTransactions(h.sql, {
        userId: 'pager',
        limit: 20,
        before: second.next_before!,
      });
      expect(third.next_before).toBeNull();
      const seen = [...first.transactions, ...second.transactions, ...third.transactions].map((t) => t.id);
      expect(seen).toHaveLength(49);
      expect(new Set(seen).size).toBe(49);
      expect(seen.at(-1)).toBe('purchase:pi_page:spending:pager');
      expect(third.transactions.find((t) => t.id === 'reward:tp0:spending:pager')?.status).toBe('completed');

      const spendingOnly = await listWalletTransactions(h.sql, {
        userId: 'pager',
        context: 'spending',
        limit: 5,
      });
      expect(spendingOnly.transactions.map((t) => t.context)).toEqual(Array(5).fill('spending'));
      expect(spendingOnly.transactions[0]!.id).toBe('purchase:pi_page2:spending:pager');
      const spendingNext = await listWalletTransactions(h.sql, {
        userId: 'pager',
        context: 'spending',
        limit: 100,
        before: spendingOnly.next_before!,
      });
      expect(spendingNext.transactions).toHaveLength(26 - 5);
      expect(spendingNext.next_before).toBeNull();
      // A cursor from the mixed list cuts the earning list at the same place.
      const earning = await listWalletTransactions(h.sql, {
        userId: 'pager',
        context: 'earning',
        limit: 100,
        before: first.next_before!,
      });
      expect(earning.transactions.map((t) => t.id)).toEqual(
        seen.slice(20).filter((id) => id.includes(':earning:')),
      );
      await expect(listWalletTransactions(h.sql, { userId: 'pager', before: 'nonsense' })).rejects.toThrow(
        'Malformed transactions cursor',
      );
    } finally {
      await projector.stop();
    }
  });

  it('applies each event once when a bus delivers batches twice', async () => {
    const delivered: TStoredEvent[][] = [];
    let deliver: ((events: TStoredEvent[]) => Promise<void>) | undefined;
    const bus: EventBusLike = {
      async consume({ handler }) {
        deliver = handler;
        return { stop: async () => undefined, hurry: () => undefined };
      },
    };
    const projector = await runProjector({
      sql: h.sql,
      source: { kind: 'bus', bus },
      onError: () => undefined,
    });
    const events = await h.append([purchased('pi_bus', 'busy', 80), bonusGranted('busy')]);
    const all = await h.store.readAll({ after: projector.position, limit: 10_000 });
    delivered.push(all, all, events);
    for (const batch of delivered) await deliver!(batch);
    await projector.waitFor(events[1]!.global_position, 1000);
    expect(await getWalletBalance(h.sql, 'busy', 'spending')).toEqual({
      credits_balance: 85_000,
      usd_equivalent: 85,
    });
    await projector.stop();
    await expect(projector.waitFor(events[1]!.global_position + 100)).rejects.toThrow('stopped');
  });

  it('paces a busy bus, but a reader waiting for the read models is never held back by it', async () => {
    const bus = createInProcessBus({ store: h.store, startAfter: async () => 0, logger: quietLogger });
    const pacingMs = 1_000;
    const projector = await runProjector({ sql: h.sql, source: { kind: 'bus', bus }, pacingMs });
    try {
      const [first] = await h.append([purchased('pi_paced1', 'paced', 10)]);
      await projector.waitFor(first!.global_position);
      const firstAt = Date.now();
      // Right after a batch, the next one would wait out the interval; a waiter ends that wait.
      const [second] = await h.append([purchased('pi_paced2', 'paced', 20)]);
      await projector.waitFor(second!.global_position);
      const [third] = await h.append([purchased('pi_paced3', 'paced', 30)]);
      await projector.waitFor(third!.global_position);
      expect(Date.now() - firstAt).toBeLessThan(pacingMs - 200);
      expect(await getWalletBalance(h.sql, 'paced', 'spending')).toEqual({
        credits_balance: 60_000,
        usd_equivalent: 60,
      });
    } finally {
      await projector.stop();
      await bus.close();
    }
  });

  it('consumes the in-process event bus, which may start from 0: everything below the checkpoint is skipped', async () => {
    const before = { balances: await balances(h.sql), rows: await transactionRows(h.sql) };
    const bus = createInProcessBus({ store: h.store, startAfter: async () => 0, logger: quietLogger });
    const projector = await runProjector({ sql: h.sql, source: { kind: 'bus', bus, batchSize: 50 } });
    try {
      const events = await h.append([purchased('pi_inproc', 'inproc', 75)]);
      await projector.waitFor(events[0]!.global_position);
      const after = await balances(h.sql);
      expect(after.get('spending:inproc')).toMatchObject({ credits_posted: 75_000 });
      after.delete('spending:inproc');
      after.set('platform:stripe', {
        ...after.get('platform:stripe')!,
        debits_posted: before.balances.get('platform:stripe')!.debits_posted,
      });
      expect(after).toEqual(before.balances);
      expect(await transactionRows(h.sql)).toHaveLength(before.rows.length + 1);
    } finally {
      await projector.stop();
      await bus.close();
    }
  });
});

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A client whose transactions throw on statements matching `pattern` (while `when()` says so). */
function failOn(sql: SqlClient, pattern: RegExp, when: () => boolean = () => true): SqlClient {
  return {
    ...sql,
    dialect: sql.dialect,
    query: (text, params) => sql.query(text, params),
    transaction: (fn, options) =>
      sql.transaction((tx, begun) => {
        const wrapped: TransactionExecutor = {
          query: (text, params) => {
            if (pattern.test(text) && when()) return Promise.reject(new Error('injected failure'));
            return tx.query(text, params);
          },
          // A statement that goes with COMMIT fails in the database, at commit.
          beforeCommit: (text) =>
            tx.beforeCommit(
              pattern.test(text) && when() ? `DO $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$` : text,
            ),
          copyColumns: (table, columns, values) => {
            if (pattern.test(`COPY ${table}`) && when()) return Promise.reject(new Error('injected failure'));
            return tx.copyColumns(table, columns, values);
          },
        };
        return fn(wrapped, begun);
      }, options),
    exec: (text) => sql.exec(text),
    close: () => sql.close(),
  };
}
