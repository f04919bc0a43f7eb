import { CREDITS_PER_USD } from '@evalmarket/contracts';
import type { OutgoingEmail } from '../identity/mailer.js';
import type { Notice } from './notice-of-event.js';

/** One email's content, written once and rendered both as text and as HTML. */
interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Label/value rows (amounts), shown as a table in HTML and as aligned lines in text. */
  facts?: Array<[string, string]>;
  action: { label: string; path: string };
}

const PRODUCT = 'Evalmarket';
const credits = (value: number) => `${value.toLocaleString('en-US')} credits`;
const usd = (creditsValue: number) =>
  `$${(creditsValue / CREDITS_PER_USD).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dollars = (amountUsd: number) =>
  `$${amountUsd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function cashoutFacts(notice: { gross_credits: number; fee_credits: number; net_credits: number }) {
  return [
    ['Gross', `${credits(notice.gross_credits)} (${usd(notice.gross_credits)})`],
    ['Platform fee (10%)', `${credits(notice.fee_credits)} (${usd(notice.fee_credits)})`],
    ['Net to your bank', `${credits(notice.net_credits)} (${usd(notice.net_credits)})`],
  ] as Array<[string, string]>;
}

/** The words of each transactional email (the product's own texts; the spec names none). */
export function emailContent(notice: Notice): EmailContent {
  const greeting = 'Hello,';
  switch (notice.template) {
    case 'purchase_receipt':
      return {
        subject: `Receipt: ${credits(notice.credits)} for ${dollars(notice.amount_usd)}`,
        greeting,
        paragraphs: ['Thank you for your purchase. The credits are in your spending balance.'],
        facts: [
          ['Amount paid', dollars(notice.amount_usd)],
          ['Credits added', credits(notice.credits)],
          ['Reference', notice.purchase_id],
        ],
        action: { label: 'View your wallet', path: '/wallet' },
      };
    case 'auto_recharge_charged':
      return {
        subject: `Auto-recharge: ${dollars(notice.amount_usd)} charged to your saved card`,
        greeting,
        paragraphs: [
          'Your spending balance fell below your auto-recharge threshold, so we charged your saved card.',
          'You can change or turn off auto-recharge in your wallet.',
        ],
        facts: [
          ['Amount charged', dollars(notice.amount_usd)],
          ['Credits added', credits(notice.credits)],
        ],
        action: { label: 'Auto-recharge settings', path: '/wallet' },
      };
    case 'auto_recharge_failed':
      return {
        subject: 'Auto-recharge failed: your credits were not topped up',
        greeting,
        paragraphs: [
          `We could not charge your saved card${notice.amount_usd === null ? '' : ` ${dollars(notice.amount_usd)}`}: ${notice.message}`,
          'Auto-recharge is paused until you update your card or settings. Evaluations stop claiming items when your balance runs out.',
        ],
        action: { label: 'Update your card', path: '/wallet' },
      };
    case 'cashout_requested':
      return {
        subject: `Cash-out requested: ${usd(notice.net_credits)} on its way`,
        greeting,
        paragraphs: ['We received your cash-out. Payouts arrive in 2-3 business days.'],
        facts: cashoutFacts(notice),
        action: { label: 'View your earnings', path: '/wallet' },
      };
    case 'cashout_paid':
      return {
        subject: `Cash-out paid: ${usd(notice.net_credits)} sent to your bank account`,
        greeting,
        paragraphs: ['Your cash-out was transferred to your bank account. It arrives in 2-3 business days.'],
        facts: cashoutFacts(notice),
        action: { label: 'View your earnings', path: '/wallet' },
      };
    case 'cashout_failed':
      return {
        subject: 'Cash-out failed: your earnings are back in your balance',
        greeting,
        paragraphs: [
          `Your cash-out of ${credits(notice.gross_credits)} (${usd(notice.gross_credits)}) could not be paid: ${notice.reason}`,
          'The credits are back in your earning balance; no fee was taken. Check your bank account and try again.',
        ],
        action: { label: 'Cash out again', path: '/evaluator/cashout' },
      };
    case 'application_approved':
      return {
        subject: 'Your evaluator application was approved',
        greeting,
        paragraphs: [
          `Welcome aboard: you are a verified ${notice.qualification_tier === 'expert' ? 'Expert' : 'Community'} evaluator.`,
          'Your earnings can now be cashed out once you connect a bank account.',
        ],
        action: { label: 'Start evaluating', path: '/evaluations' },
      };
    case 'application_rejected':
      return {
        subject: 'Your evaluator application was not approved',
        greeting,
        paragraphs: [
          `We reviewed your application and could not approve it${notice.rejection_reason ? `: ${notice.rejection_reason}` : '.'}`,
          'Paid and volunteer projects are both closed to this account. You may register a new account to apply again.',
        ],
        action: { label: 'Open Evalmarket', path: '/' },
      };
    default: {
      const unknownTemplate: never = notice;
      return unknownTemplate;
    }
  }
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function renderText(content: EmailContent, link: string): string {
  const width = Math.max(0, ...(content.facts ?? []).map(([label]) => label.length));
  const facts = (content.facts ?? []).map(([label, value]) => `  ${`${label}:`.padEnd(width + 1)} ${value}`);
  return [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(facts.length ? [...facts, ''] : []),
    `${content.action.label}: ${link}`,
    '',
    `- ${PRODUCT}`,
    '',
  ].join('\n');
}

function renderHtml(content: EmailContent, link: string): string {
  const facts = content.facts?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${content.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#626279">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6fb;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f1f2e">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e3e3ee;border-radius:12px;padding:24px">
<p style="font-weight:700;font-size:18px;margin:0 0 16px">${PRODUCT}</p>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${facts}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="color:#626279;font-size:13px">If the button does not work, open ${escapeHtml(link)}</p>
</div></body></html>
`;
}

/** The email for one notice: subject, text and HTML with the same words and the same link. */
export function renderNoticeEmail(notice: Notice, options: { to: string; publicUrl: string }): OutgoingEmail {
  const content = emailContent(notice);
  const link = `${options.publicUrl}${content.action.path}`;
  return {
    to: options.to,
    subject: content.subject,
    text: renderText(content, link),
    html: renderHtml(content, link),
  };
}
