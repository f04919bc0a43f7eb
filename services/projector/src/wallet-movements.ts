import type {
  TLedgerEventDataMap,
  TPosting,
  TPostingCode,
  TStoredEvent,
  TUserAccountKind,
  TWalletTransaction,
} from '@evalmarket/contracts';
import { accountKind, accountUserId } from './accounts.js';

export type TransactionStatus = TWalletTransaction['status'];

/** One row of `wallet_transactions`: a money movement as one person sees it on one account. */
export interface WalletMovement {
  id: string;
  user_id: string;
  context: TUserAccountKind;
  type: 'credit' | 'debit';
  amount: number;
  status: TransactionStatus;
  description: string;
  code: TPostingCode;
  /** The movement's own id: purchase, transfer, cash-out or adjustment id. */
  transfer_id: string;
  created_at: string;
  global_position: number;
  updated_position: number;
}

interface Movement {
  /** Keeps ids of different kinds apart (a purchase and an adjustment may share an id). */
  kind: string;
  id: string;
  describe: (context: TUserAccountKind) => string;
  /** Status of a reservation that this event drops. */
  voidStatus?: TransactionStatus;
}

type Data<K extends keyof TLedgerEventDataMap> = Partial<TLedgerEventDataMap[K]>;

/**
 * The business movement an event belongs to. Events of one two-phase transfer (reserve, then
 * vote or release; cash-out request, then paid or failed) name the same movement, so they land on
 * the same row and only change its status.
 */
function movementOf(event: TStoredEvent, postings: readonly TPosting[]): Movement {
  const fallbackId = postings[0]?.transfer_id ?? event.event_id;
  const data = (event.data ?? {}) as Record<string, unknown>;
  const text = (value: unknown, otherwise: string) =>
    typeof value === 'string' && value ? value : otherwise;
  switch (event.type) {
    case 'CreditsPurchased': {
      const d = data as Data<'CreditsPurchased'>;
      const usd = typeof d.amount_usd === 'number' ? ` ($${d.amount_usd})` : '';
      return {
        kind: 'purchase',
        id: text(d.purchase_id, fallbackId),
        describe: () => `Credit purchase${usd}`,
      };
    }
    case 'AutoRechargeCharged': {
      const usd = typeof data.amount_usd === 'number' ? ` ($${data.amount_usd})` : '';
      return {
        kind: 'purchase',
        id: text(data.purchase_id, fallbackId),
        describe: () => `Auto-recharge${usd}`,
      };
    }
    case 'PurchaseRefunded':
      return {
        kind: 'refund',
        id: text(data.refund_id, fallbackId),
        describe: () => 'Refund of a credit purchase',
      };
    case 'PurchaseRefundReinstated':
      return {
        kind: 'refund',
        id: `${text(data.refund_id, fallbackId)}.reinstated`,
        describe: () => 'Refund reversed: credits restored',
      };
    case 'BonusGranted':
      return { kind: 'bonus', id: fallbackId, describe: () => 'First-project bonus' };
    case 'RewardReserved':
    case 'RewardReleased': {
      const d = data as Data<'RewardReserved'>;
      return {
        kind: 'reward',
        id: text(d.transfer_id, fallbackId),
        describe: (context) => (context === 'spending' ? 'Reward reserved for a vote' : 'Reward for a vote'),
        voidStatus: 'cancelled',
      };
    }
    case 'VoteRecorded': {
      const d = data as Data<'VoteRecorded'>;
      return { kind: 'reward', id: text(d.transfer_id, fallbackId), describe: () => 'Reward for a vote' };
    }
    case 'CashoutRequested':
    case 'CashoutPaid':
    case 'CashoutFailed': {
      const d = data as Data<'CashoutRequested'>;
      return {
        kind: 'cashout',
        id: text(d.cashout_id, fallbackId),
        describe: () => 'Cash-out to bank account',
        voidStatus: 'failed',
      };
    }
    case 'CashoutReversed': {
      const d = data as Data<'CashoutReversed'>;
      // Its own row: the paid cash-out stays in the history, and the credits coming back are new.
      return {
        kind: 'cashout',
        id: `${text(d.cashout_id, fallbackId)}.reversed`,
        describe: () => `Cash-out returned by Stripe: ${text(d.reason, 'no reason given')}`,
      };
    }
    case 'CreditsAdjusted': {
      const d = data as Data<'CreditsAdjusted'>;
      return {
        kind: 'adjustment',
        id: text(d.adjustment_id, fallbackId),
        describe: () => `Credit adjustment: ${text(d.reason, 'no reason given')}`,
      };
    }
    default:
      return { kind: 'movement', id: fallbackId, describe: () => humanise(event.type) };
  }
}

/** `SomethingHappened` -> `Something happened`, for money events this module does not know yet. */
function humanise(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface AccountEffect {
  net: number;
  phases: Set<TPosting['phase']>;
  code: TPostingCode;
}

/**
 * The user-visible rows one money event creates or updates: one per user account whose postings
 * in this event do not cancel out. Platform accounts have no wallet rows.
 */
export function walletMovements(event: TStoredEvent, postings: readonly TPosting[]): WalletMovement[] {
  if (postings.length === 0) return [];
  const effects = new Map<string, AccountEffect>();
  const touch = (account_id: string, signedAmount: number, posting: TPosting) => {
    if (accountKind(account_id) === 'platform') return;
    let effect = effects.get(account_id);
    if (!effect) {
      effect = { net: 0, phases: new Set(), code: posting.code };
      effects.set(account_id, effect);
    }
    effect.net += signedAmount;
    effect.phases.add(posting.phase);
  };
  for (const posting of postings) {
    touch(posting.debit, -posting.amount, posting);
    touch(posting.credit, posting.amount, posting);
  }
  if (effects.size === 0) return [];

  const movement = movementOf(event, postings);
  const rows: WalletMovement[] = [];
  for (const [account_id, effect] of effects) {
    if (effect.net === 0) continue;
    const context = accountKind(account_id) as TUserAccountKind;
    rows.push({
      id: `${movement.kind}:${movement.id}:${account_id}`,
      user_id: accountUserId(account_id)!,
      context,
      type: effect.net > 0 ? 'credit' : 'debit',
      amount: Math.abs(effect.net),
      status: statusOf(effect.phases, movement.voidStatus ?? 'cancelled'),
      description: movement.describe(context),
      code: effect.code,
      transfer_id: movement.id,
      created_at: event.recorded_at,
      global_position: event.global_position,
      updated_position: event.global_position,
    });
  }
  return rows;
}

function statusOf(phases: Set<TPosting['phase']>, voidStatus: TransactionStatus): TransactionStatus {
  if (phases.has('pending')) return 'pending';
  if (phases.has('void_pending') && !phases.has('posted') && !phases.has('post_pending')) return voidStatus;
  return 'completed';
}
