import { connectDatabase, migrate, type SqlClient } from '@evalmarket/db';
import { createInProcessBus, createJetStreamBus, type EventBus } from '@evalmarket/eventbus';
import { createPostgresEventStore, type EventStore } from '@evalmarket/eventstore';
import { createLedgerClient, fencedSqlClient, FenceSlot } from '@evalmarket/ledger-writer';
import {
  checkpointView,
  createDomainProjection,
  DOMAIN_PROJECTION,
  readCheckpoint,
  runProjector,
  WALLET_PROJECTION,
  type Projector,
} from '@evalmarket/projector';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from '../app/build-app.js';
import { registerConsoles } from '../app/consoles.js';
import { createLogger, wantsPrettyLogs } from '../app/logger.js';
import type { LangfuseFake } from '@evalmarket/langfuse-double';
import type { AppConfig } from '../config/config.js';
import { startLocalLangfuse } from './local-langfuse.js';
import { devRoutes } from '../dev/dev-routes.js';
import { walletRoutes } from '../wallet/wallet-routes.js';
import { createAccessTokens } from '../identity/access-tokens.js';
import { requireSignInFirst } from '../auth/guards.js';
import { registerAuthentication } from '../identity/authenticate.js';
import { ReadBarrier, registerReadBarrier } from '../events/read-barrier.js';
import { LoopInvalidations } from '../evaluations/loop/loop-cache.js';
import { createLoopServices } from '../evaluations/loop/loop-services.js';
import { followLoopChanges } from '../evaluations/loop/loop-change-feed.js';
import { createMailer } from '../identity/mailer.js';
import { serverSecret } from '../identity/server-secrets.js';
import { AppMetrics } from '../app/metrics.js';
import {
  busReadiness,
  projectionFailureHandling,
  projectionStatuses,
  registerStateGauges,
} from './observe-runtime.js';
import { paymentsGatewayOnDemand } from '../payments/payments-gateway.js';
import type { DomainContext } from './domain-context.js';
import { ledgerGateway, type LedgerGateway } from '../ledger/ledger-gateway.js';
import { startCommandTransport, startWorker, startWriter, type ProcessWriter } from './process-roles.js';
import { DOMAIN_EVENT_HANDLERS, DOMAIN_PLUGINS, DOMAIN_PROCESSES } from './domains.js';

/** Events per domain projection batch when embedded (see where it is used). */
const EMBEDDED_DOMAIN_BATCH = 200;

/**
 * While events keep coming, each projection takes a batch at most this often (never while a
 * request waits for it): under the evaluation loop's load this cuts the projections'
 * transactions severalfold (services/api/README.md, Throughput).
 */
const PROJECTION_PACING_MS = 50;

/**
 * Likewise for the relay's rounds (never while a reader here waits): fewer, fuller stream
 * messages, so fewer publishes, deliveries and acks per event.
 */
const RELAY_PACING_MS = 20;

/**
 * Fail-over bounds when several processes share the log: a standby relay takes over within this
 * long of its leader's death, and events a dead projector held go to the others after the ack
 * wait (messages a live one holds are kept alive meanwhile, however long their batch takes).
 */
const RELAY_STANDBY_POLL_MS = 1_000;
const CONSUMER_ACK_WAIT_MS = 3_000;
/**
 * The leases that let one projector process at a time pull each projection's durable consumer
 * (the others stand by; see ProjectorSource's `lease`). Beside the writer's (7_331_003) and the
 * worker's (7_331_004).
 */
const PROJECTION_LEASE_KEYS = { [WALLET_PROJECTION]: 7_331_005, [DOMAIN_PROJECTION]: 7_331_006 };

export interface Runtime {
  app: App;
  sql: SqlClient;
  store: EventStore;
  /** Money commands, to this process's writer or the active one elsewhere. */
  ledger: LedgerGateway;
  /** This process's writer role: active, or standing by (absent without the writer role). */
  writer: ProcessWriter | undefined;
  /** The wallet projection (balances, wallet transactions). */
  projector: Projector;
  /** Every other read model. */
  domainProjector: Projector;
  context: DomainContext;
  bus: EventBus;
  metrics: AppMetrics;
  /** The embedded default's Langfuse double (outside production only), for the demo world. */
  localLangfuse: LangfuseFake | undefined;
  close(): Promise<void>;
}

