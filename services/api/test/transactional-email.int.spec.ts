import { startSmtpSink, type SmtpSink } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueNotices, runEmailOutboxOnce } from '../src/notifications/email-outbox.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { makeEvaluator } from './support/evaluators.js';
import { eventually, fundPlatform, localStripe } from './support/payments.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';

type TestRuntime = Runtime & { stop(): Promise<void> };
type Headers = Record<string, string>;

/** Buys credits the way the console does: the API's PaymentIntent, confirmed at the Stripe double. */
async function buy(runtime: TestRuntime, headers: Headers, amountUsd: number): Promise<void> {
  const { fake, browser } = await localStripe(runtime);
  const reply = await runtime.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/purchase-credits',
    headers,
    payload: { amount_usd: amountUsd },
  });
  const { payment_intent_id } = reply.json<{ payment_intent_id: string }>();
  await browser.paymentIntents.confirm(payment_intent_id, { payment_method: 'pm_card_visa' });
  await fake.idle();
}

const subjects = (runtime: TestRuntime, email: string) =>
  runtime.context.mailer.mailbox(email).map((message) => message.subject);

/*
 * Transactional emails (issue 23): each event that concerns a person mails them once, through
 * the mailer (the development mailbox here, SMTP below), with a text and an HTML part.
 */
