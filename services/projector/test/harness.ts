import type { TAccountBalance, TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient, SqlExecutor } from '@evalmarket/db';
import { createPostgresEventStore, type EventStore, type NewEvent } from '@evalmarket/eventstore';
import { applyPostings } from '@evalmarket/ledger';
import { createTestDatabase, type TestDatabase } from '@evalmarket/testkit';
import { readPostings } from '../src/read-postings.js';

export interface Harness {
  db: TestDatabase;
  sql: SqlClient;
  store: EventStore;
  /** Appends events to one stream and returns them as stored. */
  append(events: NewEvent[], stream?: string): Promise<TStoredEvent[]>;
  close(): Promise<void>;
}

export async function createHarness(kind: 'postgres' | 'pglite'): Promise<Harness> {
  const db = await createTestDatabase({ kind });
  const store = createPostgresEventStore(db.client, { pollIntervalMs: 20 });
  let streams = 0;
  return {
    db,
    sql: db.client,
    store,
    async append(events, stream) {
      streams += 1;
      const result = await store.append(stream ?? `ledger-test${streams}`, events, 'any');
      return result.events;
    },
    close: () => db.drop(),
  };
}

export async function balances(sql: SqlExecutor): Promise<Map<string, TAccountBalance>> {
  const { rows } = await sql.query<TAccountBalance & Record<string, unknown>>(
    `SELECT account_id, debits_pending, debits_posted, credits_pending, credits_posted FROM account_balances
     ORDER BY account_id`,
  );
  return new Map(rows.map((row) => [row.account_id, { ...row }]));
}

/** Balances computed from the log alone, accounts with nothing on them left out. */
export async function replayBalances(store: EventStore): Promise<Map<string, TAccountBalance>> {
  const replay = new Map<string, TAccountBalance>();
  let after = 0;
  for (;;) {
    const events = await store.readAll({ after, limit: 5000 });
    if (events.length === 0) break;
    for (const event of events) applyPostings(replay, readPostings(event) ?? []);
    after = events[events.length - 1]!.global_position;
  }
  return new Map([...replay].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export async function transactionRows(sql: SqlExecutor, userId?: string) {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT id, user_id, context, type, amount, status, description, code, transfer_id, global_position,
       updated_position FROM wallet_transactions ${userId ? 'WHERE user_id = $1' : ''} ORDER BY global_position, id`,
    userId ? [userId] : [],
  );
  return rows;
}

export async function checkpoint(sql: SqlExecutor): Promise<number> {
  const { rows } = await sql.query<{ position: number }>(
    `SELECT position FROM projection_checkpoints WHERE projection = 'wallet'`,
  );
  return Number(rows[0]?.position ?? 0);
}
