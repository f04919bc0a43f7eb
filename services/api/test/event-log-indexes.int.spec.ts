import { createTestDatabase, databaseKinds, type TestDatabase } from '@evalmarket/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { eventFilters } from '../src/admin/staff-event-routes.js';

/*
 * The event log's filters on the events table are answered by indexes only while each filter's
 * expression is its index's own. This checks the plans, so a field added to contracts'
 * PERSON_PAYLOAD_FIELDS without a new migration (events_parties_idx, migration 026), or a filter
 * rewritten apart from its index, fails here.
 */
const INDEXED: Array<[string, string]> = [
  ['party', 'events_parties_idx'],
  ['correlation_id', 'events_correlation_position_idx'],
  ['causation_id', 'events_causation_position_idx'],
  ['actor', 'events_actor_position_idx'],
  ['user_id', 'events_user_position_idx'],
  ['account', 'events_postings_idx'],
];

describe.each(databaseKinds())('the event log filters on %s', (kind) => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it.each(INDEXED)('%s is answered by %s', async (filter, index) => {
    db ??= await createTestDatabase({ kind });
    const condition = eventFilters[filter]!('someone', (value) => `'${String(value)}'`);
    // Without enough rows the planner would read the table whatever the index; forbid that.
    const plan = await db.client.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT global_position FROM events WHERE ${condition}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(index);
  });
});