for (const mode of runtimeModes()) {
  describe(`transactional email outbox: ${mode.name}`, () => {
    let runtime: TestRuntime;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode, { minimumCashoutCredits: 10 });
    });
    afterAll(() => runtime?.stop());

    it('mails a purchase receipt once, with text and HTML, visible in the development mailbox', async () => {
      const buyer = await signIn(runtime, 'mail-buyer@example.com');
      await buy(runtime, buyer.headers, 50);
      const [receipt] = await eventually(
        async () =>
          runtime.context.mailer
            .mailbox('mail-buyer@example.com')
            .filter((m) => m.subject.startsWith('Receipt')),
        (found) => found.length > 0,
      );
      expect(receipt).toMatchObject({ subject: 'Receipt: 50,000 credits for $50.00' });
      expect(receipt!.text).toContain('Credits added: 50,000 credits');
      expect(receipt!.html).toContain('50,000 credits');
      expect(receipt!.links).toContain(`${runtime.context.config.publicUrl}/wallet`);
      // More passes (the background worker's and ours) send nothing more.
      await runEmailOutboxOnce(runtime.context);
      await runEmailOutboxOnce(runtime.context);
      expect(subjects(runtime, 'mail-buyer@example.com').filter((s) => s.startsWith('Receipt'))).toHaveLength(
        1,
      );
      const dev = await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/dev/mailbox?to=mail-buyer@example.com',
      });
      expect(dev.json()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ subject: receipt!.subject, html: expect.stringContaining('<html') }),
        ]),
      );
    });

    it('mails application decisions and each step of a cash-out with gross, fee and net', async () => {
      const approved = await signIn(runtime, 'mail-approved@example.com');
      const rejected = await signIn(runtime, 'mail-rejected@example.com');
      await makeEvaluator(runtime, approved.userId, { status: 'verified', tier: 'expert' });
      await makeEvaluator(runtime, rejected.userId, { status: 'rejected' });
      await eventually(
        async () => subjects(runtime, 'mail-rejected@example.com'),
        (found) => found.includes('Your evaluator application was not approved'),
      );
      expect(runtime.context.mailer.mailbox('mail-rejected@example.com')[0]!.text).toContain(
        'Not enough experience shown',
      );

      // The approved expert cashes out 13,000 credits: requested, then paid.
      await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/payments/connect/create-account',
        headers: approved.headers,
      });
      const link = (
        await runtime.app.inject({
          method: 'POST',
          url: '/api/v1/payments/connect/onboarding-link',
          headers: approved.headers,
        })
      ).json<{ onboarding_url: string }>();
      const { fake } = await localStripe(runtime);
      await fetch(link.onboarding_url, { redirect: 'manual' });
      await fake.idle();
      const granted = await runtime.ledger.submitMany([
        { type: 'OpenUserAccounts', data: { user_id: approved.userId } },
        {
          type: 'AdjustCredits',
          data: {
            adjustment_id: 'mail-earned',
            user_id: approved.userId,
            context: 'earning',
            amount_credits: 13_000,
            reason: 'votes',
            actor_id: 'test',
          },
        },
      ]);
      const last = granted[1]!;
      if (!last.ok) throw new Error(last.message);
      await runtime.projector.waitFor(last.events[0]!.global_position);
      await fundPlatform(runtime, 1_300);
      const cashout = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/evaluator/cashout',
        headers: approved.headers,
      });
      expect(cashout.json()).toMatchObject({ status: 'paid' });
      const mails = await eventually(
        async () => runtime.context.mailer.mailbox('mail-approved@example.com'),
        (found) => found.some((m) => m.subject.startsWith('Cash-out paid')),
      );
      expect(mails.map((m) => m.subject)).toEqual([
        'Cash-out paid: $11.70 sent to your bank account',
        'Cash-out requested: $11.70 on its way',
        'Your evaluator application was approved',
        expect.stringMatching(/sign-in/i),
      ]);
      expect(mails[0]!.text).toMatch(/Platform fee \(10%\): 1,300 credits \(\$1\.30\)/);
      expect(mails[2]!.text).toContain('verified Expert evaluator');
    });

    it('sends rows left pending by a crash, never re-sends one caught mid-send, and mails no one about the past', async () => {
      const person = await signIn(runtime, 'mail-crash@example.com');
      const position = await runtime.context.store.headPosition();
      const now = new Date().toISOString();
      const notice = { template: 'auto_recharge_charged', amount_usd: 60, credits: 60_000 };
      await runtime.sql.query(
        `INSERT INTO email_outbox (id, user_id, template, notice, event_position, status, attempts, created_at)
         VALUES ('crash-pending', $1, $2, $3, $4, 'pending', 0, $5),
                ('crash-sending', $1, $2, $3, $4, 'sending', 1, $5)`,
        [person.userId, notice.template, JSON.stringify(notice), position, now],
      );
      await runEmailOutboxOnce(runtime.context);
      const mails = await eventually(
        async () => subjects(runtime, 'mail-crash@example.com').filter((s) => s.startsWith('Auto-recharge')),
        (found) => found.length > 0,
      );
      expect(mails).toEqual(['Auto-recharge: $60.00 charged to your saved card']);
      const { rows } = await runtime.sql.query<{ id: string; status: string }>(
        `SELECT id, status FROM email_outbox WHERE id LIKE 'crash-%' ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 'crash-pending', status: 'sent' },
        { id: 'crash-sending', status: 'sending' },
      ]);

      // A database whose outbox starts now (no cursor yet) does not mail the log's past.
      const before = await runtime.sql.query<{ count: string | number }>(
        `SELECT COUNT(*) AS count FROM email_outbox`,
      );
      await runtime.sql.query(`DELETE FROM email_outbox_cursor`);
      await runtime.sql.query(`DELETE FROM email_outbox WHERE template = 'purchase_receipt'`);
      expect(await enqueueNotices(runtime.context)).toBe(0);
      const after = await runtime.sql.query<{ count: string | number }>(
        `SELECT COUNT(*) AS count FROM email_outbox`,
      );
      const receipts = await runtime.sql.query<{ count: string | number }>(
        `SELECT COUNT(*) AS count FROM email_outbox WHERE template = 'purchase_receipt'`,
      );
      expect(Number(receipts.rows[0]!.count)).toBe(0);
      expect(Number(after.rows[0]!.count)).toBeLessThanOrEqual(Number(before.rows[0]!.count));
    });
  });
}

describe('transactional email over SMTP', () => {
  let runtime: TestRuntime;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    runtime = await startTestRuntime(undefined, {
      smtpUrl: smtp.url,
      publicUrl: 'https://console.example.com',
    });
  });
  afterAll(async () => {
    await runtime?.stop();
    await smtp?.close();
  });

  it('delivers the receipt through the real SMTP server with its HTML part', async () => {
    await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/auth/magic-link',
      payload: { email: 'smtp-buyer@example.com' },
    });
    const signInMail = await smtp.waitFor('smtp-buyer@example.com');
    const token = new URL(signInMail.links.find((link) => link.includes('/auth/callback'))!).searchParams.get(
      'token',
    );
    const session = (
      await runtime.app.inject({ method: 'POST', url: '/api/v1/auth/verify', payload: { token } })
    ).json<{ access_token: string }>();
    await buy(runtime, { authorization: `Bearer ${session.access_token}` }, 50);
    const receipt = await eventually(
      async () => smtp.received.find((mail) => mail.subject.startsWith('Receipt')),
      (found) => found !== undefined,
    );
    expect(receipt).toMatchObject({
      to: ['smtp-buyer@example.com'],
      subject: 'Receipt: 50,000 credits for $50.00',
    });
    expect(receipt!.text).toContain('https://console.example.com/wallet');
    expect(receipt!.html).toContain('<a href="https://console.example.com/wallet"');
  });
});
