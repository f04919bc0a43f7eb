import type { TStoredEvent } from '@evalmarket/contracts';
import type { TransactionExecutor } from '@evalmarket/db';
import { applyEvents } from './apply-events.js';
import { walletBulkFold } from './bulk-wallet.js';
import type { ApplyProjection } from './project-batch.js';
import { LIVE_TABLES, WALLET_PROJECTION } from './read-model-tables.js';

/**
 * A projection's read models folded in memory over a rebuild's bulk replay (position 0 up to the
 * live checkpoint), then written once, as plain rows copied into the shadow's empty
 * tables, which have no index yet: the keys are built afterwards in one sort each. The rows must
 * be exactly the ones `apply` leaves after the same events (the comparison with the live tables
 * says so when they are not). Tables are named unqualified, as in `apply`.
 */
export interface BulkFold {
  /** The next events in position order. */
  add(events: readonly TStoredEvent[]): void;
  /** How many rows the fold holds: the rebuild writes it once they reach MAX_FOLDED_ROWS. */
  readonly rows: number;
  /** Writes every folded row into the projection's empty tables (called once). */
  write(tx: TransactionExecutor): Promise<void>;
}

/**
 * How a projection's rebuild may fold its hot tables in memory instead of writing them row by
 * row. The fold takes the events that write `tables` and nothing else; when those are not all
 * of the projection's tables, `rest` writes the others during the fold, group by group, from
 * every event (it ignores the ones the fold takes). The fold's and the rest's tables are apart:
 * neither reads or writes the other's, so applying the rest before the fold is written changes
 * nothing either way.
 */
export interface BulkPath {
  /** The tables the fold writes (its shadows are filled without keys, keyed after the write). */
  tables: readonly string[];
  fold: () => BulkFold;
  /** Writes the events the fold does not take into the projection's other tables. */
  rest?: ApplyProjection;
}

/**
 * A projection as the rebuild and the audit see it: its checkpoint name, the tables it alone
 * writes, and how it writes a batch. `apply` must name its tables unqualified (as every handler
 * does): a rebuild runs it with the search path pointing at shadow copies of `tables`, so the
 * same code fills the shadow. Registering a projection here is all it takes to have it rebuilt,
 * compared and audited. A projection may also give a `bulk` path: the rebuild then folds the
 * log into its hot tables before writing them, up to a bound on the rows held, and `apply`
 * writes the events that came after that.
 */
export interface ProjectionDefinition {
  name: string;
  tables: readonly string[];
  apply: ApplyProjection;
  bulk?: BulkPath;
}

const WALLET_TABLES = [LIVE_TABLES.accountBalances, LIVE_TABLES.walletTransactions, LIVE_TABLES.rewardDays];

/** The wallet projection: account_balances, wallet_transactions and wallet_reward_days, all folded. */
export const WALLET_READ_MODELS: ProjectionDefinition = {
  name: WALLET_PROJECTION,
  tables: WALLET_TABLES,
  apply: (tx, events) => applyEvents(tx, events, LIVE_TABLES),
  bulk: { tables: WALLET_TABLES, fold: () => walletBulkFold(LIVE_TABLES) },
};
