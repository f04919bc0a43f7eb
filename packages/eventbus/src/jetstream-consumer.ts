import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  ReplayPolicy,
  type Consumer,
  type ConsumerInfo,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { holeIsPermanent, planDelivery } from './delivery-plan.js';
import {
  waitOutPacing,
  type ConsumeOptions,
  type ConsumerHandle,
  type EventBusLogger,
  type StoredEvent,
} from './event-bus.js';
import { belongsToLog, chainTipOf, type ChainTip, type HashAt } from './log-chain.js';
import { backoffMs, Pause } from './pause.js';
import { isApiError } from './stream-setup.js';
import { MESSAGE_BYTES, unpackEvents } from './stream-message.js';

export interface ConsumerTuning {
  /**
   * How long JetStream waits for an ack before it redelivers (default 30 s). Messages in hand
   * are kept alive meanwhile; this is how long a crashed process's messages stay out of reach.
   */
  ackWaitMs?: number;
  /** Most unacknowledged messages per consumer (default 4 x batchSize). */
  maxAckPending?: number;
  /** How long one pull waits for messages (default 2 s, minimum 1 s); also bounds how long stop() takes. */
  fetchExpiresMs?: number;
  /** First pause after a handler failure (default 500 ms); doubles per consecutive failure. */
  retryDelayMs?: number;
  /** Longest pause after failures (default 30 s). */
  maxRetryDelayMs?: number;
  /** While a hole in the sequence stays open, how often to check whether it can be passed (default 1 s). */
  holeWaitMs?: number;
}

interface Context {
  js: JetStreamClient;
  jsm: JetStreamManager;
  streamName: string;
  logger: EventBusLogger;
  tuning: ConsumerTuning;
  /** This database's log, to refuse another log's events in the stream (log-chain.ts). */
  hashAt?: HashAt;
}

const seqOf = (m: JsMsg) => m.info.streamSequence;

/** A consumer that cannot be set up after this many tries fails `consume()`. */
const START_ATTEMPTS = 4;

/**
 * Most messages per pull. A message holds up to MESSAGE_BYTES of events, so a pull stays near
 * 16 MiB however far behind the consumer is; the handler still gets at most batchSize events.
 */
const FETCH_MESSAGES = Math.floor((16 * 1024 * 1024) / MESSAGE_BYTES);

/**
 * A durable pull consumer that hands the handler contiguous runs of the stream, in order.
 *
 * JetStream alone does not keep a pull consumer in order: a message nak'd with a delay, or one
 * left pending by a crashed process until its ack wait runs out, comes back after newer ones.
 * So this keeps `expectedSeq`, the next stream sequence it may hand over (from the consumer's
 * ack floor at start), and holds anything that arrives after a hole in a local buffer (kept
 * alive with `working()`) until the missing messages arrive.
 */
export class JetStreamConsumer implements ConsumerHandle {
  private readonly pause = new Pause();
  /** A pacing wait (`ConsumeOptions.pacing`), which `hurry()` and `stop()` cut short. */
  private readonly paceWait = new Pause();
  private handedOverAt = 0;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private consumer: Consumer | undefined;
  private expectedSeq = 1;
  private lastPosition = 0;
  private handlerFailures = 0;
  /** The last event handed over, whose hash the next run must continue. */
  private tip: ChainTip | undefined;
  /** Set while the stream hands this consumer events of another log: it cannot deliver. */
  private foreignLog: string | undefined;
  /** Received after a hole, sorted by sequence, waiting for the hole to fill. */
  private buffer: JsMsg[] = [];
  /** The run the handler has right now. */
  private inHand: JsMsg[] = [];
  private keepAlive: NodeJS.Timeout | undefined;
  private holeCheckedAt = 0;
  private readonly fetchMessages: number;
  private readonly ackWaitMs: number;
  private readonly maxAckPending: number;
  private readonly fetchExpiresMs: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly holeWaitMs: number;

