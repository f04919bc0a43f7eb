import { runWhileLeased, type SqlClient } from '@evalmarket/db';
import { createNatsCommandTransport, type CommandTransport } from '@evalmarket/eventbus';
import type { PackedJournal } from '@evalmarket/eventstore';
import { REWARD_COMMAND_TYPES, REWARD_STREAM_PREFIX } from '@evalmarket/ledger';
import {
  serveLedgerCommands,
  startWriterRole,
  type FenceSlot,
  type WriterRole,
} from '@evalmarket/ledger-writer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppMetrics } from '../app/metrics.js';
import type { AppConfig } from '../config/config.js';
import type { DomainContext } from './domain-context.js';
import type { DomainProcess } from './domains.js';
import { observeLedgerCommits } from './observe-runtime.js';

/**
 * The parts a process runs by its roles (ROLES; ARCHITECTURE.md, Roles): the writer, which is
 * active in one process per database and stands by in the others; the worker's timers, which run
 * in one process at a time; and the command transport between processes.
 */

/** The worker's leader lease: the timers run in the one process that holds it. */
export const WORKER_LEASE_KEY = 7_331_004;

/** Commands between processes travel over NATS; a deployment without NATS is one process. */
export async function startCommandTransport(
  config: AppConfig,
  subjectPrefix: string,
  logger: FastifyBaseLogger,
): Promise<CommandTransport | undefined> {
  if (!config.natsUrl) return undefined;
  return createNatsCommandTransport({ natsUrl: config.natsUrl.split(','), subjectPrefix, logger });
}

/** What else runs while this process is the active writer (started on taking over; stopped). */
export type WhileActive = () => () => void;

/** The writer role, and the services that go with being its active holder. */
export interface ProcessWriter extends WriterRole {
  /** Starts `start` now if this process is the active writer, and every time it becomes it. */
  whileActive(start: WhileActive): void;
}

/**
 * The writer role: active when this process takes the lease, else standing by. While active it
 * serves the other processes' money commands over the transport, and runs what was registered
 * with `whileActive` (the evaluation loop's writer).
 */
export async function startWriter(
  config: AppConfig,
  parts: {
    store: PackedJournal;
    sql: SqlClient;
    fence: FenceSlot;
    commands: CommandTransport | undefined;
    logger: FastifyBaseLogger;
    metrics: AppMetrics;
    /** The ledger's clock (epoch ms); the wall clock by default. */
    now?: () => number;
  },
): Promise<ProcessWriter | undefined> {
  if (!config.roles.has('writer')) return undefined;
  const { commands } = parts;
  let stopServing: (() => void) | undefined;
  const services: WhileActive[] = [];
  let stopServices: Array<() => void> = [];
  const stopActive = () => {
    stopServing?.();
    stopServing = undefined;
    for (const stop of stopServices.splice(0)) stop();
  };
  const role = await startWriterRole({
    store: parts.store,
    sql: parts.sql,
    fence: parts.fence,
    // Reward transfers are the ledger's volume: their streams go to the packed journal, and the
    // evaluation loop's events ride with their commands as companions.
    packing: { packedStreamPrefix: REWARD_STREAM_PREFIX, companionCommands: REWARD_COMMAND_TYPES },
    logger: parts.logger,
    onCommit: observeLedgerCommits(parts.metrics),
    retryMs: config.writerLeaseRetryMs,
    ...(parts.now ? { now: parts.now } : {}),
    onChange: (active) => {
      stopActive();
      if (!active) return;
      if (commands) stopServing = serveLedgerCommands(commands, active);
      stopServices = services.map((start) => start());
    },
  });
  return {
    get writer() {
      return role.writer;
    },
    whileActive(start) {
      services.push(start);
      if (role.writer) stopServices.push(start());
    },
    async stop() {
      stopActive();
      await role.stop();
    },
  };
}

/**
 * The worker role: the domains' timers (lease expiry, budget alerts, auto-recharge, payouts,
 * Langfuse sync) run in the one process that holds the worker lease; the others try again every
 * `WRITER_LEASE_RETRY_MS` and take over when it is free (its holder stopped or died). On PGlite
 * the one process holds every lease.
 */
export async function startWorker(
  context: DomainContext,
  processes: ReadonlyArray<(context: DomainContext) => Promise<DomainProcess>>,
): Promise<DomainProcess> {
  const { config, sql, logger } = context;
  return runWhileLeased({
    sql,
    key: WORKER_LEASE_KEY,
    retryMs: config.writerLeaseRetryMs,
    name: 'worker timers',
    logger,
    async start() {
      const running: DomainProcess[] = [];
      const stopJobs = async () => {
        for (const job of running.splice(0).reverse()) await job.stop();
      };
      try {
        for (const start of processes) running.push(await start(context));
      } catch (error) {
        await stopJobs();
        throw error;
      }
      return { stop: stopJobs };
    },
  });
}
