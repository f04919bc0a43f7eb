import { connectDatabase, migrate, type SqlClient } from '@evalmarket/db';
import { createInProcessBus, createJetStreamBus, type EventBus } from '@evalmarket/eventbus';
import { createPostgresEventStore, type EventStore } from '@evalmarket/eventstore';
import { startLedgerWriter, type LedgerWriter } from '@evalmarket/ledger-writer';
import {
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
import type { AppConfig } from '../config/config.js';
import { devRoutes } from '../dev/dev-routes.js';
import { walletRoutes } from '../wallet/wallet-routes.js';
import { createAccessTokens } from '../identity/access-tokens.js';
import { requireSignInFirst } from '../auth/guards.js';
import { registerAuthentication } from '../identity/authenticate.js';
import { ReadBarrier, registerReadBarrier } from '../events/read-barrier.js';
import { LoopInvalidations } from '../evaluations/loop/loop-cache.js';
import { createLoopServices } from '../evaluations/loop/loop-services.js';
import { createMailer } from '../identity/mailer.js';
import { serverSecret } from '../identity/server-secrets.js';
import { AppMetrics } from '../app/metrics.js';
import {
  busReadiness,
  observeLedgerCommits,
  projectionFailureHandling,
  projectionStatuses,
  registerStateGauges,
} from './observe-runtime.js';
import { paymentsGatewayOnDemand } from '../payments/payments-gateway.js';
import type { DomainContext } from './domain-context.js';
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

export interface Runtime {
  app: App;
  sql: SqlClient;
  store: EventStore;
  ledger: LedgerWriter;
  /** The wallet projection (balances, wallet transactions). */
  projector: Projector;
  /** Every other read model. */
  domainProjector: Projector;
  context: DomainContext;
  bus: EventBus;
  metrics: AppMetrics;
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
}

export async function startRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const logger =
    options.logger ?? createLogger({ level: config.logLevel, pretty: wantsPrettyLogs(config.nodeEnv) });
  const sql = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const closers: Array<() => Promise<void>> = [() => sql.close()];
  const closeAll = async () => {
    for (const close of closers.reverse())
      await close().catch((error) => logger.error({ err: error }, 'close failed'));
  };
  try {
    await migrate(sql);
    const store = createPostgresEventStore(sql);
    const metrics = new AppMetrics();
    const ledger = await startLedgerWriter({ store, sql, logger, onCommit: observeLedgerCommits(metrics) });
    closers.push(() => ledger.stop());

    const bus: EventBus = config.natsUrl
      ? await createJetStreamBus({
          natsUrl: config.natsUrl.split(','),
          store,
          sql,
          logger,
          relay: { pacingMs: RELAY_PACING_MS },
          ...(options.nats ?? { streamName: config.natsStream, subjectPrefix: config.natsSubjectPrefix }),
        })
      : createInProcessBus({ store, startAfter: (name) => readCheckpoint(sql, name), logger });
    closers.push(() => bus.close());

    const projector = await runProjector({
      sql,
      source: { kind: 'bus', bus, consumerName: WALLET_PROJECTION },
      pacingMs: PROJECTION_PACING_MS,
      ...projectionFailureHandling(config, logger),
    });
    closers.push(() => projector.stop());

    const loopNotes = new LoopInvalidations();
    const domainProjector = await runProjector({
      sql,
      projection: DOMAIN_PROJECTION,
      apply: loopNotes.wrap(createDomainProjection(DOMAIN_EVENT_HANDLERS)),
      // Embedded, every transaction shares PGlite's one connection: smaller batches keep a busy
      // projection from holding the claims and votes up for long.
      source: {
        kind: 'bus',
        bus,
        consumerName: DOMAIN_PROJECTION,
        ...(config.natsUrl ? {} : { batchSize: EMBEDDED_DOMAIN_BATCH }),
      },
      pacingMs: PROJECTION_PACING_MS,
      ...projectionFailureHandling(config, logger),
    });
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
    const loop = createLoopServices({ ...parts, barrier: readBarrier, invalidations: loopNotes });
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
      now: () => new Date(),
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
          await api.register(devRoutes, { prefix: '/api/v1', sql, ledger, projector, mailer });
      },
    });
    closers.push(() => app.close());
    for (const startProcess of DOMAIN_PROCESSES) {
      const process = await startProcess(context);
      closers.push(() => process.stop());
    }
    return { app, sql, store, ledger, projector, domainProjector, context, bus, metrics, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
