import {
  ZUserAccountKind,
  ZWalletBalanceReply,
  ZWalletTransactionsQuery,
  ZWalletTransactionsReply,
} from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import { getWalletBalance, InvalidWalletCursorError, listWalletTransactions } from '@evalmarket/projector';
import { z } from 'zod';
import { NEXT_PAGE_HEADER } from '../http/keyset-cursor.js';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { ValidationError } from '../http/errors.js';

/** Header carrying the cursor of the next (older) page of transactions. */
export { NEXT_PAGE_HEADER };

export async function walletRoutes(app: App, options: { sql: SqlClient }): Promise<void> {
  const { sql } = options;

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
    async (request) => getWalletBalance(sql, requireUser(request), request.query.context),
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
