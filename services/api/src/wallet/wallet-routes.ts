import {
  ZUserAccountKind,
  ZWalletBalanceReply,
  ZWalletTransactionsQuery,
  ZWalletTransactionsReply,
} from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import {
  getAccountBalances,
  InvalidWalletCursorError,
  listWalletTransactions,
  userAccountId,
  walletBalanceOf,
} from '@evalmarket/projector';
import { z } from 'zod';
import { BatchLoader } from '../http/batch-loader.js';
import { NEXT_PAGE_HEADER } from '../http/keyset-cursor.js';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { ValidationError } from '../http/errors.js';

/** Header carrying the cursor of the next (older) page of transactions. */
export { NEXT_PAGE_HEADER };

export async function walletRoutes(app: App, options: { sql: SqlClient }): Promise<void> {
  const { sql } = options;
  // The wallet is read on every screen: the balance reads of concurrent requests share a query.
  const balances = new BatchLoader((accountIds: string[]) => getAccountBalances(sql, accountIds));

  app.get(
    '/wallet/balance',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Credits the signed-in person can use now, in one context (spending by default)',
        querystring: z.object({ context: ZUserAccountKind.default('spending') }),
        response: { 200: ZWalletBalanceReply },
      },
    },
    async (request) => {
      const accountId = userAccountId(requireUser(request), request.query.context);
      // getAccountBalances answers every account asked for (zeros where nothing has moved yet).
      return walletBalanceOf((await balances.load(accountId))!);
    },
  );

  app.get(
    '/wallet/transactions',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Newest first; `before` (from the x-next-before header) pages stably while new rows arrive',
        querystring: ZWalletTransactionsQuery,
        response: { 200: ZWalletTransactionsReply },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      try {
        const page = await listWalletTransactions(sql, { userId, ...request.query });
        if (page.next_before) reply.header(NEXT_PAGE_HEADER, page.next_before);
        return page.transactions;
      } catch (error) {
        if (error instanceof InvalidWalletCursorError) {
          throw ValidationError.at(['query', 'before'], 'is not a cursor this server gave out');
        }
        throw error;
      }
    },
  );
}
