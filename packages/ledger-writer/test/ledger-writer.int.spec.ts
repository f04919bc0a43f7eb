import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, type ExpectedVersion } from '@evalmarket/eventstore';
import { checkInvariants, spendingAccount, earningAccount, type LedgerCommand } from '@evalmarket/ledger';
import { createTestDatabase, databaseKinds, type TestDatabase } from '@evalmarket/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { startLedgerWriter, type Companions, type LedgerWriter } from '../src/index.js';
import { REWARD_PACKING } from './reward-packing.js';

const open = (user_id: string): LedgerCommand => ({ type: 'OpenUserAccounts', data: { user_id } });
const purchase = (
  user_id: string,
  amount_usd: number,
  purchase_id = `pi_${randomUUID()}`,
): LedgerCommand => ({
  type: 'PurchaseCredits',
  data: { purchase_id, user_id, amount_usd },
});
const reserve = (
  transfer_id: string,
  requester_id: string,
  evaluator_id: string,
  credits: number,
): Extract<LedgerCommand, { type: 'ReserveReward' }> => ({
  type: 'ReserveReward',
  data: { transfer_id, requester_id, evaluator_id, credits, timeout_ms: 60_000 },
});

for (const kind of databaseKinds()) {
  describe(`ledger writer on ${kind}`, () => {
    let db: TestDatabase;
    const writers: LedgerWriter[] = [];
    const start = async (maxBatchSize?: number) => {
      const writer = await startLedgerWriter({
        packing: REWARD_PACKING,
        store: createPostgresEventStore(db.client),
        sql: db.client,
        maxBatchSize,
      });
      writers.push(writer);
      return writer;
    };
    afterEach(async () => {
      for (const writer of writers.splice(0)) await writer.stop();
      await db?.drop();
    });

    it('never overdraws a hot account under many concurrent callers', async () => {
      db = await createTestDatabase({ kind });
      const writer = await start(64);
      const evaluators = Array.from({ length: 20 }, (_, i) => `ev${i}`);
      for (const result of await writer.submitMany([
        open('req'),
        ...evaluators.map(open),
        purchase('req', 50),
      ])) {
        expect(result.ok).toBe(true);
      }
      // 50,000 credits fund exactly 500 transfers of 100; 800 are attempted concurrently.
      const attempts = 800;
      const results = await Promise.all(
        Array.from({ length: attempts }, (_, i) =>
          writer.submit(reserve(`t${i}`, 'req', evaluators[i % 20]!, 100)),
        ),
      );
      const accepted = results.filter((r) => r.ok).length;
      const refused = results.filter((r) => !r.ok && r.rejection === 'insufficient_credits').length;
      expect(accepted).toBe(500);
      expect(refused).toBe(300);
      const hot = writer.state.accounts.get(spendingAccount('req'))!;
      expect(hot.credits_posted - hot.debits_posted - hot.debits_pending).toBe(0);
      expect(checkInvariants(writer.state)).toEqual([]);
    }, 60_000);

    it('splits a crowd into two batches that take turns, and lets a few late commands wait for the running commit', async () => {
      db = await createTestDatabase({ kind });
      const store = createPostgresEventStore(db.client);
      const sizes: number[] = [];
      const writer = await startLedgerWriter({
        packing: REWARD_PACKING,
        store: {
          ...store,
          prepare(units, after) {
            sizes.push(units.length);
            return store.prepare(units, after);
          },
        },
        sql: db.client,
      });
      writers.push(writer);
      await writer.submitMany([open('req'), open('ev'), purchase('req', 100)]);
      sizes.length = 0;
      // 600 at once with nothing committing: half commits while the other half is decided.
      const crowd = writer.submitMany(
        Array.from({ length: 600 }, (_, i) => reserve(`c${i}`, 'req', 'ev', 10)),
      );
      // Three more arrive while the first half commits: too few to take a commit of their own.
      await new Promise((resolve) => setImmediate(resolve));
      const late = writer.submitMany([0, 1, 2].map((i) => reserve(`late${i}`, 'req', 'ev', 10)));
      const results = [...(await crowd), ...(await late)];
      expect(results.every((result) => result.ok)).toBe(true);
      expect(sizes.slice(0, 2)).toEqual([300, 300]);
      expect(sizes.slice(2)).toEqual([3]);
      expect(checkInvariants(writer.state)).toEqual([]);
    }, 60_000);

    it('decides again whatever was planned on top of a commit that failed, and loses nothing', async () => {
      db = await createTestDatabase({ kind });
      const store = createPostgresEventStore(db.client);
      // The third and fourth commits fail; batches already decided on top of them must not land.
      let commits = 0;
      const flaky: typeof store = {
        ...store,
        prepare(units, after) {
          const prepared = store.prepare(units, after);
          return {
            head: prepared.head,
            run: () => {
              commits += 1;
              return commits === 3 || commits === 4
                ? Promise.reject(new Error('connection lost'))
                : prepared.run();
            },
          };
        },
      };
      const writer = await startLedgerWriter({
        packing: REWARD_PACKING,
        store: flaky,
        sql: db.client,
        maxBatchSize: 8,
      });
      writers.push(writer);
      const evaluators = Array.from({ length: 5 }, (_, i) => `ev${i}`);
      await writer.submitMany([open('req'), ...evaluators.map(open), purchase('req', 50)]);
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          writer.submit(reserve(`t${i}`, 'req', evaluators[i % 5]!, 100)),
        ),
      );
      expect(commits).toBeGreaterThan(4);
      expect(results.every((r) => r.ok && !r.duplicate)).toBe(true);
      // The log holds each reservation once, and a writer replaying it agrees with this one.
      const reserved = await store.readAll({ after: 0, limit: 10_000, types: ['RewardReserved'] });
      expect(reserved).toHaveLength(120);
      expect(new Set(reserved.map((e) => (e.data as { transfer_id: string }).transfer_id)).size).toBe(120);
      expect((await store.verifyHashChain()).ok).toBe(true);
      const hot = writer.state.accounts.get(spendingAccount('req'))!;
      expect(hot.debits_pending).toBe(12_000);
      await writer.stop();
      const replayed = await start();
      expect(replayed.state.accounts.get(spendingAccount('req'))).toEqual(hot);
    }, 60_000);

    it('keeps one hash chain when other writers append between its planned commits', async () => {
      db = await createTestDatabase({ kind });
      const store = createPostgresEventStore(db.client);
      const writer = await startLedgerWriter({
        packing: REWARD_PACKING,
        store,
        sql: db.client,
        maxBatchSize: 4,
      });
      writers.push(writer);
      await writer.submitMany([open('req'), open('ev'), purchase('req', 50)]);
      const [results] = await Promise.all([
        Promise.all(Array.from({ length: 80 }, (_, i) => writer.submit(reserve(`t${i}`, 'req', 'ev', 100)))),
        (async () => {
          for (let i = 0; i < 40; i += 1) {
            await store.append(`note-${i}`, [{ type: 'NoteTaken', data: { i } }], 'no_stream');
          }
        })(),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      const all = await store.readAll({ after: 0, limit: 10_000 });
      expect(all.map((e) => e.global_position)).toEqual(all.map((_, i) => i + 1));
      expect(all.filter((e) => e.type === 'RewardReserved')).toHaveLength(80);
      expect(all.filter((e) => e.type === 'NoteTaken')).toHaveLength(40);
      expect((await store.verifyHashChain()).ok).toBe(true);
    }, 60_000);

    it('applies a retried command once and reports the retry as a duplicate', async () => {
      db = await createTestDatabase({ kind });
      const writer = await start();
      await writer.submitMany([open('u1')]);
      const command = purchase('u1', 60, 'pi_retry');
      const [first, second] = await Promise.all([writer.submit(command), writer.submit(command)]);
      expect(first).toMatchObject({ ok: true, duplicate: false });
      expect(second).toMatchObject({ ok: true, duplicate: true, events: [] });
      const third = await writer.submit(purchase('u1', 70, 'pi_retry'));
      expect(third).toMatchObject({ ok: false, rejection: 'idempotency_key_reused_with_different_payload' });
      const account = writer.state.accounts.get(spendingAccount('u1'))!;
      expect(account.credits_posted).toBe(60_000);
    });

    it('rebuilds its balances from the log after a restart', async () => {
      db = await createTestDatabase({ kind });
      const first = await start();
      await first.submitMany([open('a'), open('b'), purchase('a', 100)]);
      await first.submit(reserve('t1', 'a', 'b', 1_000));
      await first.submit({ type: 'PostReward', data: { transfer_id: 't1', vote_id: 'v1' } });
      const position = first.position;
      await first.stop();
      writers.splice(0);
      const second = await start();
      expect(second.position).toBe(position);
      expect(second.state.accounts.get(earningAccount('b'))!.credits_posted).toBe(1_000);
      expect(second.state.accounts.get(spendingAccount('a'))!.debits_posted).toBe(1_000);
      // The restarted writer still knows the transfer: posting it again is a duplicate.
      expect(
        await second.submit({ type: 'PostReward', data: { transfer_id: 't1', vote_id: 'v1' } }),
      ).toMatchObject({
        ok: true,
        duplicate: true,
      });
    });

    it('names bad input and writes nothing', async () => {
      db = await createTestDatabase({ kind });
      const writer = await start();
      await writer.submitMany([open('a'), open('b'), purchase('a', 100)]);
      const before = writer.position;
      const bad: LedgerCommand[] = [
        reserve('t-neg', 'a', 'b', -5),
        reserve('t-frac', 'a', 'b', 1.5),
        reserve('t-huge', 'a', 'b', Number.MAX_SAFE_INTEGER + 2),
        reserve('t-unknown', 'a', 'nobody', 10),
        reserve('bad id with spaces', 'a', 'b', 10),
        purchase('a', 49),
      ];
      const results = await writer.submitMany(bad);
      expect(results.map((r) => (r.ok ? 'ok' : r.rejection))).toEqual([
        'amount_must_be_positive',
        'amount_must_be_integer',
        'amount_exceeds_maximum',
        'unknown_account',
        'invalid_id',
        'purchase_below_minimum',
      ]);
      expect(writer.position).toBe(before);
    });

    it('lands companion events made from the decision in its commit, only for a fresh decision, and refuses bad ones alone', async () => {
      db = await createTestDatabase({ kind });
      const store = createPostgresEventStore(db.client);
      const writer = await start();
      const setup = await writer.submitMany([open('req'), open('ev'), purchase('req', 50)]);
      expect(setup.filter((result) => !result.ok)).toEqual([]);
      let made = 0;
      const claimed =
        (transfer: string, expected: ExpectedVersion = 'no_stream'): Companions =>
        (decided) => {
          made += 1;
          const reserved = decided.find((event) => event.type === 'RewardReserved');
          return [
            {
              stream_id: `claim-${transfer}`,
              expected_version: expected,
              events: [
                {
                  type: 'ItemClaimed',
                  data: { transfer, expires_at: (reserved?.data as { expires_at: string }).expires_at },
                },
              ],
            },
          ];
        };
      // 50,000 credits pay for two reservations of 20,000: the third is refused without its
      // companions being made.
      const [first, second, third] = await writer.submitMany([
        { command: reserve('c1', 'req', 'ev', 20_000), companions: claimed('c1') },
        { command: reserve('c2', 'req', 'ev', 20_000), companions: claimed('c2') },
        { command: reserve('c3', 'req', 'ev', 20_000), companions: claimed('c3') },
      ]);
      expect(first).toMatchObject({ ok: true, duplicate: false });
      expect(second).toMatchObject({ ok: true, duplicate: false });
      expect(third).toMatchObject({ ok: false, rejection: 'insufficient_credits' });
      expect(made).toBe(2);
      // The reward's event and its companion share one commit, the companion right after it,
      // made from the decided reservation (its lease end).
      const events = first!.ok ? first!.events : [];
      expect(events.map((event) => event.type)).toEqual(['RewardReserved', 'ItemClaimed']);
      expect(events[1]!.global_position).toBe(events[0]!.global_position + 1);
      expect((events[1]!.data as { expires_at: string }).expires_at).toBe(
        (events[0]!.data as { expires_at: string }).expires_at,
      );
      // A duplicate (the retry of c1) does not make or write its companions again.
      const retried = await writer.submit(reserve('c1', 'req', 'ev', 20_000), undefined, claimed('c1'));
      expect(retried).toMatchObject({ ok: true, duplicate: true, events: [] });
      expect(made).toBe(2);
      // Companions only ride with reward commands, never on the ledger's own streams, and a
      // malformed one fails its own command alone, which is then not applied.
      await expect(writer.submit(purchase('req', 50), undefined, claimed('p1'))).rejects.toThrow(
        /ride only with/,
      );
      await expect(
        writer.submit(reserve('c4', 'req', 'ev', 1), undefined, () => [
          { stream_id: 'reward-c4', expected_version: 'no_stream', events: [{ type: 'X', data: {} }] },
        ]),
      ).rejects.toThrow(/ledger's own streams/);
      const available = () => {
        const account = writer.state.accounts.get(spendingAccount('req'))!;
        return account.credits_posted - account.debits_posted - account.debits_pending;
      };
      expect(available()).toBe(10_000);
      const [bad, good] = await Promise.allSettled([
        writer.submit(reserve('c5', 'req', 'ev', 10_000), undefined, claimed('c5', 'any')),
        writer.submit(reserve('c6', 'req', 'ev', 10_000), undefined, claimed('c6')),
      ]);
      expect(bad.status).toBe('rejected');
      // c5 was not applied, so its credits paid for c6.
      expect(good).toMatchObject({ status: 'fulfilled', value: { ok: true } });
      expect(available()).toBe(0);
      const log = await store.readAll({ after: 0, limit: 100, types: ['ItemClaimed'] });
      expect(log.map((event) => event.stream_id)).toEqual(['claim-c1', 'claim-c2', 'claim-c6']);
      expect((await store.verifyHashChain()).ok).toBe(true);
      expect(checkInvariants(writer.state)).toEqual([]);
    });

    it('refuses a second writer on the same database', async () => {
      db = await createTestDatabase({ kind: 'postgres' === kind ? kind : 'pglite' });
      await start();
      if (kind === 'postgres') {
        await expect(start()).rejects.toThrow(/Another ledger writer/);
      }
    });
  });
}
