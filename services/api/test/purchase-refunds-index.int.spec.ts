import { createTestDatabase, databaseKinds, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { refundedCreditsSql } from '../src/ledger/ledger-lookups.js';
import { planWithoutSeqScan } from './support/query-plan.js';

/*
 * What was taken back from a purchase is summed from its refund events, once for each purchase
 * of a staff purchases page. Found by type alone, each sum reads every refund of the log; by the
 * purchase id (migration 033), only the purchase's own. This checks the plan, so the statement
 * rewritten apart from its index, or the index dropped, fails here.
 */
describe.each(databaseKinds())('a purchase’s refunds on %s', (kind) => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('are summed from events_purchase_refunds_idx', async () => {
    db = await createTestDatabase({ kind });
    const plan = await planWithoutSeqScan(db.client, `SELECT ${refundedCreditsSql('$1')} AS refunded`, [
      'pi_someone',
    ]);
    expect(plan).toContain('events_purchase_refunds_idx');
  });
});
