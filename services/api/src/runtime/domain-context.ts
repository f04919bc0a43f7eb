import type { SqlClient } from '@evalmarket/db';
import type { EventStore } from '@evalmarket/eventstore';
import type { Projector } from '@evalmarket/projector';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../app/build-app.js';
import type { AppMetrics } from '../app/metrics.js';
import type { AppConfig } from '../config/config.js';
import type { AccessTokens } from '../identity/access-tokens.js';
import type { Mailer } from '../identity/mailer.js';
import type { LedgerGateway } from '../ledger/ledger-gateway.js';
import type { ReadBarrier } from '../events/read-barrier.js';
import type { LoopServices } from '../evaluations/loop/loop-services.js';
import type { PaymentsGateway } from '../payments/payments-gateway.js';

/**
 * What every domain plugin (identity, wallet, payments, evaluations, evaluator, admin, ...) is
 * given by the composition root. Writes go to the event store (money through the ledger writer);
 * reads come from the read models that the two projectors keep.
 */
export interface DomainContext {
  config: AppConfig;
  sql: SqlClient;
  store: EventStore;
  /** Money commands (to the active ledger writer, in this process or another). */
  ledger: LedgerGateway;
  /** Balances and wallet transactions. */
  wallet: Projector;
  /** Every other read model (see createDomainProjection). */
  domain: Projector;
  logger: FastifyBaseLogger;
  /** Outgoing email (SMTP, or the log and the development mailbox). */
  mailer: Mailer;
  accessTokens: AccessTokens;
  /** The clock; tests move it. */
  now(): Date;
  /** Read-your-writes for writes that reply before the projections have them (read-barrier.ts). */
  readBarrier: ReadBarrier;
  /** The evaluation loop's claim books, cache, group appender and writer (one set per runtime). */
  loop: LoopServices;
  /** How the API reaches Stripe: started on first use, closed with the runtime. */
  payments(): Promise<PaymentsGateway>;
  /** Prometheus metrics (worker runs); absent in contexts built by hand. */
  metrics?: AppMetrics;
}

/** A domain's HTTP routes, registered under /api/v1. */
export type DomainPlugin = (app: App, context: DomainContext) => Promise<void>;
