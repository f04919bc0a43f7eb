import { randomUUID } from 'node:crypto';
import type { LedgerCommand } from '@evalmarket/ledger';
import type { SqlClient } from '@evalmarket/db';
import { createPostgresEventStore } from '@evalmarket/eventstore';
import { createTestDatabase, databaseKinds, eventually, type TestDatabase } from '@evalmarket/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FenceSlot,
  fencedSqlClient,
  LEDGER_WRITER_LEASE_KEY,
  LEDGER_WRITER_LEASE_NAME,
  startLedgerWriter,
  startWriterRole,
  takeFencedLease,
  type LedgerWriter,
  type WriterRole,
} from '../src/index.js';
import { REWARD_PACKING } from './reward-packing.js';

const open = (user_id: string): LedgerCommand => ({ type: 'OpenUserAccounts', data: { user_id } });
const reserve = (transfer_id: string): LedgerCommand => ({
  type: 'ReserveReward',
  data: { transfer_id, requester_id: 'u1', evaluator_id: 'ev', credits: 100, timeout_ms: 60_000 },
});
const purchase = (user_id: string, purchase_id = `pi_${randomUUID()}`): LedgerCommand => ({
  type: 'PurchaseCredits',
  data: { purchase_id, user_id, amount_usd: 50 },
});

/** A process's view of one database: its own fence slot and the store its writer commits through. */
function processOn(db: TestDatabase) {
  const fence = new FenceSlot();
  const sql = fencedSqlClient(db.client, fence);
  return { fence, sql, store: createPostgresEventStore(sql) };
}

/**
 * `sql` whose transactions and scripts (an event store's commits) wait while the gate is closed,
 * before they reach `sql`; reads pass.
 */
function commitGate(sql: SqlClient) {
  let opened: Promise<void> = Promise.resolve();
  let release: () => void = () => undefined;
  let waiting = 0;
  const pass = async () => {
    waiting += 1;
    await opened;
    waiting -= 1;
  };
  const gated: SqlClient = {
    dialect: sql.dialect,
    query: (text, params) => sql.query(text, params),
    exec: (text) => sql.exec(text),
    tryLease: (key) => sql.tryLease(key),
    close: () => sql.close(),
    transaction: async (fn, options) => {
      await pass();
      return sql.transaction(fn, options);
    },
    script: async (text) => {
      await pass();
      return sql.script(text);
    },
  };
  return {
    sql: gated,
    get waiting() {
      return waiting;
    },
    close() {
      opened = new Promise((resolve) => (release = resolve));
    },
    open() {
      release();
    },
  };
}

async function purchasesInLog(db: TestDatabase, purchaseId: string): Promise<number> {
  const store = createPostgresEventStore(db.client);
  const events = await store.readAll({ after: 0, limit: 1000, types: ['CreditsPurchased'] });
  return events.filter((event) => (event.data as { purchase_id?: string }).purchase_id === purchaseId).length;
}