/**
 * The composition root: database (PostgreSQL or PGlite), event store, ledger writer, event bus
 * (NATS JetStream or in-process), projector and the HTTP app, wired once. `main.ts` listens;
 * tests use `app.inject`.
 */
export interface RuntimeOptions {
  logger?: FastifyBaseLogger;
  /** JetStream stream and subject prefix; by default NATS_STREAM and NATS_SUBJECT_PREFIX. */
  nats?: { streamName: string; subjectPrefix: string };
  /**
   * The clock of events, ledger decisions and the domains (`context.now`); the wall clock by
   * default. The world generator (`npm run seed:scale`) moves it across a year.
   */
  clock?: () => Date;
}

/**
 * The composition root, longer than 100 lines on purpose: the order in which the parts start (and
 * stop, in reverse) reads top to bottom in one place.
 */
export async function startRuntime(settings: AppConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const logger =
    options.logger ?? createLogger({ level: settings.logLevel, pretty: wantsPrettyLogs(settings.nodeEnv) });
  // The embedded default outside production brings its own Langfuse, reachable over the allow-list.
  const localLangfuse =
    !settings.databaseUrl && settings.devEndpoints && settings.nodeEnv !== 'production'
      ? await startLocalLangfuse(settings.dataDir, logger)
      : undefined;
  const config: AppConfig = localLangfuse
    ? { ...settings, outboundAllowedOrigins: [...settings.outboundAllowedOrigins, localLangfuse.url] }
    : settings;
  const sql = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    async (error: unknown) => {
      await localLangfuse?.close();
      throw error;
    },
  );
  const closers: Array<() => Promise<void>> = [() => sql.close()];
  if (localLangfuse) closers.push(() => localLangfuse.close());
  const closeAll = async () => {
    for (const close of closers.reverse())
      await close().catch((error) => logger.error({ err: error }, 'close failed'));
  };
  try {
    await migrate(sql);
    // The store's transactions carry this process's writer fence while it holds the lease.
    const fence = new FenceSlot();
    const clock = options.clock ?? (() => new Date());
    const store = createPostgresEventStore(fencedSqlClient(sql, fence), { now: clock });
    const metrics = new AppMetrics();
    const nats = options.nats ?? { streamName: config.natsStream, subjectPrefix: config.natsSubjectPrefix };
    const commands = await startCommandTransport(config, nats.subjectPrefix, logger);
    if (commands) closers.push(() => commands.close());
    const writer = await startWriter(config, {
      store,
      sql,
      fence,
      commands,
      logger,
      metrics,
      now: () => clock().getTime(),
    });
    if (writer) closers.push(() => writer.stop());
    const ledger = ledgerGateway(
      createLedgerClient({
        localWriter: () => writer?.writer,
        transport: commands,
        deadlineMs: config.ledgerCommandDeadlineMs,
      }),
    );

    const bus: EventBus = config.natsUrl
      ? await createJetStreamBus({
          natsUrl: config.natsUrl.split(','),
          store,
          sql,
          logger,
          relay: { pacingMs: RELAY_PACING_MS, standbyPollMs: RELAY_STANDBY_POLL_MS },
          consumer: { ackWaitMs: CONSUMER_ACK_WAIT_MS },
          ...nats,
        })
      : createInProcessBus({ store, startAfter: (name) => readCheckpoint(sql, name), logger });
    closers.push(() => bus.close());

    const loopNotes = new LoopInvalidations();
    const runsProjections = config.roles.has('projector');
    // With JetStream several processes may run the projections: one at a time pulls each.
    const leased = (projection: keyof typeof PROJECTION_LEASE_KEYS) =>
      config.natsUrl
        ? { lease: { key: PROJECTION_LEASE_KEYS[projection], retryMs: config.writerLeaseRetryMs, logger } }
        : {};
    // Without the projector role, the read models are another process's: waits for
    // read-your-writes poll their stored checkpoints.
    const projector = runsProjections
      ? await runProjector({
          sql,
          source: { kind: 'bus', bus, consumerName: WALLET_PROJECTION, ...leased(WALLET_PROJECTION) },
          pacingMs: PROJECTION_PACING_MS,
          ...projectionFailureHandling(config, logger),
        })
      : checkpointView(sql, WALLET_PROJECTION);
    closers.push(() => projector.stop());

    const domainProjector = runsProjections
      ? await runProjector({
          sql,
          projection: DOMAIN_PROJECTION,
          apply: loopNotes.wrap(createDomainProjection(DOMAIN_EVENT_HANDLERS)),
          // Embedded, every transaction shares PGlite's one connection: smaller batches keep a busy
          // projection from holding the claims and votes up for long. PostgreSQL has a pool.
          source: {
            kind: 'bus',
            bus,
            consumerName: DOMAIN_PROJECTION,
            ...(config.natsUrl
              ? leased(DOMAIN_PROJECTION)
              : config.databaseUrl
                ? {}
                : { batchSize: EMBEDDED_DOMAIN_BATCH }),
          },
          pacingMs: PROJECTION_PACING_MS,
          ...projectionFailureHandling(config, logger),
        })
      : checkpointView(sql, DOMAIN_PROJECTION);
    closers.push(() => domainProjector.stop());

    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
    closers.push(() => mailer.close());
    const signingKey = config.authSecret
      ? Buffer.from(config.authSecret, 'utf8')
      : await serverSecret(sql, 'access_token_signing_key');
    const accessTokens = createAccessTokens(signingKey);

    // The services every domain shares, built once here and handed over in the context.
    const readBarrier = new ReadBarrier({ domain: domainProjector, wallet: projector });
    const parts = { config, sql, store, ledger, wallet: projector, domain: domainProjector, logger };
    const loop = createLoopServices({ ...parts, barrier: readBarrier, invalidations: loopNotes, commands });
    writer?.whileActive(loop.becomeActive);
    if (commands) {
      // Several processes may share the log: the loop's caches and books follow it (not only
      // this process's projection).
      const feed = await followLoopChanges({ store, notes: loopNotes, books: loop.books, logger });
      closers.push(() => feed.stop());
    }
    // Closed after the app and the domain processes that use it (closers run in reverse).
    const payments = paymentsGatewayOnDemand({ config, logger });
    closers.push(() => payments.close());
    const context: DomainContext = {
      ...parts,
      mailer,
      accessTokens,
      readBarrier,
      loop,
      payments: payments.get,
      now: clock,
      metrics,
    };

    const statuses = projectionStatuses(sql, store);
    registerStateGauges(metrics, { statuses, ledger, bus });
    const app = await buildApp({
      config,
      sql,
      logger,
      metrics,
      projections: statuses,
      readinessChecks: busReadiness(bus),
      payments: async () => {
        const gateway = await payments.get();
        return gateway.mode === 'stripe' ? { mode: 'stripe' } : { mode: 'local', apiBase: gateway.apiBase! };
      },
      register: async (api) => {
        registerAuthentication(api, { sql, tokens: accessTokens });
        requireSignInFirst(api);
        registerReadBarrier(api, readBarrier);
        await api.register(walletRoutes, { prefix: '/api/v1', sql });
        for (const plugin of DOMAIN_PLUGINS) {
          await api.register(async (scope) => plugin(scope, context), { prefix: '/api/v1' });
        }
        await registerConsoles(api);
        if (config.devEndpoints)
          await api.register(devRoutes, { prefix: '/api/v1', sql, store, ledger, projector, mailer });
      },
    });
    closers.push(() => app.close());
    if (config.roles.has('worker')) {
      const worker = await startWorker(context, DOMAIN_PROCESSES);
      closers.push(() => worker.stop());
    }
    return {
      app,
      sql,
      store,
      ledger,
      writer,
      projector,
      domainProjector,
      context,
      bus,
      metrics,
      localLangfuse,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
