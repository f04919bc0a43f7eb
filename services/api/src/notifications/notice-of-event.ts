import { CREDITS_PER_USD, type TStoredEvent } from '@evalmarket/contracts';

/** What one transactional email says; stored in the outbox and rendered when it is sent. */
export type Notice =
  | { template: 'purchase_receipt'; amount_usd: number; credits: number; purchase_id: string }
  | { template: 'auto_recharge_charged'; amount_usd: number; credits: number }
  | { template: 'auto_recharge_failed'; amount_usd: number | null; message: string }
  | { template: 'cashout_requested'; gross_credits: number; fee_credits: number; net_credits: number }
  | { template: 'cashout_paid'; gross_credits: number; fee_credits: number; net_credits: number }
  | { template: 'cashout_failed'; gross_credits: number; reason: string }
  | { template: 'application_approved'; qualification_tier: 'community' | 'expert' }
  | { template: 'application_rejected'; rejection_reason: string };

export type NoticeTemplate = Notice['template'];

/** The events that mail someone; the outbox reads only these from the log. */
export const NOTICE_EVENT_TYPES = [
  'CreditsPurchased',
  'AutoRechargeCharged',
  'AutoRechargeFailed',
  'CashoutRequested',
  'CashoutPaid',
  'CashoutFailed',
  'EvaluatorVerified',
  'EvaluatorRejected',
] as const;

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const text = (value: unknown, otherwise: string): string =>
  typeof value === 'string' && value.trim() ? value : otherwise;

/**
 * The email an event asks for, and whom it goes to; undefined for events that mail nobody.
 * Pure: the outbox calls it for every event of NOTICE_EVENT_TYPES, in log order.
 */
export function noticeOfEvent(event: TStoredEvent): { userId: string; notice: Notice } | undefined {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const userId = typeof data.user_id === 'string' ? data.user_id : undefined;
  if (!userId) return undefined;
  const cashout = () => ({
    gross_credits: num(data.gross_credits),
    fee_credits: num(data.fee_credits),
    net_credits: num(data.net_credits),
  });
  switch (event.type) {
    case 'CreditsPurchased':
      return {
        userId,
        notice: {
          template: 'purchase_receipt',
          amount_usd: num(data.amount_usd),
          credits: num(data.credits),
          purchase_id: text(data.purchase_id, event.event_id),
        },
      };
    case 'AutoRechargeCharged':
      return {
        userId,
        notice: {
          template: 'auto_recharge_charged',
          amount_usd: num(data.amount_usd),
          credits: num(data.amount_usd) * CREDITS_PER_USD,
        },
      };
    case 'AutoRechargeFailed':
      return {
        userId,
        notice: {
          template: 'auto_recharge_failed',
          amount_usd: typeof data.amount_usd === 'number' ? data.amount_usd : null,
          message: text(data.message, 'The card was declined.'),
        },
      };
    case 'CashoutRequested':
      return { userId, notice: { template: 'cashout_requested', ...cashout() } };
    case 'CashoutPaid':
      return { userId, notice: { template: 'cashout_paid', ...cashout() } };
    case 'CashoutFailed':
      return {
        userId,
        notice: {
          template: 'cashout_failed',
          gross_credits: num(data.gross_credits),
          reason: text(data.reason, 'no reason given'),
        },
      };
    case 'EvaluatorVerified':
      return {
        userId,
        notice: {
          template: 'application_approved',
          qualification_tier: data.qualification_tier === 'expert' ? 'expert' : 'community',
        },
      };
    case 'EvaluatorRejected':
      return {
        userId,
        notice: { template: 'application_rejected', rejection_reason: text(data.rejection_reason, '') },
      };
    default:
      return undefined;
  }
}
