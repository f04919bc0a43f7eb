import type { TransactionExecutor } from '@evalmarket/db';
import { balanceParameters, movementParameters, WalletFold } from './apply-events.js';
import type { BulkFold } from './projection-definition.js';
import {
  ACCOUNT_BALANCE_COLUMNS,
  REWARD_DAY_COLUMNS,
  WALLET_TRANSACTION_COLUMNS,
  type ReadModelTables,
} from './read-model-tables.js';
import { rewardDayChanges, rewardDayParameters } from './reward-days.js';

/**
 * The wallet's bulk path: the same fold as a batch's (WalletFold), over the whole replay, written
 * as plain rows. The balances are the summed deltas from zero, the transactions the folded rows,
 * and the reward roll-up the rows' buckets at their last status: what the batch writer's upserts
 * and status moves add up to, since a row's amount and creation time never change.
 */
export function walletBulkFold(tables: ReadModelTables): BulkFold {
  const fold = new WalletFold();
  return {
    add: (events) => fold.add(events),
    get rows() {
      return fold.deltas.size + fold.movements.size;
    },
    async write(tx: TransactionExecutor) {
      const balances = [...fold.deltas.values()];
      await tx.copyColumns(
        tables.accountBalances,
        ACCOUNT_BALANCE_COLUMNS,
        balanceParameters(balances, fold.touchedAt),
      );
      const movements = [...fold.movements.values()];
      await tx.copyColumns(
        tables.walletTransactions,
        WALLET_TRANSACTION_COLUMNS,
        movementParameters(movements),
      );
      const days = rewardDayChanges(movements, new Map());
      await tx.copyColumns(tables.rewardDays, REWARD_DAY_COLUMNS, rewardDayParameters(days));
    },
  };
}
