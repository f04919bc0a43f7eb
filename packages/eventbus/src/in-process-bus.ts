import type { EventStore, Subscription } from '@evalmarket/eventstore';
import { checkConsumerName } from './consumer-name.js';
import {
  checkBatchSize,
  checkPacing,
  waitOutPacing,
  type ConsumerHandle,
  type EventBus,
  type EventBusLogger,
} from './event-bus.js';
import { consoleLogger } from './logger.js';
import { Pause } from './pause.js';

export interface InProcessBusOptions {
  store: EventStore;
  /** The consumer's own checkpoint: it receives the events after this position. */
  startAfter: (consumerName: string) => Promise<number>;
  logger?: EventBusLogger;
}

/**
 * The embedded mode's bus: each consumer is a subscription on the store itself, so delivery is
 * in position order by construction, and a failed batch is read again by the subscription after
 * its pause.
 */
export function createInProcessBus(options: InProcessBusOptions): EventBus {
  const logger = options.logger ?? consoleLogger;
  const running = new Map<Subscription, () => Promise<void>>();
  let closed = false;

  return {
    async consume({ name, handler, batchSize, onError, pacing }) {
      checkConsumerName(name);
      const size = checkBatchSize(batchSize);
      checkPacing(pacing);
      if (closed) throw new Error('The event bus is closed');
      const after = await options.startAfter(name);
      if (!Number.isSafeInteger(after) || after < 0) {
        throw new RangeError(`startAfter(${name}) must give a position >= 0, got ${String(after)}`);
      }
      if (closed) throw new Error('The event bus is closed');
      // Pacing: after a batch, the next read waits out the rest of the interval, so what is
      // appended meanwhile comes as one batch. A full batch means more are waiting already (a
      // backlog, a catch-up): the next read goes at once, as the JetStream consumer's does.
      const paceWait = new Pause();
      const subscription = options.store.subscribe({
        after,
        batchSize: size,
        handler: pacing
          ? async (events) => {
              const handedOverAt = Date.now();
              await handler(events);
              if (events.length < size) await waitOutPacing(pacing, handedOverAt, paceWait);
            }
          : handler,
        onError: (error) => {
          logger.warn({ err: error, consumer: name }, 'event consumer failed; retrying the same events');
          onError?.(error);
        },
      });
      let stopping: Promise<void> | undefined;
      const stop = () => {
        stopping ??= (async () => {
          paceWait.wake();
          running.delete(subscription);
          await subscription.stop();
        })();
        return stopping;
      };
      running.set(subscription, stop);
      const handle: ConsumerHandle = { stop, hurry: () => paceWait.wake() };
      return handle;
    },
    async close() {
      closed = true;
      await Promise.all([...running.values()].map((stop) => stop()));
    },
  };
}
