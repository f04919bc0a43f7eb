export { accountBalance, availableBalance, emptyAccountBalance } from './account-balance.js';
export {
  earningAccount,
  isPlatformAccount,
  isUserAccount,
  spendingAccount,
  userAccount,
} from './account-ids.js';
export { applyPosting, applyPostings } from './apply-postings.js';
export { lacksCredits, wouldOverflow } from './balance-checks.js';
export { cashoutBreakdown, cashoutFee, type CashoutBreakdown } from './cashout-fee.js';
export {
  checkBalances,
  checkInvariants,
  type InvariantName,
  type InvariantViolation,
} from './check-invariants.js';
export { decide } from './decide.js';
export type { Decision, DecidedLedgerEvent } from './decision.js';
export { ledgerEventDataJson } from './event-json.js';
export { evolve } from './evolve.js';
export {
  LEDGER_COMMAND_TYPES,
  REWARD_COMMAND_TYPES,
  type DecideMetadata,
  type LedgerCommand,
  type LedgerCommandOf,
  type LedgerCommandType,
} from './ledger-command.js';
export { LEDGER_REJECTIONS, type LedgerRejection } from './ledger-rejection.js';
export {
  createLedgerState,
  type Adjustment,
  type Cashout,
  type CashoutStatus,
  type LedgerState,
  type Purchase,
  type Refund,
  type RewardReleaseReason,
  type RewardStatus,
  type RewardTransfer,
  type UserAccounts,
} from './ledger-state.js';
export {
  LATEST_TIMESTAMP_MS,
  MAXIMUM_EXPIRE_REWARDS_COUNT,
  MAXIMUM_ID_LENGTH,
  MAXIMUM_REASON_LENGTH,
  MAXIMUM_REWARD_TIMEOUT_MS,
} from './limits.js';
export {
  LEDGER_STREAM_CATEGORIES,
  REWARD_STREAM_PREFIX,
  adjustmentStreamId,
  bonusStreamId,
  cashoutStreamId,
  ledgerAccountsStreamId,
  ledgerStreamVersion,
  purchaseStreamId,
  refundStreamId,
  rewardStreamId,
  type LedgerStreamCategory,
} from './stream-ids.js';
