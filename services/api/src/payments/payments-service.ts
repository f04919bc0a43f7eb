import { createHash } from 'node:crypto';
import {
  AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS,
  AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS,
  CREDITS_PER_USD,
  paymentsStreamId,
  type TAutoRechargeSettings,
  type TConnectStatus,
  type TEventMetadata,
  type TStoredEvent,
} from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import { EventStoreError } from '@evalmarket/eventstore';
import { recordEvents } from '../events/record-events.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import type { DomainContext } from '../runtime/domain-context.js';
import type { PaymentsGateway } from './payments-gateway.js';
import { hasLedgerAccounts } from '../ledger/ledger-lookups.js';

/** Hash of an event payload for the store's idempotency check (a retry must carry the same). */
export function payloadHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * Appends one payments event for a person. With a key, a retry (a redelivered webhook, a
 * repeated request) appends nothing; the same key with another payload is ignored too, because
 * it means a concurrent copy of the same Stripe fact already won.
 */
export async function recordPaymentsEvent(
  context: DomainContext,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  options: {
    key?: string;
    metadata?: TEventMetadata;
    stream?: string;
    expectedVersion?: number | 'no_stream';
  } = {},
): Promise<TStoredEvent[]> {
  try {
    return await recordEvents(context, options.stream ?? paymentsStreamId(userId), [{ type, data }], {
      metadata: options.metadata,
      expectedVersion: options.expectedVersion,
      idempotency: options.key ? { key: options.key, payload_hash: payloadHash({ type, data }) } : undefined,
    });
  } catch (error) {
    if (error instanceof EventStoreError && error.code === 'idempotency_key_reused_with_different_payload')
      return [];
    throw error;
  }
}

/** Opens the person's ledger accounts if they are not open yet (identity opens them at sign-up). */
export async function ensureLedgerAccounts(context: DomainContext, userId: string): Promise<void> {
  // Opening them again would be a duplicate; the look-up spares the writer a command.
  if (await hasLedgerAccounts(context.store, userId)) return;
  const result = await context.ledger.submit({ type: 'OpenUserAccounts', data: { user_id: userId } });
  if (!result.ok) throw ledgerRejectionError(result);
}

export async function findCustomerId(sql: SqlExecutor, userId: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ stripe_customer_id: string }>(
    'SELECT stripe_customer_id FROM payment_customers WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.stripe_customer_id;
}

/** The person's Stripe customer, created once (Stripe's idempotency key covers a concurrent first use). */
export async function ensureCustomer(
  context: DomainContext,
  gateway: PaymentsGateway,
  userId: string,
): Promise<string> {
  const known = await findCustomerId(context.sql, userId);
  if (known) return known;
  const customer = await gateway.stripe.customers.create(
    { metadata: { user_id: userId } },
    { idempotencyKey: `customer-${userId}` },
  );
  await recordPaymentsEvent(
    context,
    userId,
    'StripeCustomerCreated',
    { user_id: userId, stripe_customer_id: customer.id },
    { key: `stripe-customer:${userId}` },
  );
  return (await findCustomerId(context.sql, userId)) ?? customer.id;
}

export interface SavedCard {
  stripe_payment_method_id: string;
  card_brand: string;
  card_last4: string;
  card_exp_month: number;
  card_exp_year: number;
}

export async function findSavedCard(sql: SqlExecutor, userId: string): Promise<SavedCard | undefined> {
  const { rows } = await sql.query<SavedCard & Record<string, unknown>>(
    `SELECT stripe_payment_method_id, card_brand, card_last4, card_exp_month, card_exp_year
     FROM saved_payment_methods WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { ...row, card_exp_month: Number(row.card_exp_month), card_exp_year: Number(row.card_exp_year) };
}

export async function readAutoRecharge(sql: SqlExecutor, userId: string): Promise<TAutoRechargeSettings> {
  const settings = (
    await sql.query<{
      enabled: boolean;
      threshold_credits: unknown;
      purchase_amount_credits: unknown;
      paused_reason: string | null;
    }>(
      `SELECT enabled, threshold_credits, purchase_amount_credits, paused_reason FROM auto_recharge_settings WHERE user_id = $1`,
      [userId],
    )
  ).rows[0];
  const last = (
    await sql.query<{
      recharge_id: string;
      status: 'requested' | 'charged' | 'failed';
      amount_usd: unknown;
      failure_code: string | null;
      failure_message: string | null;
      requested_at: unknown;
    }>(
      `SELECT recharge_id, status, amount_usd, failure_code, failure_message, requested_at
       FROM auto_recharges WHERE user_id = $1 ORDER BY updated_position DESC LIMIT 1`,
      [userId],
    )
  ).rows[0];
  const threshold = settings ? Number(settings.threshold_credits) : AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS;
  const purchase = settings
    ? Number(settings.purchase_amount_credits)
    : AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS;
  return {
    enabled: settings?.enabled ?? false,
    threshold_credits: threshold,
    purchase_amount_credits: purchase,
    threshold_usd: threshold / CREDITS_PER_USD,
    purchase_amount_usd: purchase / CREDITS_PER_USD,
    has_payment_method: (await findSavedCard(sql, userId)) !== undefined,
    paused_reason: settings?.paused_reason ?? null,
    last_recharge: last
      ? {
          recharge_id: last.recharge_id,
          status: last.status,
          amount_usd: Number(last.amount_usd),
          failure_code: last.failure_code,
          failure_message: last.failure_message,
          requested_at: new Date(last.requested_at as string).toISOString(),
        }
      : null,
  };
}

export interface PayoutAccount extends TConnectStatus {
  stripe_account_id: string | null;
}

export async function readPayoutAccount(sql: SqlExecutor, userId: string): Promise<PayoutAccount> {
  const { rows } = await sql.query<{
    stripe_account_id: string;
    details_submitted: boolean;
    payouts_enabled: boolean;
  }>('SELECT stripe_account_id, details_submitted, payouts_enabled FROM payout_accounts WHERE user_id = $1', [
    userId,
  ]);
  const row = rows[0];
  return {
    stripe_account_id: row?.stripe_account_id ?? null,
    has_account: row !== undefined,
    details_submitted: row?.details_submitted ?? false,
    payouts_enabled: row?.payouts_enabled ?? false,
  };
}

export async function findUserByAccount(
  sql: SqlExecutor,
  stripeAccountId: string,
): Promise<string | undefined> {
  const { rows } = await sql.query<{ user_id: string }>(
    'SELECT user_id FROM payout_accounts WHERE stripe_account_id = $1',
    [stripeAccountId],
  );
  return rows[0]?.user_id;
}

export function connectStatus(account: PayoutAccount): TConnectStatus {
  return {
    has_account: account.has_account,
    details_submitted: account.details_submitted,
    payouts_enabled: account.payouts_enabled,
  };
}

/** Whose saved card a Stripe PaymentMethod is, if anyone's. */
export async function findUserBySavedMethod(
  sql: SqlExecutor,
  stripePaymentMethodId: string,
): Promise<string | undefined> {
  const { rows } = await sql.query<{ user_id: string }>(
    'SELECT user_id FROM saved_payment_methods WHERE stripe_payment_method_id = $1',
    [stripePaymentMethodId],
  );
  return rows[0]?.user_id;
}
