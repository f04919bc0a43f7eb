import { randomUUID } from 'node:crypto';
import { autoRechargeStreamId, CREDITS_PER_USD, type TEventMetadata } from '@evalmarket/contracts';
import { EventStoreError } from '@evalmarket/eventstore';
import { availableBalance } from '@evalmarket/ledger';
import { getAccountBalance } from '@evalmarket/projector';
import Stripe from 'stripe';
import type { DomainContext } from '../runtime/domain-context.js';
import type { DomainProcess } from '../runtime/domains.js';
import { creditPaymentIntent } from './apply-stripe-event.js';
import { payCashout } from './cashout.js';
import type { PaymentsGateway } from './payments-gateway.js';
import { recordPaymentsEvent } from './payments-service.js';
import { isStripeRefusal } from './stripe-errors.js';

/** How often the worker looks for balances under their threshold and stuck cash-outs. */
export const PAYMENTS_WORKER_POLL_MS = 200;
/** A recharge or cash-out with no outcome after this long is retried (same idempotency key). */
export const RESUME_AFTER_MS = 30_000;
/** Most people recharged per pass (a limit on everything). */
const CANDIDATES_PER_PASS = 100;

const WORKER_METADATA: TEventMetadata = { actor: 'system:payments-worker' };

/**
 * The payments worker: auto-recharge and the payout sweep. Its input is state, not a feed
 * (balances under a threshold, cash-outs still pending), so it resumes after a restart by simply
 * looking again; every Stripe call carries an idempotency key derived from the recharge or
 * cash-out id, so a retry never charges or pays twice.
 */
export async function startPaymentsWorker(context: DomainContext): Promise<DomainProcess> {
  const gateway = await context.payments();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = (async () => {
      const pass = async () => {
        await runAutoRechargeOnce(context, gateway);
        await sweepCashouts(context, gateway);
      };
      try {
        await (context.metrics?.timeJob('payments_worker', pass) ?? pass());
      } catch (error) {
        context.logger.error({ err: error }, 'payments worker pass failed; it will run again');
      }
    })();
    void running.finally(() => {
      if (!stopped) timer = setTimeout(tick, PAYMENTS_WORKER_POLL_MS);
    });
  };
  timer = setTimeout(tick, PAYMENTS_WORKER_POLL_MS);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

interface Candidate {
  user_id: string;
  threshold_credits: unknown;
  purchase_amount_credits: unknown;
  stripe_payment_method_id: string;
  stripe_customer_id: string;
}

/**
 * One auto-recharge pass. Exactly one recharge per dip under the threshold, however many workers
 * or passes run at once: the AutoRechargeRequested event is appended with the version of the
 * person's autorecharge stream seen before the balance was read, so of two racing workers one
 * append fails; and a stream whose last event is a request means a recharge is in flight.
 * Returns the recharges this pass started.
 */
export async function runAutoRechargeOnce(
  context: DomainContext,
  gateway: PaymentsGateway,
): Promise<string[]> {
  const { rows } = await context.sql.query<Candidate & Record<string, unknown>>(
    `SELECT s.user_id, s.threshold_credits, s.purchase_amount_credits, m.stripe_payment_method_id, c.stripe_customer_id
     FROM auto_recharge_settings s
     JOIN saved_payment_methods m ON m.user_id = s.user_id
     JOIN payment_customers c ON c.user_id = s.user_id
     WHERE s.enabled AND s.paused_reason IS NULL
     ORDER BY s.user_id LIMIT ${CANDIDATES_PER_PASS}`,
  );
  const started: string[] = [];
  for (const candidate of rows) {
    const threshold = Number(candidate.threshold_credits);
    if ((await spendingAvailable(context, candidate.user_id)) >= threshold) continue;
    const stream = autoRechargeStreamId(candidate.user_id);
    const events = await context.store.readStream(stream);
    const last = events[events.length - 1];
    if (last?.type === 'AutoRechargeRequested') {
      const age = context.now().getTime() - new Date(last.recorded_at).getTime();
      if (age >= RESUME_AFTER_MS)
        await chargeRecharge(context, gateway, last.data as RechargeRequest, candidate.stripe_customer_id);
      continue;
    }
    // Read after the stream, from a wallet read model that has reached the stream's last event:
    // a recharge that completed before it was read has been credited and projected.
    if (last) await context.wallet.waitFor(last.global_position);
    const available = await spendingAvailable(context, candidate.user_id);
    if (available >= threshold) continue;
    const request: RechargeRequest = {
      recharge_id: `ar_${randomUUID()}`,
      user_id: candidate.user_id,
      amount_usd: Math.floor(Number(candidate.purchase_amount_credits) / CREDITS_PER_USD),
      balance_credits: available,
      threshold_credits: threshold,
      stripe_payment_method_id: candidate.stripe_payment_method_id,
    };
    try {
      await recordPaymentsEvent(
        context,
        candidate.user_id,
        'AutoRechargeRequested',
        { ...request },
        {
          stream,
          expectedVersion: last?.stream_version ?? 'no_stream',
          metadata: WORKER_METADATA,
        },
      );
    } catch (error) {
      if (error instanceof EventStoreError && error.code === 'wrong_expected_version') continue;
      throw error;
    }
    started.push(request.recharge_id);
    await chargeRecharge(context, gateway, request, candidate.stripe_customer_id);
  }
  return started;
}

