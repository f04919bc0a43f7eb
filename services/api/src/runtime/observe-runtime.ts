import type { TProjectionStatus } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { EventBus, JetStreamBus } from '@evalmarket/eventbus';
import type { EventStore } from '@evalmarket/eventstore';
import type { LedgerClient } from '@evalmarket/ledger-writer';
import {
  ProjectionStuckError,
  readProjectionStatuses,
  type ProjectionStuck,
  type RunProjectorOptions,
} from '@evalmarket/projector';
import type { FastifyBaseLogger } from 'fastify';
import { ReadinessProblem, type ReadinessCheck } from '../app/health-routes.js';
import type { AppMetrics } from '../app/metrics.js';
import type { AppConfig } from '../config/config.js';

/** Every projection's checkpoint, lag and stuck record, as stored (so from any process). */
export function projectionStatuses(sql: SqlClient, store: EventStore): () => Promise<TProjectionStatus[]> {
  return async () => readProjectionStatuses(sql, await store.headPosition());
}

/**
 * What a projection does when a batch fails: the configured bounded retries, a warning per
 * failed try, and an error log line naming the projection, position, event and error when it
 * stops (and on each failed retry while stopped).
 */
export function projectionFailureHandling(
  config: AppConfig,
  logger: FastifyBaseLogger,
): Pick<RunProjectorOptions, 'retry' | 'onError' | 'onStuck' | 'onRecovered'> {
  return {
    retry: { attempts: config.projectionRetryAttempts, stuckProbeMs: config.projectionStuckRetryMs },
    onError: (error) => logger.warn({ err: error }, 'projection batch failed; it will be retried'),
    onStuck: (stuck: ProjectionStuck) =>
      logger.error({ projection: stuck.projection, stuck }, new ProjectionStuckError(stuck).message),
    onRecovered: (projection, position) =>
      logger.warn({ projection, position }, `projection ${projection} moves again`),
  };
}

/** The ledger writer's commits as metrics (one call per batch, none per event). */
export function observeLedgerCommits(
  metrics: AppMetrics,
): (commit: { commands: number; seconds: number; ok: boolean }) => void {
  return ({ commands, seconds, ok }) => {
    metrics.ledgerBatchCommands.observe(commands);
    metrics.ledgerCommitSeconds.observe({ outcome: ok ? 'ok' : 'failed' }, seconds);
  };
}

/** Gauges read at scrape time: projections, the ledger writer's queue, JetStream consumers. */
export function registerStateGauges(
  metrics: AppMetrics,
  parts: {
    statuses: () => Promise<TProjectionStatus[]>;
    ledger: Pick<LedgerClient, 'queueLength'>;
    bus: EventBus;
  },
): void {
  const perProjection = (name: string, help: string, value: (status: TProjectionStatus) => number) =>
    metrics.stateGauge(name, help, ['projection'], async (set) => {
      for (const status of await parts.statuses()) set({ projection: status.projection }, value(status));
    });
  perProjection('evalmarket_projection_position', 'Checkpoint of each projection', (s) => s.position);
  perProjection(
    'evalmarket_projection_lag_events',
    'Events in the log after each projection’s checkpoint',
    (s) => s.lag,
  );
  perProjection(
    'evalmarket_projection_stuck',
    '1 while a projection is stopped at an event it cannot apply (see /readyz), else 0',
    (s) => (s.stuck ? 1 : 0),
  );
  metrics.stateGauge(
    'evalmarket_ledger_queue_commands',
    'Money commands waiting for the ledger writer',
    [],
    (set) => set({}, parts.ledger.queueLength),
  );
  const jetStream = asJetStream(parts.bus);
  if (!jetStream) return;
  const lags = () => jetStream.consumerLag();
  metrics.stateGauge(
    'evalmarket_jetstream_consumer_pending',
    'Stream messages not yet delivered to each durable consumer of this process',
    ['consumer'],
    async (set) => {
      for (const lag of await lags()) set({ consumer: lag.consumer }, lag.pending);
    },
  );
  metrics.stateGauge(
    'evalmarket_jetstream_consumer_ack_pending',
    'Messages delivered to each durable consumer of this process and not yet acknowledged',
    ['consumer'],
    async (set) => {
      for (const lag of await lags()) set({ consumer: lag.consumer }, lag.ackPending);
    },
  );
}

/** /readyz's `event-bus` check: fails, naming the cause, while the bus cannot deliver. */
export function busReadiness(bus: EventBus): Record<string, ReadinessCheck> {
  const jetStream = asJetStream(bus);
  if (!jetStream) return {};
  return {
    'event-bus': async () => {
      const problem = await jetStream.problem();
      if (problem) throw new ReadinessProblem(problem);
    },
  };
}

function asJetStream(bus: EventBus): JetStreamBus | undefined {
  return 'consumerLag' in bus ? (bus as JetStreamBus) : undefined;
}
