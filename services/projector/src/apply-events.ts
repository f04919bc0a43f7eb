import type { TAccountBalance, TStoredEvent } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { applyPostings, emptyAccountBalance } from '@evalmarket/ledger';
import { accountKind, accountUserId } from './accounts.js';
import {
  ACCOUNT_BALANCE_COLUMNS,
  LIVE_TABLES,
  WALLET_TRANSACTION_COLUMNS,
  type ReadModelTables,
} from './read-model-tables.js';
import { readPostings } from './read-postings.js';
import { rewardDayChanges, rewardRowsBefore, writeRewardDays } from './reward-days.js';
import { walletMovements, type WalletMovement } from './wallet-movements.js';

export type ApplyEventsResult = {
  money_events: number;
  accounts: number;
  transactions: number;
};

/**
 * The wallet's read models folded in memory from events in position order: the balance changes
 * summed per account (with the last position that touched it), and the transaction rows folded
 * per row id (a reservation and its vote make one row: the first event gives its amount, time and
 * place, the last its status and description). A batch's fold is written as upserts of deltas
 * (applyEvents); a rebuild's fold of the whole log as plain rows into empty tables (bulk-wallet.ts).
 */
export class WalletFold {
  readonly deltas = new Map<string, TAccountBalance>();
  readonly touchedAt = new Map<string, number>();
  readonly movements = new Map<string, WalletMovement>();
  moneyEvents = 0;

  add(events: readonly TStoredEvent[]): void {
    for (const event of events) {
      const postings = readPostings(event);
      if (postings === undefined) continue;
      this.moneyEvents += 1;
      // LedgerAccountsOpened carries no postings but names the accounts, so they exist at zero.
      const opened = (event.data as { account_ids?: unknown }).account_ids;
      if (event.type === 'LedgerAccountsOpened' && Array.isArray(opened)) {
        for (const account_id of opened) {
          if (typeof account_id !== 'string') continue;
          if (!this.deltas.has(account_id)) this.deltas.set(account_id, emptyAccountBalance(account_id));
          this.touchedAt.set(account_id, event.global_position);
        }
      }
      applyPostings(this.deltas, postings);
      for (const posting of postings) {
        this.touchedAt.set(posting.debit, event.global_position);
        this.touchedAt.set(posting.credit, event.global_position);
      }
      for (const movement of walletMovements(event, postings)) {
        const earlier = this.movements.get(movement.id);
        if (earlier) {
          earlier.status = movement.status;
          earlier.description = movement.description;
          earlier.updated_position = movement.updated_position;
        } else {
          this.movements.set(movement.id, movement);
        }
      }
    }
  }
}

/**
 * Writes a batch of events into the balance and transaction read models: the batch is folded
 * (WalletFold), its balance changes written as one multi-row upsert of deltas, its transaction
 * rows as one multi-row upsert, and the reward roll-up follows the rows. Events must be in
 * position order and not applied before: the caller owns the checkpoint (see projectBatch).
 */
export async function applyEvents(
  tx: SqlExecutor,
  events: readonly TStoredEvent[],
  tables: ReadModelTables = LIVE_TABLES,
): Promise<ApplyEventsResult> {
  const fold = new WalletFold();
  fold.add(events);
  const { deltas, touchedAt, movements } = fold;
  if (deltas.size > 0) await upsertBalanceDeltas(tx, tables.accountBalances, [...deltas.values()], touchedAt);
  if (movements.size > 0) {
    const folded = [...movements.values()];
    // Read before the upsert changes them: a reward row that changes status moves in the roll-up.
    const before = await rewardRowsBefore(tx, tables.walletTransactions, folded);
    await upsertMovements(tx, tables.walletTransactions, folded);
    await writeRewardDays(tx, tables.rewardDays, rewardDayChanges(folded, before));
  }
  return { money_events: fold.moneyEvents, accounts: deltas.size, transactions: movements.size };
}

async function upsertBalanceDeltas(
  tx: SqlExecutor,
  table: string,
  deltas: TAccountBalance[],
  touchedAt: Map<string, number>,
): Promise<void> {
  // One lock order for every writer: rows are upserted sorted by key.
  deltas.sort((a, b) => (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0));
  await tx.query(
    `${insertBalances(table)}
     ON CONFLICT (account_id) DO UPDATE SET
       debits_pending = b.debits_pending + EXCLUDED.debits_pending,
       debits_posted = b.debits_posted + EXCLUDED.debits_posted,
       credits_pending = b.credits_pending + EXCLUDED.credits_pending,
       credits_posted = b.credits_posted + EXCLUDED.credits_posted,
       updated_position = GREATEST(b.updated_position, EXCLUDED.updated_position)`,
    balanceParameters(deltas, touchedAt),
  );
}

/** The balances' multi-row insert, one array parameter per column (balanceParameters, in ACCOUNT_BALANCE_COLUMNS' order). */
export function insertBalances(table: string): string {
  return `INSERT INTO ${table} AS b (${ACCOUNT_BALANCE_COLUMNS.join(', ')})
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[],
       $8::bigint[])`;
}

export function balanceParameters(
  deltas: readonly TAccountBalance[],
  touchedAt: Map<string, number>,
): unknown[][] {
  return [
    deltas.map((d) => d.account_id),
    deltas.map((d) => accountUserId(d.account_id)),
    deltas.map((d) => accountKind(d.account_id)),
    deltas.map((d) => d.debits_pending),
    deltas.map((d) => d.debits_posted),
    deltas.map((d) => d.credits_pending),
    deltas.map((d) => d.credits_posted),
    deltas.map((d) => touchedAt.get(d.account_id) ?? 0),
  ];
}

async function upsertMovements(tx: SqlExecutor, table: string, rows: WalletMovement[]): Promise<void> {
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // A row that already exists keeps its amount, creation time and position (its place in the
  // list); only what the later event says about it changes. The guard makes a replayed event
  // harmless here even without the checkpoint.
  await tx.query(
    `${insertMovements(table)}
     ON CONFLICT (id) DO UPDATE SET
       status = EXCLUDED.status,
       description = EXCLUDED.description,
       updated_position = EXCLUDED.updated_position
     WHERE t.updated_position < EXCLUDED.updated_position`,
    movementParameters(rows),
  );
}

/** The transactions' multi-row insert, one array parameter per column (movementParameters, in WALLET_TRANSACTION_COLUMNS' order). */
export function insertMovements(table: string): string {
  return `INSERT INTO ${table} AS t (${WALLET_TRANSACTION_COLUMNS.join(', ')})
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::timestamptz[], $11::bigint[], $12::bigint[])`;
}

export function movementParameters(rows: readonly WalletMovement[]): unknown[][] {
  return [
    rows.map((r) => r.id),
    rows.map((r) => r.user_id),
    rows.map((r) => r.context),
    rows.map((r) => r.type),
    rows.map((r) => r.amount),
    rows.map((r) => r.status),
    rows.map((r) => r.description),
    rows.map((r) => r.code),
    rows.map((r) => r.transfer_id),
    rows.map((r) => r.created_at),
    rows.map((r) => r.global_position),
    rows.map((r) => r.updated_position),
  ];
}