for (const kind of databaseKinds()) {
  describe(`writer fencing on ${kind}`, () => {
    let db: TestDatabase;
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
      await db?.drop();
    });

    /** A fresh database and process A on it, holding the writer lease and its fence. */
    const leaseHolder = async () => {
      db = await createTestDatabase({ kind });
      const a = processOn(db);
      const taken = (await takeFencedLease(a.sql, {
        key: LEDGER_WRITER_LEASE_KEY,
        name: LEDGER_WRITER_LEASE_NAME,
        holder: 'a',
      }))!;
      a.fence.hold(LEDGER_WRITER_LEASE_NAME, taken.token);
      return { a, taken };
    };

    /** Ends the lease sessions, as a network partition would (PostgreSQL only). */
    const cutLeaseSessions = () =>
      db.client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'evalmarket-lease' AND datname = current_database()`,
      );

    /**
     * Writer A, "paused": it never hears that its lease session ends. Its session is cut (on
     * PGlite one process holds every lease anyway) and B takes over.
     */
    const deposeUnnoticed = async () => {
      const { a, taken } = await leaseHolder();
      const deposedFor: string[] = [];
      const writerA = await startLedgerWriter({
        packing: REWARD_PACKING,
        store: a.store,
        sql: a.sql,
        lease: { release: () => taken.lease.release(), onLost: () => undefined },
        onDeposed: (reason) => deposedFor.push(reason),
      });
      cleanups.push(() => writerA.stop());
      for (const result of await writerA.submitMany([open('u1'), open('ev'), purchase('u1'), reserve('t1')]))
        expect(result.ok).toBe(true);
      if (kind === 'postgres') await cutLeaseSessions();
      const b = processOn(db);
      const roleB = await startWriterRole({
        packing: REWARD_PACKING,
        store: b.store,
        sql: b.sql,
        fence: b.fence,
        retryMs: 50,
      });
      cleanups.push(() => roleB.stop());
      const writerB = (await eventually(() => roleB.writer, Boolean))!;
      expect(writerB).toBeDefined();
      return { writerA, writerB, deposedFor };
    };

    it('refuses the commit of a deposed writer that did not notice, and lands nothing', async () => {
      const { writerA, writerB, deposedFor } = await deposeUnnoticed();
      // A wakes up and commits on its stale state: the trigger refuses it.
      const staleId = `pi_${randomUUID()}`;
      const stale = await writerA.submit(purchase('u1', staleId));
      expect(stale).toMatchObject({ ok: false, rejection: 'ledger_unavailable' });
      expect(deposedFor).toEqual(['fenced']);
      expect(await purchasesInLog(db, staleId)).toBe(0);
      // and refuses anything after.
      expect(await writerA.submit(purchase('u1'))).toMatchObject({ ok: false });

      // The same command retried at the new writer lands once.
      expect(await writerB.submit(purchase('u1', staleId))).toMatchObject({ ok: true, duplicate: false });
      expect(await writerB.submit(purchase('u1', staleId))).toMatchObject({ ok: true, duplicate: true });
      expect(await purchasesInLog(db, staleId)).toBe(1);
    });

    it("refuses a deposed writer's packed commit (a reward, sent as one script) too", async () => {
      const { writerA, writerB, deposedFor } = await deposeUnnoticed();
      expect(await writerA.submit(reserve('t2'))).toMatchObject({
        ok: false,
        rejection: 'ledger_unavailable',
      });
      expect(deposedFor).toEqual(['fenced']);
      // Not a duplicate at the successor: nothing of A's attempt landed.
      expect(await writerB.submit(reserve('t2'))).toMatchObject({ ok: true, duplicate: false });
      expect([...writerB.state.rewards.keys()].sort()).toEqual(['t1', 't2']);
    });

    it.runIf(kind === 'postgres')(
      'takes over from a holder paused in the middle of a commit without waiting out its transaction',
      async () => {
        const { a, taken } = await leaseHolder();
        // A's commit is under way: the fence trigger has locked the lease row, and then A stops.
        let resume: () => void = () => undefined;
        const paused = new Promise<void>((resolve) => (resume = resolve));
        let locked: () => void = () => undefined;
        const lockTaken = new Promise<void>((resolve) => (locked = resolve));
        const commitA = a.sql.transaction(async (tx) => {
          await tx.query('UPDATE event_batches SET first_position = first_position WHERE false');
          locked();
          await paused;
          await tx.query('SELECT 1');
        });
        const outcomeA = commitA.then(
          () => 'committed',
          () => 'ended',
        );
        await lockTaken;
        await cutLeaseSessions();
        const b = processOn(db);
        const startedAt = performance.now();
        const takenB = await takeFencedLease(b.sql, {
          key: LEDGER_WRITER_LEASE_KEY,
          name: LEDGER_WRITER_LEASE_NAME,
          holder: 'b',
        });
        cleanups.push(async () => takenB?.lease.release());
        // Well inside the server's 10 s idle-in-transaction timeout, which it used to wait for.
        expect(performance.now() - startedAt).toBeLessThan(5_000);
        expect(takenB?.token).toBe(taken.token + 1);
        resume();
        expect(await outcomeA).toBe('ended');
      },
    );

    it('lets events recorded without a fence through while a writer holds one', async () => {
      db = await createTestDatabase({ kind });
      const a = processOn(db);
      const role = await startWriterRole({
        packing: REWARD_PACKING,
        store: a.store,
        sql: a.sql,
        fence: a.fence,
        retryMs: 50,
      });
      cleanups.push(() => role.stop());
      expect(role.writer).toBeDefined();
      const plain = createPostgresEventStore(db.client);
      await plain.append('note-1', [{ type: 'NoteRecorded', data: { n: 1 } }], 'no_stream');
      expect((await role.writer!.submit(open('u2'))).ok).toBe(true);
    });
  });
}

describe.skipIf(!process.env.DATABASE_URL)('writer standby on postgres', () => {
  let db: TestDatabase;
  const roles: WriterRole[] = [];
  afterEach(async () => {
    for (const role of roles.splice(0)) await role.stop();
    await db?.drop();
  });

  /** A process's writer role; `commitsThrough` puts something between its store and its fenced client. */
  const startRole = async (
    changes: Array<LedgerWriter | undefined> = [],
    logged: Array<{ msg: string; obj: Record<string, unknown> }> = [],
    commitsThrough?: (sql: SqlClient) => SqlClient,
  ) => {
    const proc = processOn(db);
    const keep = (obj: object, msg: string) => logged.push({ msg, obj: obj as Record<string, unknown> });
    const role = await startWriterRole({
      packing: REWARD_PACKING,
      store: commitsThrough ? createPostgresEventStore(commitsThrough(proc.sql)) : proc.store,
      sql: proc.sql,
      fence: proc.fence,
      retryMs: 50,
      onChange: (writer) => changes.push(writer),
      logger: { info: keep, warn: keep, error: keep },
    });
    roles.push(role);
    return role;
  };

  /** Ends the lease sessions, as a network partition would. */
  const cutLeaseSession = () =>
    db.client.query(
      `SELECT pg_terminate_backend(l.pid) FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.granted AND l.database =
         (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [LEDGER_WRITER_LEASE_KEY],
    );

  /** Waits until the role told of `n` changes (active, then stepped down, ...). */
  const changeCount = (changes: Array<LedgerWriter | undefined>, n: number) =>
    eventually(
      () => changes.length,
      (count) => count === n,
    );

  it('keeps a second process standing by and hands over when the first one stops', async () => {
    db = await createTestDatabase({ kind: 'postgres' });
    const first = await startRole();
    const second = await startRole();
    expect(first.writer).toBeDefined();
    expect(second.writer).toBeUndefined();
    expect((await first.writer!.submit(open('u1'))).ok).toBe(true);
    await first.stop();
    expect(await eventually(() => second.writer, Boolean)).toBeDefined();
    // The successor replayed the log: the account is open, the purchase is decided against it.
    expect(await second.writer!.submit(purchase('u1'))).toMatchObject({ ok: true, duplicate: false });
  });

  it('a standby follows the ledger while it waits and reads only what came after on taking over', async () => {
    db = await createTestDatabase({ kind: 'postgres' });
    const first = await startRole();
    const logged: Array<{ msg: string; obj: Record<string, unknown> }> = [];
    const second = await startRole([], logged);
    const purchaseId = `pi_${randomUUID()}`;
    for (const result of await first.writer!.submitMany([open('u1'), open('ev'), purchase('u1', purchaseId)]))
      expect(result.ok).toBe(true);
    const head = Number(
      (await processOn(db).store.readAll({ after: 0, limit: 100 })).at(-1)!.global_position,
    );
    // Several of the standby's tries (every 50 ms), each a look at the log.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await first.stop();
    const successor = await eventually(() => second.writer, Boolean);
    const caughtUp = logged.find((entry) => entry.msg === 'ledger writer caught up with the log');
    expect(caughtUp?.obj).toMatchObject({ from: head, to: head });
    // The followed books are the log's: the purchase is known, and its credits can be reserved.
    expect(await successor!.submit(purchase('u1', purchaseId))).toMatchObject({ ok: true, duplicate: true });
    expect(await successor!.submit(reserve('t1'))).toMatchObject({ ok: true, duplicate: false });
    expect(await successor!.submit(reserve('t2'))).toMatchObject({ ok: true, duplicate: false });
  });

  it('lands nothing it still held after noticing its lease was cut, once a successor took over', async () => {
    db = await createTestDatabase({ kind: 'postgres' });
    // Process A's commits wait at a gate before they reach the fenced client, as a commit retried
    // after a failed one (or queued behind it) does: it starts after A has noticed the cut.
    let gate: ReturnType<typeof commitGate> | undefined;
    const changesA: Array<LedgerWriter | undefined> = [];
    const first = await startRole(changesA, [], (sql) => {
      gate = commitGate(sql);
      return gate.sql;
    });
    for (const result of await first.writer!.submitMany([open('u1'), purchase('u1')]))
      expect(result.ok).toBe(true);

    gate!.close();
    const staleId = `pi_${randomUUID()}`;
    const stale = first.writer!.submit(purchase('u1', staleId));
    await eventually(
      () => gate!.waiting,
      (n) => n === 1,
    );
    await cutLeaseSession();
    // A noticed and stepped down; B takes over with the next fencing token.
    expect(await changeCount(changesA, 2)).toBe(2);
    const second = await startRole();
    const successor = await eventually(() => second.writer, Boolean);
    expect(successor).toBeDefined();

    gate!.open();
    expect(await stale).toMatchObject({ ok: false, rejection: 'ledger_unavailable' });
    expect(await purchasesInLog(db, staleId)).toBe(0);
    // The command retried at the successor lands once, decided on the successor's books.
    expect(await successor!.submit(purchase('u1', staleId))).toMatchObject({ ok: true, duplicate: false });
    expect(await purchasesInLog(db, staleId)).toBe(1);
  });

  it('steps down when its lease session is cut, and a standby takes over', async () => {
    db = await createTestDatabase({ kind: 'postgres' });
    const changesA: Array<LedgerWriter | undefined> = [];
    const first = await startRole(changesA);
    const second = await startRole();
    expect(first.writer).toBeDefined();
    await cutLeaseSession();
    expect(await changeCount(changesA, 2)).toBe(2);
    expect(changesA[1]).toBeUndefined();
    const active = await eventually(() => second.writer ?? first.writer, Boolean);
    expect(active).toBeDefined();
    expect((await active!.submit(open('u3'))).ok).toBe(true);
  });
});
