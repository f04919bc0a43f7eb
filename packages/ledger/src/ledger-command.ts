import type { TInvoiceTerms, TUserAccountKind } from '@evalmarket/contracts';

/**
 * Money commands, imperative, `{ type, data }` like the events they become. Each carries its own
 * natural id, which makes a retry recognisable (see decide.ts). Amounts are whole credits unless
 * the name says otherwise; the types document intent, `decide` still checks every field at run
 * time because commands arrive from HTTP bodies and webhooks.
 */
export type LedgerCommand =
  /** Opens `spending:{user_id}` and `earning:{user_id}`; every other command needs them. */
  | { type: 'OpenUserAccounts'; data: { user_id: string } }
  /**
   * Credits bought with a card: `amount_usd` whole dollars, credits = amount_usd x 1,000. `invoice`:
   * the seller and tax terms the purchase's invoice is issued under, recorded with it.
   */
  | {
      type: 'PurchaseCredits';
      data: { purchase_id: string; user_id: string; amount_usd: number; invoice?: TInvoiceTerms };
    }
  /**
   * A Stripe refund or dispute (`refund_id` = the Stripe refund or dispute id) of a purchase:
   * takes up to `amount_credits` back from the buyer's spending account, never below zero.
   */
  | {
      type: 'RefundPurchase';
      data: { refund_id: string; purchase_id: string; amount_credits: number; reason: 'refund' | 'dispute' };
    }
  /** Stripe gave a refund's or dispute's money back (a won dispute): undoes RefundPurchase once. */
  | { type: 'ReinstateRefund'; data: { refund_id: string } }
  /** The first-project bonus, once per person, from platform:promotions. */
  | { type: 'GrantBonus'; data: { user_id: string } }
  /** Reserves an evaluator's reward from the requester's spending account (pending transfer). */
  | {
      type: 'ReserveReward';
      data: {
        transfer_id: string;
        requester_id: string;
        evaluator_id: string;
        credits: number;
        timeout_ms: number;
        item_id?: string;
      };
    }
  /** The vote: posts the reserved reward to the evaluator's earning account. */
  | { type: 'PostReward'; data: { transfer_id: string; vote_id: string } }
  /** Gives a reservation back (the evaluator skipped, or the evaluation was cancelled). */
  | { type: 'ReleaseReward'; data: { transfer_id: string; reason: 'skipped' | 'cancelled' } }
  /** Voids the oldest pending rewards whose lease ran out (`expires_at <= now`). */
  | { type: 'ExpireRewards'; data: { max_count: number } }
  /** Moves `gross_credits` of earnings to platform:payouts as pending until Stripe answers. */
  | {
      type: 'RequestCashout';
      data: { cashout_id: string; user_id: string; gross_credits: number; minimum_cashout_credits: number };
    }
  /** The Stripe transfer succeeded: the gross is posted and the fee goes to platform:fees. */
  | { type: 'MarkCashoutPaid'; data: { cashout_id: string; stripe_transfer_id: string } }
  /** The Stripe transfer failed: the earnings go back to the evaluator. */
  | { type: 'MarkCashoutFailed'; data: { cashout_id: string; reason: string } }
  /**
   * Stripe took a paid cash-out's transfer back in full (`reversal_id` = the reversed Stripe
   * transfer's id): the gross, fee included, goes back to the evaluator's earnings, once.
   */
  | { type: 'ReverseCashout'; data: { cashout_id: string; reversal_id: string; reason: string } }
  /** An admin correction: positive adds to the person's account, negative takes from it. */
  | {
      type: 'AdjustCredits';
      data: {
        adjustment_id: string;
        user_id: string;
        context: TUserAccountKind;
        amount_credits: number;
        reason: string;
        actor_id: string;
      };
    };

export type LedgerCommandType = LedgerCommand['type'];

/** The commands whose events are all reward transfers: the ledger's volume, on reward streams. */
export const REWARD_COMMAND_TYPES = [
  'ReserveReward',
  'PostReward',
  'ReleaseReward',
] as const satisfies readonly LedgerCommandType[];

export const LEDGER_COMMAND_TYPES: readonly LedgerCommandType[] = [
  'OpenUserAccounts',
  'PurchaseCredits',
  'RefundPurchase',
  'ReinstateRefund',
  'GrantBonus',
  'ReserveReward',
  'PostReward',
  'ReleaseReward',
  'ExpireRewards',
  'RequestCashout',
  'MarkCashoutPaid',
  'MarkCashoutFailed',
  'ReverseCashout',
  'AdjustCredits',
];

/** The one command of a given type, e.g. `LedgerCommandOf<'PostReward'>`. */
export type LedgerCommandOf<T extends LedgerCommandType> = Extract<LedgerCommand, { type: T }>;

/** What the caller supplies besides the command: the ledger reads no clock of its own. */
export interface DecideMetadata {
  /** Epoch milliseconds, integer. */
  now: number;
}
