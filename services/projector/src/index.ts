export { applyEvents, type ApplyEventsResult } from './apply-events.js';
export {
  projectBatch,
  type ApplyProjection,
  type ProjectBatchOptions,
  type ProjectBatchResult,
} from './project-batch.js';
export {
  createDomainProjection,
  handlerOfRuns,
  withoutEventTypes,
  DOMAIN_PROJECTION,
  type DomainEventHandler,
  type DomainEventHandlers,
} from './domain-projection.js';
export { segmentsInTypeOrder } from './type-order-segments.js';
export {
  runProjector,
  DEFAULT_PROJECTOR_BATCH_SIZE,
  type Projector,
  type ProjectorSource,
  type RunProjectorOptions,
  type EventBusLike,
} from './run-projector.js';
export { readCheckpoint } from './checkpoint.js';
export {
  ProjectionLagError,
  ProjectionStuckError,
  EventApplyError,
  describeError,
  type ProjectionStuck,
} from './projection-errors.js';
export { DEFAULT_RETRY_POLICY, type ProjectionRetryPolicy } from './projection-retries.js';
export { readProjectionStatuses, type ProjectionStatus } from './projection-status.js';
export { waitForCheckpoint, type WaitForCheckpointOptions } from './wait-for-checkpoint.js';
export { checkpointView } from './checkpoint-view.js';
export {
  getWalletBalance,
  getAccountBalance,
  getAccountBalances,
  walletBalanceOf,
} from './get-wallet-balance.js';
export { userAccountId } from './accounts.js';
export {
  listWalletTransactions,
  InvalidWalletCursorError,
  type ListWalletTransactionsOptions,
  type WalletTransactionsPage,
} from './list-wallet-transactions.js';
export {
  rebuildReadModels,
  readLogOnly,
  ratePerSecond,
  type LogReadReport,
  type RebuildReadModelsOptions,
  type RebuildReport,
  type RebuildProgress,
  type ProjectionComparison,
  type TableComparison,
  type RowDifference,
  type ColumnDifference,
} from './rebuild-read-models.js';
export { ShadowReplay, type SettleOptions } from './rebuild/shadow-replay.js';
export { readTableShape, type TableShape } from './rebuild/table-shape.js';
export {
  WALLET_READ_MODELS,
  type BulkFold,
  type BulkPath,
  type ProjectionDefinition,
} from './projection-definition.js';
export { insertRows } from './bulk-insert.js';
export {
  auditLedger,
  DEFAULT_MAX_PROJECTION_LAG,
  type AuditLedgerOptions,
  type AuditReport,
  type AuditCheck,
  type AuditCheckName,
} from './audit-ledger.js';
export { formatAuditReport } from './format-audit-report.js';
export { formatRebuildReport } from './format-rebuild-report.js';
export { walletMovements, type WalletMovement, type TransactionStatus } from './wallet-movements.js';
export { MalformedPostingError } from './read-postings.js';
export { WALLET_PROJECTION, LIVE_TABLES, type ReadModelTables } from './read-model-tables.js';
export {
  rewardDayTotals,
  rewardDayChanges,
  utcDay,
  type RewardDayTotals,
  type RewardDayChange,
} from './reward-days.js';
