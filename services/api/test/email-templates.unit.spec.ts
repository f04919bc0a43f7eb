import type { TStoredEvent } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderNoticeEmail } from '../src/notifications/email-templates.js';
import { NOTICE_EVENT_TYPES, noticeOfEvent, type Notice } from '../src/notifications/notice-of-event.js';

const event = (type: string, data: Record<string, unknown>): TStoredEvent =>
  ({ event_id: `ev-${type}`, type, data, global_position: 7 }) as unknown as TStoredEvent;

const render = (notice: Notice) =>
  renderNoticeEmail(notice, { to: 'eve@example.com', publicUrl: 'https://evalmarket.test' });

describe('transactional emails: which event mails whom', () => {
  it.each([
    [
      'CreditsPurchased',
      { user_id: 'u1', purchase_id: 'pi_1', amount_usd: 50, credits: 50_000 },
      'purchase_receipt',
    ],
    [
      'AutoRechargeCharged',
      { user_id: 'u1', recharge_id: 'r', payment_intent_id: 'pi', amount_usd: 60 },
      'auto_recharge_charged',
    ],
    [
      'AutoRechargeFailed',
      { user_id: 'u1', recharge_id: 'r', code: 'card_declined', message: 'Declined.' },
      'auto_recharge_failed',
    ],
    [
      'CashoutRequested',
      { user_id: 'u1', cashout_id: 'c', gross_credits: 13_000, fee_credits: 1_300, net_credits: 11_700 },
      'cashout_requested',
    ],
    [
      'CashoutPaid',
      { user_id: 'u1', cashout_id: 'c', gross_credits: 13_000, fee_credits: 1_300, net_credits: 11_700 },
      'cashout_paid',
    ],
    [
      'CashoutFailed',
      { user_id: 'u1', cashout_id: 'c', gross_credits: 13_000, reason: 'account closed' },
      'cashout_failed',
    ],
    [
      'EvaluatorVerified',
      { user_id: 'u1', qualification_tier: 'expert', reviewed_by: 'a' },
      'application_approved',
    ],
    [
      'EvaluatorRejected',
      { user_id: 'u1', rejection_reason: 'No experience shown', reviewed_by: 'a' },
      'application_rejected',
    ],
  ])('%s mails the person a %s', (type, data, template) => {
    expect(NOTICE_EVENT_TYPES).toContain(type);
    expect(noticeOfEvent(event(type, data))).toMatchObject({ userId: 'u1', notice: { template } });
  });

  it('mails nobody for other events or events without a person', () => {
    expect(noticeOfEvent(event('VoteRecorded', { user_id: 'u1' }))).toBeUndefined();
    expect(noticeOfEvent(event('CreditsPurchased', { amount_usd: 50 }))).toBeUndefined();
  });
});

describe('transactional emails: templates', () => {
  it('a receipt says what was paid and added, in text and HTML, with the wallet link', () => {
    const email = render({
      template: 'purchase_receipt',
      amount_usd: 50,
      credits: 50_000,
      purchase_id: 'pi_9',
    });
    expect(email.subject).toBe('Receipt: 50,000 credits for $50.00');
    for (const part of [email.text, email.html!]) {
      expect(part).toContain('$50.00');
      expect(part).toContain('50,000 credits');
      expect(part).toContain('pi_9');
      expect(part).toContain('https://evalmarket.test/wallet');
    }
  });

  it('a cash-out shows gross, fee and net', () => {
    for (const template of ['cashout_requested', 'cashout_paid'] as const) {
      const email = render({ template, gross_credits: 13_000, fee_credits: 1_300, net_credits: 11_700 });
      expect(email.subject).toContain('$11.70');
      expect(email.text).toMatch(/Gross: +13,000 credits \(\$13\.00\)/);
      expect(email.text).toMatch(/Platform fee \(10%\): 1,300 credits \(\$1\.30\)/);
      expect(email.text).toMatch(/Net to your bank: +11,700 credits \(\$11\.70\)/);
      expect(email.html).toContain('11,700 credits ($11.70)');
    }
    const failed = render({ template: 'cashout_failed', gross_credits: 13_000, reason: 'account closed' });
    expect(failed.text).toContain('could not be paid: account closed');
    expect(failed.text).toContain('https://evalmarket.test/evaluator/cashout');
  });

  it('auto-recharge and application decisions say what happened and what is next', () => {
    expect(render({ template: 'auto_recharge_charged', amount_usd: 60, credits: 60_000 }).subject).toBe(
      'Auto-recharge: $60.00 charged to your saved card',
    );
    expect(
      render({ template: 'auto_recharge_failed', amount_usd: null, message: 'Declined.' }).text,
    ).toContain('We could not charge your saved card: Declined.');
    expect(render({ template: 'application_approved', qualification_tier: 'expert' }).text).toContain(
      'verified Expert evaluator',
    );
    const rejected = render({ template: 'application_rejected', rejection_reason: 'No experience shown' });
    expect(rejected.text).toContain('could not approve it: No experience shown');
    expect(rejected.text).toContain('Paid and volunteer projects are both closed to this account.');
  });

  it("escapes the person's and Stripe's words in HTML", () => {
    const email = render({
      template: 'application_rejected',
      rejection_reason: '<script>alert(1)</script> & "x"',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
    expect(escapeHtml(`'`)).toBe('&#39;');
  });
});
