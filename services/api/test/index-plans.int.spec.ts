import { createTestDatabase, databaseKinds, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHOUTS_FROM } from '../src/admin/staff-cashout-routes.js';
import { REWARD_ROWS_AT_ENDS } from '../src/analytics/reward-windows.js';
import { refundedCreditsSql } from '../src/ledger/ledger-lookups.js';
import { planWithoutSeqScan } from './support/query-plan.js';

/*
 * Statements that stay fast on a large log only through an index of their own. Each test checks
 * the plan, so the statement rewritten apart from its index, or the index dropped, fails here.
 */
describe.each(databaseKinds())('reads held to their indexes on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ kind });
  });
  afterAll(async () => {
    await db?.drop();
  });

  /*
   * The analytics read a window's partial days at its ends from a person's reward rows. Only an
   * index with the time in its key keeps that read to those days; the person's position index
   * alone walks every row they ever had (migration 028).
   */
  it('the reward rows at a window’s ends are read by wallet_transactions_user_reward_time_idx', async () => {
    const plan = await planWithoutSeqScan(db.client, `SELECT count(*) ${REWARD_ROWS_AT_ENDS}`, [
      'someone',
      'earning',
      'credit',
      'completed',
      new Date('2026-01-01T10:00:00Z'),
      new Date('2026-01-02T00:00:00Z'),
      new Date('2026-02-01T00:00:00Z'),
      new Date('2026-02-01T10:00:00Z'),
    ]);
    expect(plan).toContain('wallet_transactions_user_reward_time_idx');
  });

  /*
   * What was taken back from a purchase is summed from its refund events, once for each purchase
   * of a staff purchases page. Found by type alone, each sum reads every refund of the log; by the
   * purchase id (migration 033), only the purchase's own.
   */
  it('a purchase’s refunds are summed from events_purchase_refunds_idx', async () => {
    const plan = await planWithoutSeqScan(db.client, `SELECT ${refundedCreditsSql('$1')} AS refunded`, [
      'pi_someone',
    ]);
    expect(plan).toContain('events_purchase_refunds_idx');
  });

  /*
   * The staff cash-outs list folds each cash-out's request with its paid, failed and reversed
   * events and its retry's request, joined by cash-out id. Found by type alone, each join read
   * every event of its type for every cash-out of a page (1.9 s a page on the 10M world); by the
   * cash-out id (migration 034), only the cash-out's own.
   */
  it('a cash-out’s events are each found by their cash-out id in events_cashouts_idx', async () => {
    const plan = await planWithoutSeqScan(db.client, `SELECT * FROM ${CASHOUTS_FROM} WHERE cashout_id = $1`, [
      'co_someone',
    ]);
    // The request, then its paid, failed and reversed events and its retry's request, each by
    // the id: five lookups, none a walk of a type's events.
    expect(plan.match(/Index Scan using events_cashouts_idx/g)).toHaveLength(5);
    expect(plan).not.toContain('events_type_position_idx');
  });
});