interface RechargeRequest {
  recharge_id: string;
  user_id: string;
  amount_usd: number;
  balance_credits: number;
  threshold_credits: number;
  stripe_payment_method_id: string;
}

/** From the wallet read model: the worker runs in any process, the writer's books in one. */
async function spendingAvailable(context: DomainContext, userId: string): Promise<number> {
  return availableBalance(await getAccountBalance(context.sql, userId, 'spending'));
}

/** Charges the saved card off-session for one recharge and records the outcome. */
async function chargeRecharge(
  context: DomainContext,
  gateway: PaymentsGateway,
  request: RechargeRequest,
  customerId: string,
): Promise<void> {
  const stream = autoRechargeStreamId(request.user_id);
  const outcomeKey = `autorecharge-outcome:${request.recharge_id}`;
  const metadata = { ...WORKER_METADATA, causation_id: request.recharge_id };
  const credits = request.amount_usd * CREDITS_PER_USD;
  let failure: { code: string; message: string; payment_intent_id?: string } | undefined;
  try {
    const intent = await gateway.stripe.paymentIntents.create(
      {
        amount: request.amount_usd * 100,
        currency: 'usd',
        customer: customerId,
        payment_method: request.stripe_payment_method_id,
        off_session: true,
        confirm: true,
        // Off-session with nobody to redirect: card only, so Stripe never asks for a return_url.
        allowed_payment_method_types: ['card'],
        description: `Auto-recharge: ${credits.toLocaleString('en-US')} credits`,
        metadata: {
          user_id: request.user_id,
          amount_usd: String(request.amount_usd),
          credits: String(credits),
          purpose: 'auto_recharge',
          recharge_id: request.recharge_id,
        },
      },
      { idempotencyKey: `autorecharge-${request.recharge_id}` },
    );
    if (intent.status === 'succeeded') {
      await creditPaymentIntent(context, gateway, intent.id, metadata);
      await recordPaymentsEvent(
        context,
        request.user_id,
        'AutoRechargeCharged',
        {
          recharge_id: request.recharge_id,
          user_id: request.user_id,
          payment_intent_id: intent.id,
          amount_usd: request.amount_usd,
        },
        { stream, key: outcomeKey, metadata },
      );
      return;
    }
    failure = {
      code: intent.status === 'requires_action' ? 'authentication_required' : `status_${intent.status}`,
      message: 'The payment needs the card holder to confirm it.',
      payment_intent_id: intent.id,
    };
  } catch (error) {
    if (!isStripeRefusal(error)) {
      context.logger.warn(
        { err: error, recharge_id: request.recharge_id },
        'auto-recharge charge not confirmed; retried later',
      );
      return;
    }
    const intentId = error instanceof Stripe.errors.StripeCardError ? error.payment_intent?.id : undefined;
    failure = {
      code: error.code ?? error.type,
      message: error.message,
      ...(intentId ? { payment_intent_id: intentId } : {}),
    };
  }
  await recordPaymentsEvent(
    context,
    request.user_id,
    'AutoRechargeFailed',
    { recharge_id: request.recharge_id, user_id: request.user_id, ...failure },
    { stream, key: outcomeKey, metadata },
  );
}

/**
 * Cash-outs still pending after RESUME_AFTER_MS (a crash or a network error mid-transfer), and
 * those waiting for funds whose next attempt is due. `now` is a parameter for tests.
 */
export async function sweepCashouts(
  context: DomainContext,
  gateway: PaymentsGateway,
  now: Date = context.now(),
): Promise<void> {
  const cutoff = new Date(now.getTime() - RESUME_AFTER_MS).toISOString();
  const { rows } = await context.sql.query<{ cashout_id: string }>(
    `SELECT cashout_id FROM cashouts WHERE status = 'pending'
       AND (next_attempt_at IS NULL AND requested_at < $1 OR next_attempt_at <= $2)
     ORDER BY requested_at LIMIT 50`,
    [cutoff, now.toISOString()],
  );
  for (const row of rows) await payCashout(context, gateway, row.cashout_id, WORKER_METADATA);
}
