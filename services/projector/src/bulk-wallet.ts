import type { SqlExecutor } from '@evalmarket/db';
import { insertChunks } from './bulk-insert.js';
import {
  balanceParameters,
  insertBalances,
  insertMovements,
  movementParameters,
  WalletFold,
} from './apply-events.js';
import type { BulkFold } from './projection-definition.js';
import type { ReadModelTables } from './read-model-tables.js';
import { insertRewardDays, rewardDayChanges, rewardDayParameters } from './reward-days.js';

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
    async write(tx: SqlExecutor) {
      const balances = [...fold.deltas.values()];
      for (const rows of insertChunks(balances)) {
        await tx.query(insertBalances(tables.accountBalances), balanceParameters(rows, fold.touchedAt));
      }
      const movements = [...fold.movements.values()];
      for (const rows of insertChunks(movements)) {
        await tx.query(insertMovements(tables.walletTransactions), movementParameters(rows));
      }
      const days = rewardDayChanges(movements, new Map());
      for (const rows of insertChunks(days)) {
        await tx.query(insertRewardDays(tables.rewardDays), rewardDayParameters(rows));
      }
    },
  };
}
