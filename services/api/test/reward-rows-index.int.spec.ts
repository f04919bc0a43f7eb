import { createTestDatabase, databaseKinds, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { REWARD_ROWS_AT_ENDS } from '../src/analytics/reward-windows.js';
import { planWithoutSeqScan } from './support/query-plan.js';

/*
 * The analytics read a window's partial days at its ends from a person's reward rows. Only an
 * index with the time in its key keeps that read to those days; the person's position index
 * alone walks every row they ever had (migration 028). This checks the plan, so the statement
 * rewritten apart from its index, or the index dropped, fails here.
 */
describe.each(databaseKinds())('the reward rows at a window’s ends on %s', (kind) => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('are read by wallet_transactions_user_reward_time_idx', async () => {
    db = await createTestDatabase({ kind });
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
});
