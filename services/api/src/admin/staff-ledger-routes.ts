import { ZAccountLedger, ZEntityId, ZEventLinks, ZLedgerQuery, ZPersonBalances } from '@evalmarket/contracts';
import { userAccount } from '@evalmarket/ledger';
import { getAccountBalance } from '@evalmarket/projector';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { accountFigures, readAccountLedger } from './account-ledger.js';
import { eventLinks } from './event-links.js';

const json = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;

/**
 * The staff's tie-out, admin only: a person's balances, each account's ledger with its running
 * balance, and what an event links to (people, accounts, evaluation, Stripe objects).
 */
export async function staffLedgerRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
  async function requirePerson(id: string): Promise<void> {
    const { rows } = await sql.query('SELECT 1 FROM users WHERE id = $1', [id]);
    if (!rows[0]) throw new NotFoundError('User not found');
  }

  app.get(
    '/admin/users/:id/balances',
    {
      schema: {
        tags: ['admin'],
        summary: 'A person’s spending and earning balances (available, pending, incoming, posted)',
        params: z.object({ id: ZEntityId }),
        response: { 200: ZPersonBalances },
      },
    },
    async (request) => {
      const userId = request.params.id;
      await requirePerson(userId);
      const [spending, earning] = await Promise.all([
        getAccountBalance(sql, userId, 'spending'),
        getAccountBalance(sql, userId, 'earning'),
      ]);
      return {
        user_id: userId,
        spending: { account_id: spending.account_id, ...accountFigures(spending) },
        earning: { account_id: earning.account_id, ...accountFigures(earning) },
      };
    },
  );

  app.get(
    '/admin/users/:id/ledger',
    {
      schema: {
        tags: ['admin'],
        summary:
          'One account of a person, posting by posting in log order with the balances after each (keyset pages: pass next_after as after)',
        params: z.object({ id: ZEntityId }),
        querystring: ZLedgerQuery,
        response: { 200: ZAccountLedger },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requirePerson(id);
      const { context: kind, after, limit } = request.query;
      return readAccountLedger(sql, userAccount(kind, id), { after, limit });
    },
  );

  app.get(
    '/admin/events/:id/links',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What one event (by global position) names: people with name and email, accounts, evaluation, Stripe objects',
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: ZEventLinks },
      },
    },
    async (request) => {
      const { rows } = await sql.query<{ data: unknown; metadata: unknown }>(
        'SELECT data, metadata FROM event_log WHERE global_position = $1',
        [request.params.id],
      );
      if (!rows[0]) throw new NotFoundError('Event not found');
      return eventLinks(sql, json(rows[0].data), json(rows[0].metadata));
    },
  );
}
