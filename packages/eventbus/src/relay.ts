import type { SqlExecutor, SqlClient } from '@evalmarket/db';
import type { EventStore, PostgresSubscribeOptions } from '@evalmarket/eventstore';
import type { JetStreamClient, JetStreamManager, PubAck } from '@nats-io/jetstream';
import {
  checkPacing,
  waitOutPacing,
  type ConsumerPacing,
  type EventBusLogger,
  type StoredEvent,
} from './event-bus.js';
import { backoffMs, Pause } from './pause.js';
import { batchSubject } from './stream-setup.js';
import { packEvents, unpackEvents, type EventsMessage } from './stream-message.js';

/** First key of the relay's advisory lock; the second is hashtext(checkpoint id). */
export const RELAY_LOCK_NAMESPACE = 7_331_002;

export interface RelayTuning {
  /** Most events read from the store and published per round (default 500). */
  batchSize?: number;
  /** How long to wait for one publish acknowledgement (default 10 s). */
  publishTimeoutMs?: number;
  /**
   * How often the leader touches its lock session (default 2 s). Keep it well below the pool's
   * `idle_in_transaction_session_timeout` (10 s in @evalmarket/db), which would otherwise end it.
   */
  lockHeartbeatMs?: number;
  /** How often a standby process tries to take the lock (default 5 s). */
  standbyPollMs?: number;
  /**
   * On start, read the stream's last message; if it is an event beyond the checkpoint (the
   * previous relay stopped between publish and checkpoint), resume after it instead of
   * publishing those events again (default true). When false they are republished and
   * JetStream drops them as duplicates within the duplicate window.
   */
  resumeFromStreamTail?: boolean;
  /**
   * Least time between two checkpoint saves while events keep coming (default 250 ms). A round
   * that a `waitFor` is waiting on saves at once, and so does stopping. A crash loses at most
   * this much of the checkpoint, which only means republishing (see `resumeFromStreamTail`).
   */
  checkpointIntervalMs?: number;
  /**
   * While events keep coming, a round starts at most this often (default 0: at once), so each
   * round publishes more events in fewer messages: fewer publishes and acks here, fewer
   * deliveries and acks for every consumer. Never while a consumer of this process has a reader
   * waiting (`ConsumerPacing.urgent`) or a `waitFor` waits; at most `MAX_PACING_MS`.
   */
  pacingMs?: number;
  /** Test seam: runs after a round's publish acks, before its checkpoint is saved. */
  beforeCheckpoint?: (position: number) => void | Promise<void>;
}

export interface RelayStats {
  /** Events JetStream stored. */
  stored: number;
  /** Events in publishes JetStream dropped as duplicates (same Nats-Msg-Id within the window). */
  duplicates: number;
  /** The saved checkpoint: every event up to it is in the stream. */
  checkpoint: number;
  /**
   * Why events cannot reach the stream right now (the relay keeps failing to start or to
   * publish), for readiness; undefined while it works or stands by.
   */
  problem: string | undefined;
  /** Whether this process holds the relay lock right now. */
  leader: boolean;
}

export interface RelayHandle {
  readonly checkpointId: string;
  stats(): RelayStats;
  /** Resolves once this process's relay has published and checkpointed `position`. */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
}

interface StreamTail {
  kind: 'empty' | 'event' | 'foreign';
  position?: number;
  eventId?: string;
}

/**
 * Copies the event store into the JetStream stream, in position order, at least once.
 *
 * Each round packs its events into messages of consecutive events (`packEvents`: up to 128 KiB,
 * each identified by its last event's id) and publishes them pipelined: the first message
 * without expectation, every later one with `expect.lastMsgID` = its predecessor's id. JetStream
 * checks duplicates before expectations, so a republished message is simply `duplicate: true`;
 * but if a message is lost on the wire while the next one arrives (a reconnect can do that), the
 * next one is refused instead of landing out of order. After the acks the checkpoint is saved,
 * so a crash in between only republishes events that the duplicate window drops (or, with other
 * message boundaries, that consumers skip by position).
 */
