import { createTestDatabase, databaseKinds, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { CASHOUTS_FROM } from '../src/admin/staff-cashout-routes.js';
import { planWithoutSeqScan } from './support/query-plan.js';

/*
 * The staff cash-outs list folds each cash-out's request with its paid, failed and reversed
 * events and its retry's request, joined by cash-out id. Found by type alone, each join read
 * every event of its type for every cash-out of a page (1.9 s a page on the 10M world); by the
 * cash-out id (migration 034), only the cash-out's own. This checks the plan, so the statement
 * rewritten apart from its index, or the index dropped, fails here.
 */
describe.each(databaseKinds())('a cash-out’s events on %s', (kind) => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('are each found by their cash-out id in events_cashouts_idx', async () => {
    db = await createTestDatabase({ kind });
    const plan = await planWithoutSeqScan(db.client, `SELECT * FROM ${CASHOUTS_FROM} WHERE cashout_id = $1`, [
      'co_someone',
    ]);
    // The request, then its paid, failed and reversed events and its retry's request, each by
    // the id: five lookups, none a walk of a type's events.
    expect(plan.match(/Index Scan using events_cashouts_idx/g)).toHaveLength(5);
    expect(plan).not.toContain('events_type_position_idx');
  });
});
