import {
  WALLET_TRANSACTIONS_MAX_LIMIT,
  WALLET_TRANSACTIONS_PAGE_SIZE,
  type TUserAccountKind,
  type TWalletTransaction,
  type TWalletTransactionKind,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';

export interface ListWalletTransactionsOptions {
  userId: string;
  /** Absent: both contexts ("All Transactions"). */
  context?: TUserAccountKind;
  limit?: number;
  /** The `next_before` of the previous page. */
  before?: string;
}

export interface WalletTransactionsPage {
  transactions: TWalletTransaction[];
  /** Cursor for the next (older) page; null when this page is the last. */
  next_before: string | null;
}

/** A cursor that is not one this module produced (the API answers 422). */
export class InvalidWalletCursorError extends Error {
  constructor(readonly cursor: string) {
    super(`Malformed transactions cursor: ${JSON.stringify(cursor)}`);
    this.name = 'InvalidWalletCursorError';
  }
}

// A row's place in the list never changes: the position of the event that created it, then its
// context (one event makes at most one row per account). The cursor is that pair.
const CURSOR = /^(\d{1,15})\.(spending|earning)$/;

interface Cursor {
  position: number;
  context: TUserAccountKind;
}

function encodeCursor(cursor: Cursor): string {
  return `${cursor.position}.${cursor.context}`;
}

function decodeCursor(text: string): Cursor {
  const match = CURSOR.exec(text);
  if (!match) throw new InvalidWalletCursorError(text);
  return { position: Number(match[1]), context: match[2] as TUserAccountKind };
}

interface TransactionRow extends Record<string, unknown> {
  id: string;
  description: string;
  context: TUserAccountKind;
  type: 'credit' | 'debit';
  amount: number;
  status: TWalletTransaction['status'];
  created_at: Date | string;
  global_position: number;
  /** The movement kind: the first part of the row id (see wallet-movements.ts). */
  movement: string;
  evaluation_id: string | null;
  evaluation_title: string | null;
  gross_credits: number | string | null;
  fee_credits: number | string | null;
  net_credits: number | string | null;
  auto_recharge: boolean;
}

/**
 * The row's own columns plus what names it: the evaluation a reward belongs to (through the
 * claim that reserved it), a cash-out's gross, fee and net, and whether a purchase was an
 * auto-recharge. These read the evaluations' and payments' read models, which live in the same
 * database; a row whose partner row is missing (not projected yet) is still listed, unnamed.
 */
const COLUMNS = `t.id, t.description, t.context, t.type, t.amount, t.status, t.created_at, t.global_position,
  split_part(t.id, ':', 1) AS movement, a.evaluation_id, e.title AS evaluation_title,
  c.gross_credits, c.fee_credits, c.net_credits, (r.recharge_id IS NOT NULL) AS auto_recharge`;
const JOINS = `FROM wallet_transactions t
  LEFT JOIN evaluation_assignments a ON split_part(t.id, ':', 1) = 'reward' AND a.transfer_id = t.transfer_id
  LEFT JOIN evaluations e ON e.id = a.evaluation_id
  LEFT JOIN cashouts c ON split_part(t.id, ':', 1) = 'cashout' AND c.cashout_id = t.transfer_id
  LEFT JOIN auto_recharges r ON split_part(t.id, ':', 1) = 'purchase' AND r.user_id = t.user_id
    AND r.payment_intent_id = t.transfer_id`;

const KIND_OF_MOVEMENT: Record<string, TWalletTransactionKind> = {
  purchase: 'purchase',
  refund: 'refund',
  bonus: 'bonus',
  reward: 'reward',
  cashout: 'cashout',
  adjustment: 'adjustment',
};

/**
 * One page of a person's wallet transactions, newest first. Paging by cursor rather than offset
 * keeps pages stable while new transactions arrive: a new row sorts above every cursor handed out.
 */
export async function listWalletTransactions(
  sql: SqlExecutor,
  options: ListWalletTransactionsOptions,
): Promise<WalletTransactionsPage> {
  const requested = Math.trunc(options.limit ?? WALLET_TRANSACTIONS_PAGE_SIZE);
  const limit = Number.isFinite(requested)
    ? Math.max(1, Math.min(requested, WALLET_TRANSACTIONS_MAX_LIMIT))
    : WALLET_TRANSACTIONS_PAGE_SIZE;
  const cursor = options.before === undefined ? undefined : decodeCursor(options.before);
  let result;
  if (options.context) {
    result = await sql.query<TransactionRow>(
      `SELECT ${COLUMNS} ${JOINS}
       WHERE t.user_id = $1 AND t.context = $2 AND t.global_position < $3
       ORDER BY t.global_position DESC LIMIT $4`,
      [options.userId, options.context, cursorUpperBound(cursor, options.context), limit + 1],
    );
  } else if (cursor) {
    result = await sql.query<TransactionRow>(
      `SELECT ${COLUMNS} ${JOINS}
       WHERE t.user_id = $1 AND (t.global_position, t.context) < ($2, $3)
       ORDER BY t.global_position DESC, t.context DESC LIMIT $4`,
      [options.userId, cursor.position, cursor.context, limit + 1],
    );
  } else {
    result = await sql.query<TransactionRow>(
      `SELECT ${COLUMNS} ${JOINS} WHERE t.user_id = $1
       ORDER BY t.global_position DESC, t.context DESC LIMIT $2`,
      [options.userId, limit + 1],
    );
  }
  const rows = result.rows.slice(0, limit);
  const last = rows[rows.length - 1];
  return {
    transactions: rows.map(toTransaction),
    next_before:
      result.rows.length > limit && last
        ? encodeCursor({ position: Number(last.global_position), context: last.context })
        : null,
  };
}

/**
 * Within one context a position holds at most one row of the person, so "older than the cursor"
 * is `global_position < bound`. A cursor from the other context's list (or from the mixed list)
 * still cuts at the right place: rows at the cursor's own position sort after it only when their
 * context sorts lower.
 */
function cursorUpperBound(cursor: Cursor | undefined, context: TUserAccountKind): number {
  if (!cursor) return Number.MAX_SAFE_INTEGER;
  return context < cursor.context ? cursor.position + 1 : cursor.position;
}

function toTransaction(row: TransactionRow): TWalletTransaction {
  return {
    id: row.id,
    description: row.description,
    context: row.context,
    type: row.type,
    amount: Number(row.amount),
    currency: 'credits',
    status: row.status,
    created_at:
      row.created_at instanceof Date ? row.created_at.toISOString() : new Date(row.created_at).toISOString(),
    kind: row.auto_recharge ? 'auto_recharge' : (KIND_OF_MOVEMENT[row.movement] ?? 'other'),
    evaluation:
      row.evaluation_id && row.evaluation_title !== null
        ? { id: row.evaluation_id, title: row.evaluation_title }
        : null,
    cashout:
      row.gross_credits !== null && row.fee_credits !== null && row.net_credits !== null
        ? {
            gross_credits: Number(row.gross_credits),
            fee_credits: Number(row.fee_credits),
            net_credits: Number(row.net_credits),
          }
        : null,
  };
}
