import type { TLedgerEvent, TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import { EventStoreError, type EventStore } from '@evalmarket/eventstore';
import {
  cashoutStreamId,
  createLedgerState,
  evolve,
  ledgerAccountsStreamId,
  purchaseStreamId,
  refundStreamId,
  type Cashout,
  type LedgerState,
  type Purchase,
  type Refund,
} from '@evalmarket/ledger';

/**
 * The ledger's record of one purchase, refund or cash-out, read from that entity's own stream in
 * the log: exact the moment its command was answered, and answerable by any process (the active
 * writer's in-memory books live in one process only). Each entity is folded with the ledger's own
 * `evolve`, from the events of its stream alone: a purchase's `refunded_credits` (moved by
 * refunds, in their own streams) is therefore not included.
 */
async function entityState(store: EventStore, streamId: string): Promise<LedgerState> {
  const state = createLedgerState();
  for (const stored of await readStream(store, streamId)) {
    evolve(state, { type: stored.type, data: stored.data } as TLedgerEvent);
  }
  return state;
}

export async function findPurchase(store: EventStore, purchaseId: string): Promise<Purchase | undefined> {
  return (await entityState(store, purchaseStreamId(purchaseId))).purchases.get(purchaseId);
}

/**
 * Credits taken back from a purchase so far: refunds and lost disputes less what won disputes
 * reinstated (the ledger's `refunded_credits`), as an SQL expression over the purchase id given.
 */
export function refundedCreditsSql(purchaseIdExpr: string): string {
  return `COALESCE((SELECT sum(CASE WHEN r.type = 'PurchaseRefunded' THEN (r.data->>'refunded_credits')::bigint
        ELSE -(r.data->>'reinstated_credits')::bigint END)
      FROM events r WHERE r.type IN ('PurchaseRefunded', 'PurchaseRefundReinstated')
        AND r.data->>'purchase_id' = ${purchaseIdExpr}), 0)`;
}

/** A purchase with its `refunded_credits` filled in from the refunds recorded against it. */
export async function findPurchaseWithRefunds(
  store: EventStore,
  sql: SqlClient,
  purchaseId: string,
): Promise<Purchase | undefined> {
  const purchase = await findPurchase(store, purchaseId);
  if (!purchase) return undefined;
  const { rows } = await sql.query<{ refunded: string }>(`SELECT ${refundedCreditsSql('$1')} AS refunded`, [
    purchaseId,
  ]);
  return { ...purchase, refunded_credits: Number(rows[0]?.refunded ?? 0) };
}

export async function findRefund(store: EventStore, refundId: string): Promise<Refund | undefined> {
  return (await entityState(store, refundStreamId(refundId))).refunds.get(refundId);
}

export async function findCashout(store: EventStore, cashoutId: string): Promise<Cashout | undefined> {
  return (await entityState(store, cashoutStreamId(cashoutId))).cashouts.get(cashoutId);
}

/** Whether the person's ledger accounts are open. */
export async function hasLedgerAccounts(store: EventStore, userId: string): Promise<boolean> {
  return (await readStream(store, ledgerAccountsStreamId(userId), 1)).length > 0;
}

/** A stream's events; none for an id that cannot name a stream (ids from outside, e.g. Stripe metadata). */
async function readStream(store: EventStore, streamId: string, limit?: number) {
  try {
    return await store.readStream(streamId, limit === undefined ? {} : { limit });
  } catch (error) {
    if (error instanceof EventStoreError && error.code === 'invalid_stream_id') return [];
    throw error;
  }
}

/**
 * The event a money command's effect ends with: its last new event, or, when the writer answered
 * it as a duplicate (a resend whose first attempt landed: a client's retry after a lost reply, a
 * command resent across a fail-over), the last event of the entity's own stream, which that first
 * attempt wrote. Replies then carry the original position and time, and read-your-writes waits
 * for it, instead of failing on a duplicate's empty event list.
 */
export async function landedEvent(
  store: EventStore,
  result: { events: readonly TStoredEvent[] },
  entityStreamId: string,
): Promise<TStoredEvent> {
  const last = result.events[result.events.length - 1] ?? (await readStream(store, entityStreamId)).at(-1);
  if (!last) throw new Error(`a landed command left no event in ${entityStreamId}`);
  return last;
}