export class Relay implements RelayHandle {
  readonly checkpointId: string;
  private readonly pause = new Pause();
  /** A pacing wait, which `hurry()` and `stop()` cut short. */
  private readonly paceWait = new Pause();
  private readonly pacing: ConsumerPacing;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private leader = false;
  private checkpoint = 0;
  /** The last position published by this leader's rounds (saved as the checkpoint or not yet). */
  private relayed = 0;
  private checkpointSavedAt = 0;
  /** Every event up to this position is known to be in the stream. */
  private knownInStream = 0;
  private stored = 0;
  private duplicates = 0;
  private roundFailures = 0;
  private problem: string | undefined;
  private waiters: Array<{ position: number; resolve: () => void }> = [];
  private readonly batchSize: number;
  private readonly publishTimeoutMs: number;
  private readonly lockHeartbeatMs: number;
  private readonly standbyPollMs: number;
  private readonly checkpointIntervalMs: number;

  constructor(
    private readonly deps: {
      store: EventStore;
      sql: SqlClient;
      js: JetStreamClient;
      jsm: JetStreamManager;
      streamName: string;
      subjectPrefix: string;
      logger: EventBusLogger;
      tuning?: RelayTuning;
      /** Whether a reader in this process waits for events (a paced consumer's `urgent`). */
      readersWaiting?: () => boolean;
    },
  ) {
    this.checkpointId = `nats-relay:${deps.streamName}`;
    this.batchSize = deps.tuning?.batchSize ?? 500;
    this.publishTimeoutMs = deps.tuning?.publishTimeoutMs ?? 10_000;
    this.lockHeartbeatMs = deps.tuning?.lockHeartbeatMs ?? 2_000;
    this.standbyPollMs = deps.tuning?.standbyPollMs ?? 5_000;
    this.checkpointIntervalMs = deps.tuning?.checkpointIntervalMs ?? 250;
    this.pacing = {
      intervalMs: deps.tuning?.pacingMs ?? 0,
      urgent: () => this.waiters.length > 0 || (deps.readersWaiting?.() ?? false),
    };
    checkPacing(this.pacing);
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Ends a pacing wait now: a reader has just started waiting. */
  hurry(): void {
    this.paceWait.wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.pause.wake();
    this.paceWait.wake();
    await this.loop;
  }

  stats(): RelayStats {
    return {
      stored: this.stored,
      duplicates: this.duplicates,
      checkpoint: this.checkpoint,
      leader: this.leader,
      problem: this.problem,
    };
  }

  waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    if (this.checkpoint >= position) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            `relay did not reach position ${position} within ${timeoutMs} ms (at ${this.checkpoint})`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
      this.hurry();
      // Published already, checkpoint not saved yet (rounds save it at most every interval).
      if (position <= this.relayed) {
        void this.saveRelayedOrWarn();
      }
    });
  }

  private async run(): Promise<void> {
    let failures = 0;
    let announcedStandby = false;
    while (!this.stopping) {
      try {
        if (this.deps.sql.dialect === 'pglite') {
          // PGlite is one connection in one process: a held transaction would block every other
          // query, and no second process can open the same database anyway. No lock needed.
          await this.lead(undefined);
        } else {
          const led = await this.deps.sql.transaction(async (tx) => {
            const { rows } = await tx.query<{ locked: boolean }>(
              'SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked',
              [RELAY_LOCK_NAMESPACE, this.checkpointId],
            );
            if (!rows[0]?.locked) return false;
            await this.lead(tx);
            return true;
          });
          if (!led) {
            this.problem = undefined;
            if (!announcedStandby) {
              this.deps.logger.info(
                { relay: this.checkpointId },
                'another process runs the relay; standing by',
              );
              announcedStandby = true;
            }
            await this.pause.sleep(this.standbyPollMs);
            continue;
          }
        }
        failures = 0;
        announcedStandby = false;
      } catch (error) {
        failures += 1;
        this.problem = `the relay cannot run: ${(error as Error).message ?? String(error)}`;
        this.deps.logger.error(
          { err: error, relay: this.checkpointId, failures },
          'relay stopped; restarting',
        );
        await this.pause.sleep(backoffMs(failures, 500, 15_000));
      }
    }
  }

  /**
   * Runs the relay while this process leads. `lockSession` is the transaction that holds the
   * advisory lock: it is touched every heartbeat, and a failure there (the session is gone, so
   * is the lock) ends the leadership at once.
   */
  private async lead(lockSession: SqlExecutor | undefined): Promise<void> {
    this.leader = true;
    this.roundFailures = 0;
    this.checkpoint = await this.readCheckpoint();
    this.knownInStream = this.checkpoint;
    this.relayed = this.checkpoint;
    let after = this.checkpoint;
    if (this.deps.tuning?.resumeFromStreamTail !== false) {
      const tail = await this.streamTail();
      if (tail.kind === 'empty' && this.checkpoint > 0) {
        this.deps.logger.warn(
          { relay: this.checkpointId, checkpoint: this.checkpoint },
          'the stream is empty but the relay checkpoint is not: events up to the checkpoint will not be republished (delete the checkpoint row to replay them)',
        );
      }
      if (tail.kind === 'event' && tail.position! > this.checkpoint) {
        // Only skip ahead when the stream's last event is the one our log holds at that
        // position: a stream left over from another database (a reset or restored database, a
        // shared NATS server) would otherwise make the relay skip events consumers never see.
        const [ours] = await this.deps.store.readAll({ after: tail.position! - 1, limit: 1 });
        if (ours?.global_position !== tail.position || ours?.event_id !== tail.eventId) {
          throw new Error(
            `JetStream stream ${this.deps.streamName} holds events of another log (its last event, position ${tail.position}, is not ours); ` +
              'use a stream name of its own for this database or delete the stream',
          );
        }
        this.deps.logger.info(
          { relay: this.checkpointId, checkpoint: this.checkpoint, streamTail: tail.position },
          'the stream is ahead of the relay checkpoint; resuming after its last event',
        );
        after = tail.position!;
        this.knownInStream = after;
        await this.saveCheckpoint(after);
      }
    }
    this.deps.logger.info({ relay: this.checkpointId, after }, 'relay started');
    this.problem = undefined;
    // This process's own appends are relayed without reading them back from the database, when
    // the store keeps them (a hint of the PostgreSQL adapter; other stores read the log).
    const subscribeOptions: PostgresSubscribeOptions = {
      after,
      batchSize: this.batchSize,
      ownCommitsFromMemory: true,
      handler: (events) => this.relayBatch(events),
      onError: (error) => {
        this.roundFailures += 1;
        this.problem = `publishing to JetStream fails: ${(error as Error).message ?? String(error)}`;
        this.deps.logger.warn(
          { err: error, relay: this.checkpointId, failures: this.roundFailures },
          'relay round failed; retrying',
        );
      },
    };
    const subscription = this.deps.store.subscribe(subscribeOptions);
    try {
      while (!this.stopping) {
        await this.pause.sleep(this.lockHeartbeatMs);
        if (lockSession && !this.stopping) await lockSession.query('SELECT 1');
      }
    } finally {
      this.leader = false;
      await subscription.stop();
      // What the last rounds published, so a restart need not go over it again.
      await this.saveRelayedOrWarn();
    }
  }

  private async relayBatch(events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const roundStartedAt = Date.now();
    if (this.roundFailures > 0) {
      // The store retries a failed round after a short fixed pause; through a long NATS outage
      // that would be a hot loop of timeouts and log lines, so back off here as well.
      await this.pause.sleep(backoffMs(this.roundFailures, 250, 15_000));
      // Returning without a checkpoint is safe: the next leader starts from the saved one.
      if (this.stopping) return;
    }
    const todo = events.filter((event) => event.global_position > this.knownInStream);
    if (todo.length > 0) {
      const messages = packEvents(todo);
      const results = await Promise.allSettled(
        messages.map((message, i) => this.publish(message, messages[i - 1])),
      );
      let failure: unknown;
      results.forEach((result, i) => {
        const { events: packed } = messages[i]!;
        if (result.status === 'fulfilled') {
          // An ack with an expectation proves its predecessor was the stream's last message, so
          // every event up to this one is in the stream, whatever happened to earlier acks.
          this.knownInStream = Math.max(this.knownInStream, packed[packed.length - 1]!.global_position);
          if (result.value.duplicate) this.duplicates += packed.length;
          else this.stored += packed.length;
        } else {
          failure ??= result.reason;
        }
      });
      if (failure !== undefined) throw failure;
    }
    this.relayed = Math.max(this.relayed, events[events.length - 1]!.global_position);
    this.roundFailures = 0;
    this.problem = undefined;
    const due = Date.now() - this.checkpointSavedAt >= this.checkpointIntervalMs;
    // (Stopping saves it too, once the subscription has stopped.)
    if (due || this.waiters.some((waiter) => waiter.position <= this.relayed)) await this.saveRelayed();
    // Caught up: let the next round gather what comes in meanwhile (see `pacingMs`).
    if (events.length < this.batchSize && !this.stopping)
      await waitOutPacing(this.pacing, roundStartedAt, this.paceWait);
  }

  /** `saveRelayed` outside a round, whose failure is only logged: the next save covers it. */
  private async saveRelayedOrWarn(): Promise<void> {
    try {
      await this.saveRelayed();
    } catch (error) {
      this.deps.logger.warn({ err: error, relay: this.checkpointId }, 'could not save the relay checkpoint');
    }
  }

  /** Saves the last published position as the checkpoint, if it is not saved yet. */
  private async saveRelayed(): Promise<void> {
    if (this.relayed <= this.checkpoint) return;
    const position = this.relayed;
    await this.deps.tuning?.beforeCheckpoint?.(position);
    this.checkpointSavedAt = Date.now();
    await this.saveCheckpoint(position);
  }

  private publish(message: EventsMessage, previous: EventsMessage | undefined): Promise<PubAck> {
    return this.deps.js.publish(batchSubject(this.deps.subjectPrefix), message.body, {
      msgID: message.msgID,
      timeout: this.publishTimeoutMs,
      ...(previous ? { expect: { lastMsgID: previous.msgID } } : {}),
    });
  }

  private async streamTail(): Promise<StreamTail> {
    const info = await this.deps.jsm.streams.info(this.deps.streamName);
    if (info.state.messages === 0) return { kind: 'empty' };
    const message = await this.deps.jsm.streams.getMessage(this.deps.streamName, {
      seq: info.state.last_seq,
    });
    if (!message) return { kind: 'foreign' };
    try {
      const events = unpackEvents(message.json());
      const last = events[events.length - 1]!;
      return { kind: 'event', position: last.global_position, eventId: last.event_id };
    } catch {
      // not stored events: someone else published into the stream
      return { kind: 'foreign' };
    }
  }

  private async readCheckpoint(): Promise<number> {
    const { rows } = await this.deps.sql.query<{ position: number | string }>(
      'SELECT position FROM subscription_checkpoints WHERE subscription_id = $1',
      [this.checkpointId],
    );
    return rows[0] ? Number(rows[0].position) : 0;
  }

  private async saveCheckpoint(position: number): Promise<void> {
    // GREATEST: during a lock hand-over two relays may briefly both write; the checkpoint never
    // goes back.
    const { rows } = await this.deps.sql.query<{ position: number | string }>(
      `INSERT INTO subscription_checkpoints (subscription_id, position, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (subscription_id) DO UPDATE
         SET position = GREATEST(subscription_checkpoints.position, EXCLUDED.position), updated_at = now()
       RETURNING position`,
      [this.checkpointId, position],
    );
    this.checkpoint = Math.max(this.checkpoint, Number(rows[0]?.position ?? position));
    const reached = this.waiters.filter((w) => w.position <= this.checkpoint);
    this.waiters = this.waiters.filter((w) => w.position > this.checkpoint);
    for (const waiter of reached) waiter.resolve();
  }
}
