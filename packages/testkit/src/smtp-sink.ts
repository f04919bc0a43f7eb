import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The HTML part; null for text-only messages. */
  html: string | null;
  links: string[];
}

export interface SmtpSink {
  /** smtp://127.0.0.1:{port} */
  url: string;
  received: ReceivedEmail[];
  /** Resolves with the first message to `address` (waiting for it if needed). */
  waitFor(address: string, timeoutMs?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every message it accepts,
 * parsed with mailparser: tests send through nodemailer exactly as production does.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  const waiters: Array<{ address: string; resolve: (email: ReceivedEmail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const email: ReceivedEmail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : null,
            links: text.match(/https?:\/\/[^\s<>"']+/g) ?? [],
          };
          received.push(email);
          for (const waiter of [...waiters]) {
            if (email.to.includes(waiter.address)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(email);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(address, timeoutMs = 5_000) {
      const wanted = address.toLowerCase();
      const found = received.find((email) => email.to.includes(wanted));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no email reached ${address} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          address: wanted,
          resolve: (email) => {
            clearTimeout(timer);
            resolve(email);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
