import { databaseKinds } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLedger,
  formatAuditReport,
  projectBatch,
  runProjector,
  type AuditReport,
} from '../src/index.js';
import { createHarness, type Harness } from './harness.js';
import { purchased, rewardReserved, voteRecorded } from './ledger-events.js';
import { seedLedger } from './seed-ledger.js';

const failing = (report: AuditReport) =>
  report.checks.filter((check) => !check.ok).map((check) => check.name);

describe.each(databaseKinds())('auditing the ledger on %s', (kind) => {
  let h: Harness;
  let head: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    const projector = await runProjector({ sql: h.sql, source: { kind: 'store', store: h.store } });
    head = await seedLedger(h);
    await projector.waitFor(head);
    await projector.stop();
  });
  afterAll(async () => {
    await h.close();
  });

  it('passes on a good log whose read models are up to date', async () => {
    const report = await auditLedger({ sql: h.sql, store: h.store, batchSize: 9 });
    const text = formatAuditReport(report);
    expect(report.ok, text).toBe(true);
    expect(report).toMatchObject({ head_position: head, checkpoint_position: head, events_checked: head });
    expect(report.checks.map((c) => c.ok)).toEqual([true, true, true, true, true, true]);
    expect(text.split('\n')[0]).toBe('Ledger audit: PASS');
    expect(text).toContain('PASS  4. Read models equal a replay of the log:');
    // No scratch tables are left behind.
    const scratch = await h.sql.query(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'audit_keys_%'`);
    expect(scratch.rows).toEqual([]);
  });

  it('compares at the checkpoint when the projector is behind', async () => {
    const [late] = await h.append([purchased('pi_late', 'alice', 50)]);
    const report = await auditLedger({ sql: h.sql, store: h.store });
    expect(report.ok, formatAuditReport(report)).toBe(true);
    expect(report).toMatchObject({ head_position: late!.global_position, checkpoint_position: head });
    await projectBatch({ sql: h.sql, events: [late!] });
    head = late!.global_position;
  });

  it('fails with a readable message when a read-model row is tampered with', async () => {
    await h.sql.query(
      `UPDATE account_balances SET credits_posted = credits_posted + 1000 WHERE account_id = 'spending:bob'`,
    );
    try {
      const report = await auditLedger({ sql: h.sql, store: h.store });
      const text = formatAuditReport(report);
      expect(report.ok).toBe(false);
      expect(failing(report)).toEqual(['balances_sum_to_zero', 'read_models_match_replay']);
      expect(text).toMatch(/^Ledger audit: FAIL \(2 of 6 checks failed\)/);
      expect(text).toContain('FAIL  1. Sum of all account balances is zero (posted and pending)');
      expect(text).toContain('        - read models: posted balances sum to 1000');
      expect(text).toContain(`FAIL  4. Read models equal a replay of the log: 1 of `);
      expect(text).toMatch(/- spending:bob: credits_posted is (\d+) in the read model, (\d+) in the replay/);
      const [, shown, replayed] = /credits_posted is (\d+) in the read model, (\d+) in the replay/.exec(
        text,
      )!;
      expect(Number(shown) - Number(replayed)).toBe(1000);
    } finally {
      await h.sql.query(
        `UPDATE account_balances SET credits_posted = credits_posted - 1000 WHERE account_id = 'spending:bob'`,
      );
    }
  });

  it('finds an overdrawn user account, a doubly applied transfer and a broken hash chain in the log', async () => {
    // Events the ledger writer would refuse, appended straight to the store.
    await h.append([rewardReserved('over', 'nobody', 'eve', 400)]);
    const [reserved] = await h.append([rewardReserved('dup-1', 'alice', 'eve', 100)]);
    const [voted] = await h.append([voteRecorded('dup-1', 'alice', 'eve', 100)]);
    const [votedAgain] = await h.append([voteRecorded('dup-1', 'alice', 'eve', 100)]);
    const runner = await runProjector({ sql: h.sql, source: { kind: 'store', store: h.store } });
    await runner.waitFor(await h.store.headPosition());
    await runner.stop();
    await h.sql.query(
      `UPDATE events SET data = jsonb_set(data, '{credits}', '101') WHERE global_position = $1`,
      [reserved!.global_position],
    );

    // Pages of 5,000 events hold the whole log; pages of 1 put the repeat on a page of its own.
    for (const batchSize of [undefined, 1]) {
      const report = await auditLedger({ sql: h.sql, store: h.store, batchSize });
      const text = formatAuditReport(report);
      expect(failing(report)).toEqual([
        'user_accounts_never_negative',
        'money_events_applied_once',
        'hash_chain_intact',
      ]);
      const once = report.checks.find((check) => check.name === 'money_events_applied_once')!;
      const [first, again] = [voted!.global_position, votedAgain!.global_position];
      expect(once.failures).toEqual([
        `position ${again} (VoteRecorded): post_pending of transfer dup-1, which is not pending ` +
          `(never reserved, or already posted or voided)`,
        `transfer dup-1 (reward) post_pending at position ${again} was already applied at position ${first}`,
      ]);
      expect(text).toContain(`- transfer dup-1 (reward) post_pending at position ${again}`);
      expect(text).toContain('- spending:nobody at position');
      expect(text).toContain('debits 400 (pending 400 + posted 0) exceed credits posted 0');
      expect(text).toContain(`FAIL  5. Hash chain intact`);
      expect(text).toContain(`broken at position ${reserved!.global_position}`);
    }
  });
});