  constructor(
    private readonly ctx: Context,
    private readonly options: ConsumeOptions & { batchSize: number },
  ) {
    const t = ctx.tuning;
    this.ackWaitMs = t.ackWaitMs ?? 30_000;
    this.maxAckPending = t.maxAckPending ?? Math.max(4 * options.batchSize, 100);
    this.fetchExpiresMs = Math.max(1_000, t.fetchExpiresMs ?? 2_000);
    this.retryDelayMs = t.retryDelayMs ?? 500;
    this.maxRetryDelayMs = t.maxRetryDelayMs ?? 30_000;
    this.holeWaitMs = t.holeWaitMs ?? 1_000;
    this.fetchMessages = Math.min(options.batchSize, FETCH_MESSAGES);
    if (this.ackWaitMs < 1_000)
      throw new RangeError(`ackWaitMs must be at least 1000, got ${this.ackWaitMs}`);
    if (this.maxAckPending < options.batchSize) {
      throw new RangeError(
        `maxAckPending (${this.maxAckPending}) must be at least batchSize (${options.batchSize})`,
      );
    }
  }

  /** Creates or updates the durable consumer, then starts pulling. */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.ensureConsumer();
        break;
      } catch (error) {
        if (attempt >= START_ATTEMPTS) throw error;
        this.report(error, 'cannot set up the durable consumer yet; retrying', { attempt });
        await this.pause.sleep(backoffMs(attempt, 500, 5_000));
      }
    }
    this.keepAlive = setInterval(() => {
      for (const message of this.inHand) message.working();
      for (const message of this.buffer) message.working();
    }, this.ackWaitMs / 3);
    this.keepAlive.unref();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.pause.wake();
    this.paceWait.wake();
    await this.loop;
  }

  hurry(): void {
    this.paceWait.wake();
  }

  /** Whether a reader waits for this consumer's events (its pacing's `urgent`). */
  readersWaiting(): boolean {
    return this.options.pacing?.urgent() ?? false;
  }

  get name(): string {
    return this.options.name;
  }

  private async ensureConsumer(): Promise<void> {
    const { jsm, js, streamName } = this.ctx;
    const ackWait = nanos(this.ackWaitMs);
    let info: ConsumerInfo;
    try {
      info = await jsm.consumers.info(streamName, this.name);
      if (info.config.ack_wait !== ackWait || info.config.max_ack_pending !== this.maxAckPending) {
        info = await jsm.consumers.update(streamName, this.name, {
          ack_wait: ackWait,
          max_ack_pending: this.maxAckPending,
        });
      }
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
      info = await jsm.consumers.add(streamName, {
        durable_name: this.name,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        replay_policy: ReplayPolicy.Instant,
        ack_wait: ackWait,
        max_ack_pending: this.maxAckPending,
        // Never give up on an event: a handler that keeps failing keeps getting it back.
        max_deliver: -1,
      });
      this.ctx.logger.info({ stream: streamName, consumer: this.name }, 'created durable consumer');
    }
    this.consumer = await js.consumers.get(streamName, this.name);
    this.expectedSeq = Math.max(this.expectedSeq, info.ack_floor.stream_seq + 1);
  }

  private async run(): Promise<void> {
    let transportFailures = 0;
    try {
      while (!this.stopping) {
        try {
          if (!this.consumer) await this.ensureConsumer();
          const messages = await this.consumer!.fetch({
            max_messages: this.fetchMessages,
            expires: this.fetchExpiresMs,
          });
          let waitMs = await this.drain(messages);
          // A quiet pull must still look at a hole that stays open (the missing messages may
          // have been removed, or handled by another process).
          if (waitMs === 0 && this.buffer.length > 0 && !this.stopping) waitMs = await this.handle([]);
          transportFailures = 0;
          if (waitMs > 0 && !this.stopping) await this.pause.sleep(waitMs);
        } catch (error) {
          transportFailures += 1;
          this.report(error, 'pulling from JetStream failed; retrying');
          // The consumer may have been deleted or the stream recreated: look it up again.
          this.consumer = undefined;
          if (!this.stopping) await this.pause.sleep(backoffMs(transportFailures, 500, 15_000));
        }
      }
    } finally {
      clearInterval(this.keepAlive);
      // No pull is open any more, so these go straight to the next process (or restart).
      for (const message of this.buffer) message.nak();
      this.buffer = [];
    }
  }

  /**
   * Takes one pull's messages as they arrive, handing over what has arrived whenever nothing
   * more is queued (so a quiet stream is not held back waiting for a full batch). Returns how
   * long to wait before the next pull: the retry delay after a failure, else 0.
   */
  private async drain(messages: ConsumerMessages): Promise<number> {
    let incoming: JsMsg[] = [];
    let waitMs = 0;
    try {
      for await (const message of messages) {
        if (this.stopping) {
          // Delayed past the end of this pull so that it cannot come back to it.
          message.nak(this.fetchExpiresMs);
          continue;
        }
        incoming.push(message);
        if (incoming.length < this.fetchMessages && messages.getPending() > 0) continue;
        // What arrives while the pacing wait lasts joins this batch.
        if (incoming.length < this.fetchMessages && (await this.paced()) && messages.getPending() > 0)
          continue;
        const batch = incoming;
        incoming = [];
        waitMs = Math.max(waitMs, await this.handle(batch));
      }
    } finally {
      for (const message of incoming) message.nak(this.fetchExpiresMs);
    }
    return waitMs;
  }

  /**
   * Waits until `pacing.intervalMs` after the last hand-over, unless that has passed or a reader
   * is waiting (`urgent`); says whether it waited.
   */
  private async paced(): Promise<boolean> {
    return !this.stopping && waitOutPacing(this.options.pacing, this.handedOverAt, this.paceWait);
  }

  /**
   * Hands over whatever is contiguous from `expectedSeq`, keeps the rest in the buffer. Returns
   * 0, or the retry delay after a handler failure.
   */
  private async handle(incoming: JsMsg[]): Promise<number> {
    const plan = planDelivery([...this.buffer, ...incoming], seqOf, this.expectedSeq);
    for (const message of plan.duplicates) message.ack();
    this.buffer = plan.blocked;
    if (plan.run.length > 0) {
      const failureDelayMs = await this.deliver(plan.run);
      // The failed run was nak'd and comes back after the delay; what follows it waits for it.
      if (failureDelayMs > 0) return failureDelayMs;
    }
    if (this.buffer.length > 0 && Date.now() - this.holeCheckedAt >= this.holeWaitMs) {
      this.holeCheckedAt = Date.now();
      if (await this.passHole(seqOf(this.buffer[0]!))) return this.handle([]);
      this.ctx.logger.debug?.(
        {
          consumer: this.name,
          expectedSeq: this.expectedSeq,
          next: seqOf(this.buffer[0]!),
          held: this.buffer.length,
        },
        'waiting for missing messages before handing over later ones',
      );
    }
    return 0;
  }

  /**
   * A hole can be passed when the ack floor shows the missing messages were handled (by another
   * process on the same durable), or when they were removed from the stream.
   */
  private async passHole(targetSeq: number): Promise<boolean> {
    const consumerInfo = await this.ctx.jsm.consumers.info(this.ctx.streamName, this.name);
    const floorNext = consumerInfo.ack_floor.stream_seq + 1;
    if (floorNext > this.expectedSeq) {
      this.expectedSeq = floorNext;
      return true;
    }
    const streamInfo = await this.ctx.jsm.streams.info(this.ctx.streamName, { deleted_details: true });
    const permanent = holeIsPermanent({
      expectedSeq: this.expectedSeq,
      targetSeq,
      firstSeq: streamInfo.state.first_seq,
      deleted: new Set(streamInfo.state.deleted ?? []),
    });
    if (permanent) {
      this.ctx.logger.warn(
        { consumer: this.name, from: this.expectedSeq, to: targetSeq - 1 },
        'stream messages were removed before this consumer read them; passing over them',
      );
      this.expectedSeq = targetSeq;
    }
    return permanent;
  }

  /**
   * Hands one contiguous run to the handler, batchSize events per call (one message can hold
   * more). Returns 0 on success, else the retry delay; after a failure the whole run comes back,
   * and the events already handed over are skipped by position.
   */
  private async deliver(run: JsMsg[]): Promise<number> {
    const events: StoredEvent[] = [];
    let highest = this.lastPosition;
    /** Each message's highest position: the message is done once the handler has had it. */
    const doneAt: number[] = [];
    for (const message of run) {
      for (const event of this.decode(message)) {
        // Older positions are true duplicates (republished after the duplicate window, or in
        // a message with other boundaries).
        if (event.global_position > highest) {
          events.push(event);
          highest = event.global_position;
        }
      }
      doneAt.push(highest);
    }
    if (events.length > 0 && !(await this.isOurLog(events))) {
      const delayMs = this.maxRetryDelayMs;
      for (const message of run) message.nak(delayMs);
      return delayMs;
    }
    // The pacing counts from when the handler gets the run, after the log check's read.
    this.handedOverAt = Date.now();
    this.inHand = run;
    try {
      for (let i = 0; i < events.length; i += this.options.batchSize) {
        // stop() lets the batch in hand finish, not the rest of a run that can hold thousands.
        if (this.stopping) return await this.releaseUndone(run, doneAt);
        const batch = events.slice(i, i + this.options.batchSize);
        try {
          await this.options.handler(batch);
          this.handlerFailures = 0;
          const last = batch[batch.length - 1]!;
          this.lastPosition = last.global_position;
          this.tip = chainTipOf(last);
        } catch (error) {
          this.handlerFailures += 1;
          const delayMs = backoffMs(this.handlerFailures, this.retryDelayMs, this.maxRetryDelayMs);
          this.report(error, 'event handler failed; the same events come again after a pause', {
            attempt: this.handlerFailures,
            retryInMs: delayMs,
            from: batch[0]!.global_position,
          });
          for (const message of run) message.nak(delayMs);
          return delayMs;
        }
      }
    } finally {
      this.inHand = [];
    }
    this.expectedSeq = seqOf(run[run.length - 1]!) + 1;
    await this.ackConfirmed(run);
    return 0;
  }

  /**
   * Acks the messages, confirmed so that a restart right after stop() does not see them again:
   * the last one with a round trip, which the server answers only after the acks sent before it
   * on this connection. A lost ack only means a redelivery, which arrives below expectedSeq and
   * is acked unseen.
   */
  private async ackConfirmed(messages: JsMsg[]): Promise<void> {
    if (messages.length === 0) return;
    for (let i = 0; i < messages.length - 1; i += 1) messages[i]!.ack();
    const confirmed = await messages[messages.length - 1]!.ackAck().catch(() => false);
    if (!confirmed)
      this.ctx.logger.warn({ consumer: this.name, acks: messages.length }, 'acks were not confirmed');
  }

  /**
   * On stop part-way through a run: acks the messages the handler has had whole, and gives the
   * rest back, so that a restart (here or in another process) gets them without waiting out the
   * ack wait. Like those that arrive while stopping (drain), they are delayed past the end of
   * this pull so that it cannot take them again. A message the handler had part of comes again
   * whole; the handler skips what it has by position, as after any redelivery.
   */
  private async releaseUndone(run: JsMsg[], doneAt: number[]): Promise<number> {
    // doneAt never decreases along the run, so the messages done are its first ones.
    const firstUndone = doneAt.findIndex((position) => position > this.lastPosition);
    const cut = firstUndone === -1 ? run.length : firstUndone;
    for (const message of run.slice(cut)) message.nak(this.fetchExpiresMs);
    await this.ackConfirmed(run.slice(0, cut));
    return 0;
  }

  /** Why this consumer cannot deliver, if it cannot (for readiness). */
  problem(): string | undefined {
    return this.foreignLog;
  }

  /**
   * Whether the run's events are this database's (see log-chain.ts). Another log's are not
   * handed over: they are nak'd, the consumer reports the problem (readiness fails) and tries
   * again after the longest retry pause, until the stream is put right.
   */
  private async isOurLog(events: StoredEvent[]): Promise<boolean> {
    const hashAt = this.ctx.hashAt;
    if (!hashAt) return true;
    if (await belongsToLog(this.tip, events, hashAt)) {
      this.foreignLog = undefined;
      return true;
    }
    const last = events[events.length - 1]!;
    this.foreignLog =
      `JetStream stream ${this.ctx.streamName} holds events of another log (position ${last.global_position}, event ${last.event_id}, is not ours); ` +
      'use a stream name of its own for this database (NATS_STREAM, NATS_SUBJECT_PREFIX)';
    this.ctx.logger.error({ consumer: this.name, position: last.global_position }, this.foreignLog);
    return false;
  }

  /** The message's events; none for a message that holds no stored events (reported). */
  private decode(message: JsMsg): StoredEvent[] {
    try {
      return unpackEvents(message.json());
    } catch (error) {
      // Someone else published into the stream. It cannot hold events, so it is acked and
      // passed over rather than blocking every event behind it.
      this.report(error, 'passing over a stream message that is not stored events', {
        subject: message.subject,
        seq: seqOf(message),
      });
      return [];
    }
  }

  private report(error: unknown, message: string, fields: object = {}): void {
    this.ctx.logger.warn({ err: error, consumer: this.name, ...fields }, message);
    try {
      this.options.onError?.(error);
    } catch {
      // an error reporter that throws must not stop delivery
    }
  }
}
