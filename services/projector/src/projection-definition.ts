import { applyEvents } from './apply-events.js';
import type { ApplyProjection } from './project-batch.js';
import { LIVE_TABLES, WALLET_PROJECTION } from './read-model-tables.js';

/**
 * A projection as the rebuild and the audit see it: its checkpoint name, the tables it alone
 * writes, and how it writes a batch. `apply` must name its tables unqualified (as every handler
 * does): a rebuild runs it with the search path pointing at shadow copies of `tables`, so the
 * same code fills the shadow. Registering a projection here is all it takes to have it rebuilt,
 * compared and audited.
 */
export interface ProjectionDefinition {
  name: string;
  tables: readonly string[];
  apply: ApplyProjection;
}

/** The wallet projection: account_balances and wallet_transactions. */
export const WALLET_READ_MODELS: ProjectionDefinition = {
  name: WALLET_PROJECTION,
  tables: [LIVE_TABLES.accountBalances, LIVE_TABLES.walletTransactions, LIVE_TABLES.rewardDays],
  apply: (tx, events) => applyEvents(tx, events, LIVE_TABLES),
};
