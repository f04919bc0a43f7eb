import type { SqlExecutor } from '@evalmarket/db';
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
 * Rows per insert statement. Each statement's parameters are built whole in memory (12 arrays
 * of this many values for the transactions), so this bounds the extra memory of writing.
 */
const ROWS_PER_INSERT = 10_000;

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
      for (const rows of chunks(balances)) {
        await tx.query(insertBalances(tables.accountBalances), balanceParameters(rows, fold.touchedAt));
      }
      const movements = [...fold.movements.values()];
      for (const rows of chunks(movements)) {
        await tx.query(insertMovements(tables.walletTransactions), movementParameters(rows));
      }
      const days = rewardDayChanges(movements, new Map());
      for (const rows of chunks(days)) {
        await tx.query(insertRewardDays(tables.rewardDays), rewardDayParameters(rows));
      }
    },
  };
}

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) yield rows.slice(at, at + ROWS_PER_INSERT);
}
