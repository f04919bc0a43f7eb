import type { EventStore, ReadAllOptions, SubscribeOptions, Subscription } from './port.js';
import type { TStoredEvent } from '@evalmarket/contracts';
import { MAX_READ_BATCH } from './port.js';

interface Waiter {
  position: number;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const RETRY_AFTER_ERROR_MS = 500;

/**
 * Reads the log in position order after a checkpoint and hands batches to a handler, one at a
 * time. Appends from this process wake it at once; other processes' appends are found by polling.
 *
 * Longer than 100 lines on purpose: a factory whose returned methods share the state it closes
 * over (the position, the waiters and the wake-up).
 */
export function createPollingSubscription(args: {
  store: EventStore;
  /** How a round reads the log (default `store.readAll`). */
  read?: (options: ReadAllOptions) => Promise<TStoredEvent[]>;
  options: SubscribeOptions;
  pollIntervalMs: number;
  wakeups: Set<() => void>;
}): Subscription {
  const { store, options, pollIntervalMs, wakeups } = args;
  const read = args.read ?? ((readOptions: ReadAllOptions) => store.readAll(readOptions));
  const batchSize = Math.min(options.batchSize ?? 1000, MAX_READ_BATCH);
  let position = options.after;
  let stopped = false;
  let wake: (() => void) | undefined;
  const waiters: Waiter[] = [];

  // A signal while a round is under way is kept (see the loop), not lost until the next poll.
  let signalledDuringRound = false;
  const signal = () => {
    if (wake) wake();
    else signalledDuringRound = true;
  };
  wakeups.add(signal);

  const settleWaiters = () => {
    for (let i = waiters.length - 1; i >= 0; i -= 1) {
      const waiter = waiters[i]!;
      if (waiter.position <= position) {
        clearTimeout(waiter.timer);
        waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) {
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      signalledDuringRound = false;
      try {
        // With a type filter the position must also move past events the filter leaves out.
        // The head is read first: every event up to it is already visible (appends are
        // serialised), so once the batch is short the subscriber has seen all of them. Without a
        // filter the last event read is the position, and the extra query is not needed.
        const head = options.types ? await store.headPosition() : 0;
        const events = await read({ after: position, limit: batchSize, types: options.types });
        if (events.length > 0) {
          await options.handler(events);
          position = events[events.length - 1]!.global_position;
        }
        if (events.length < batchSize && head > position) position = head;
        settleWaiters();
        // A signal during the round may announce events it did not read: go again at once. (A
        // failed round still pauses below, signal or not, so an outage is no hot loop.)
        if (events.length < batchSize && !stopped && !signalledDuringRound) await pause(pollIntervalMs);
      } catch (error) {
        options.onError?.(error);
        if (!stopped) await pause(RETRY_AFTER_ERROR_MS);
      }
    }
  })();

  return {
    get position() {
      return position;
    },
    waitFor(target, timeoutMs = 10_000) {
      if (target <= position) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = waiters.findIndex((w) => w.timer === timer);
          if (index >= 0) waiters.splice(index, 1);
          reject(new Error(`Subscription did not reach position ${target} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push({ position: target, resolve, reject, timer });
        signal();
      });
    },
    async stop() {
      stopped = true;
      wakeups.delete(signal);
      signal();
      await loop;
      for (const waiter of waiters.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('Subscription stopped'));
      }
    },
  };
}
