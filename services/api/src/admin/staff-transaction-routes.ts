import { ZStaffTransaction, type TStaffTransaction } from '@evalmarket/contracts';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { atOrAfter, before, contains, equals, raList, ZRaListQuery } from './ra-list.js';
import { iso } from './staff-rows.js';

function toStaffTransaction(row: Record<string, unknown>): TStaffTransaction {
  return {
    id: String(row.id),
    user_id: String(row.user_id),
    context: String(row.context),
    type: String(row.type),
    amount: Number(row.amount),
    status: String(row.status),
    description: String(row.description),
    code: String(row.code),
    transfer_id: String(row.transfer_id),
    created_at: iso(row.created_at),
    global_position: Number(row.global_position),
  };
}

/** The wallet transactions of every person (the wallet_transactions read model). */
export async function staffTransactionRoutes(app: App, context: DomainContext): Promise<void> {
  app.get(
    '/admin/transactions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Wallet transactions of everyone (react-admin list)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffTransaction) },
      },
    },
    async (request, reply) =>
      (await raList(
        context.sql,
        reply,
        {
          resource: 'transactions',
          select:
            'id, user_id, context, type, amount, status, description, code, transfer_id, created_at, global_position',
          from: 'wallet_transactions',
          id: 'id',
          sortFields: {
            id: 'id',
            created_at: 'global_position',
            global_position: 'global_position',
            amount: 'amount',
          },
          notNull: ['global_position', 'amount'],
          defaultSort: ['global_position', 'DESC'],
          filters: {
            user_id: equals('user_id'),
            context: equals('context'),
            status: equals('status'),
            type: equals('type'),
            code: equals('code'),
            transfer_id: equals('transfer_id'),
            q: contains('description', 'user_id'),
            created_from: atOrAfter('created_at'),
            created_to: before('created_at'),
          },
          toRecord: toStaffTransaction,
        },
        request.query,
      )) as TStaffTransaction[],
  );
}
