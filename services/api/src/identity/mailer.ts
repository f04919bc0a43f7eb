import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface DevMailboxMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when the email has one (transactional emails do). */
  html: string | null;
  links: string[];
  sent_at: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  /** Development only: what was sent to an address, newest first (empty when SMTP is used). */
  mailbox(to: string): DevMailboxMessage[];
  close(): Promise<void>;
}

const MAILBOX_LIMIT_PER_ADDRESS = 50;
const LINK_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each email is printed to the log and
 * kept in the development mailbox (GET /api/v1/dev/mailbox), so sign-in works with no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; logger: FastifyBaseLogger }): Mailer {
  const boxes = new Map<string, DevMailboxMessage[]>();
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(email) {
      if (transport) {
        await transport.sendMail({ from: options.from, ...email });
        return;
      }
      const to = email.to.toLowerCase();
      const message: DevMailboxMessage = {
        to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
        links: email.text.match(LINK_PATTERN) ?? [],
        sent_at: new Date().toISOString(),
      };
      const box = boxes.get(to) ?? [];
      box.unshift(message);
      box.length = Math.min(box.length, MAILBOX_LIMIT_PER_ADDRESS);
      boxes.set(to, box);
      options.logger.info(
        { to, subject: email.subject, links: message.links },
        `email to ${to}: ${email.subject}`,
      );
    },
    mailbox(to) {
      return [...(boxes.get(to.trim().toLowerCase()) ?? [])];
    },
    async close() {
      transport?.close();
    },
  };
}
