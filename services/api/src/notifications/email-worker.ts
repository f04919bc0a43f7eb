import type { DomainContext } from '../runtime/domain-context.js';
import type { DomainProcess } from '../runtime/domains.js';
import { readCursor, runEmailOutboxOnce } from './email-outbox.js';

/** How often the outbox looks at the log: a receipt a second after the payment is prompt enough. */
export const EMAIL_OUTBOX_INTERVAL_MS = 1_000;

/** Runs the transactional-email outbox in the background; a failed pass is retried next tick. */
export async function startEmailWorker(context: DomainContext): Promise<DomainProcess> {
  await readCursor(context);
  let stopped = false;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (stopped || running) return;
    const pass = () => runEmailOutboxOnce(context).then(() => undefined);
    running = (context.metrics?.timeJob('email_outbox', pass) ?? pass())
      .catch((error) => context.logger.warn({ err: error }, 'email outbox pass failed; retried next tick'))
      .finally(() => {
        running = undefined;
      });
  }, EMAIL_OUTBOX_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
