import { auditLedger } from '@evalmarket/projector';
import { localBrowserStripe } from '../../src/payments/local-browser-stripe.js';
import type { Runtime } from '../../src/runtime/start-runtime.js';

/**
 * What a browser does against the local test mode: the real stripe SDK pointed at the fake's
 * api_base (as GET /payments/config gives it), and the fake itself for its switches.
 */
export async function localStripe(runtime: Runtime) {
  const gateway = await runtime.context.payments();
  const fake = gateway.fake;
  if (!fake) throw new Error('the runtime is not in local payments mode');
  return { fake, browser: localBrowserStripe(gateway), gateway };
}

/** Waits until `check` holds, polling. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function expectAuditGreen(runtime: Runtime): Promise<void> {
  const report = await auditLedger({ sql: runtime.sql, store: runtime.store, catchUpTimeoutMs: 5_000 });
  if (!report.ok) throw new Error(`audit failed: ${JSON.stringify(report, null, 2)}`);
}

export async function countEvents(
  runtime: Runtime,
  type: string,
  field?: string,
  value?: string,
): Promise<number> {
  const { rows } = field
    ? await runtime.sql.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM event_log WHERE type = $1 AND data->>'${field}' = $2`,
        [type, value],
      )
    : await runtime.sql.query<{ n: unknown }>(`SELECT count(*) AS n FROM event_log WHERE type = $1`, [type]);
  return Number(rows[0]!.n);
}

/**
 * Puts money in the platform's available Stripe balance, as Stripe's test card 4000000000000077
 * does (`pm_card_bypassPending`): transfers to evaluators need available funds. No user_id, so
 * no credits are bought.
 */
export async function fundPlatform(runtime: Runtime, cents: number): Promise<void> {
  const gateway = await runtime.context.payments();
  await gateway.stripe.paymentIntents.create({
    amount: Math.max(50, Math.ceil(cents)),
    currency: 'usd',
    payment_method: 'pm_card_bypassPending',
    allowed_payment_method_types: ['card'],
    confirm: true,
  });
}
