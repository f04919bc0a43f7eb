import { z } from 'zod';
import { ZPostingCode, ZPostingPhase } from '../money.js';

/*
 * The staff's view of the ledger (GET /admin/users/{id}/balances, /admin/users/{id}/ledger,
 * /admin/ledger/events/{id}/links): a person's figures, one account posting by posting, and what
 * one event names. Read by services/api/src/admin (account-ledger.ts, event-links.ts).
 */

/** A person as the staff read them: name and email, never a bare id. */
export const ZPersonName = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type TPersonName = z.infer<typeof ZPersonName>;

/** The figures of an account a person and the staff read. */
export const ZAccountFigures = z.object({
  /** What the person can spend or cash out: posted credits less reservations against it. */
  available: z.number().int(),
  /** Reserved against the account and not yet settled (the wallet's pending_balance). */
  pending: z.number().int(),
  /** Reserved for the account (rewards on their way in), not yet its own. */
  incoming: z.number().int(),
  /** Settled: credits posted less debits posted. */
  posted: z.number().int(),
});
export type TAccountFigures = z.infer<typeof ZAccountFigures>;

/** A person's spending and earning figures. */
export const ZPersonBalances = z.object({
  user_id: z.string(),
  spending: ZAccountFigures.extend({ account_id: z.string() }),
  earning: ZAccountFigures.extend({ account_id: z.string() }),
});

export const ZLedgerEntry = z.object({
  /** `{global_position}.{index of the posting in its event}`: the keyset cursor of this entry. */
  cursor: z.string(),
  global_position: z.number().int(),
  posting_index: z.number().int(),
  event_type: z.string(),
  stream_id: z.string(),
  hash: z.string(),
  recorded_at: z.string().nullable(),
  transfer_id: z.string(),
  code: ZPostingCode,
  phase: ZPostingPhase,
  /** Which side of the posting the account is on. */
  side: z.enum(['debit', 'credit']),
  /** The account on the other side, and the person it belongs to (null: a platform account). */
  counter_account: z.string(),
  counter_owner: ZPersonName.nullable(),
  amount: z.number().int(),
  /** The account's figures after this posting. */
  after: ZAccountFigures,
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZAccountLedger = z.object({
  account_id: z.string(),
  /** The figures before the first entry of this page. */
  opening: ZAccountFigures,
  entries: z.array(ZLedgerEntry),
  /** Pass as `after` for the next page; null on the last page. */
  next_after: z.string().nullable(),
});
export type TAccountLedger = z.infer<typeof ZAccountLedger>;

export const MAX_LEDGER_PAGE = 500;

export const ZLedgerQuery = z.object({
  context: z.enum(['spending', 'earning']).default('spending'),
  /** A cursor from a previous page (`{position}.{index}`); omitted: from the account's start. */
  after: z
    .string()
    .max(40)
    .regex(/^\d{1,15}\.\d{1,3}$/, 'must be a cursor such as 1234.1')
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LEDGER_PAGE).default(100),
});

/** What one event names: people, accounts, evaluation, Stripe objects. */
export const ZPersonRef = ZPersonName.extend({ role: z.string() });

export const ZEventLinks = z.object({
  people: z.array(ZPersonRef),
  /** Each account a posting touches, with the person it belongs to (null: a platform account). */
  accounts: z.array(z.object({ account: z.string(), owner: ZPersonName.nullable() })),
  evaluation: z.object({ id: z.string(), title: z.string().nullable() }).nullable(),
  stripe_objects: z.array(z.object({ kind: z.string(), id: z.string() })),
});
export type TEventLinks = z.infer<typeof ZEventLinks>;
