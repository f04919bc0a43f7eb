import {
  ZProjectionStatus,
  ADMIN_SELF_DISABLE_MESSAGE,
  ADMIN_SELF_REVOKE_MESSAGE,
  userStreamId,
  ZEntityId,
  ZUserAccountKind,
  type TUserAdminEventType,
} from '@evalmarket/contracts';
import { auditLedger } from '@evalmarket/projector';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import { requestEntityId } from '../http/request-ids.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { reconcileStripe, ZStripeReconciliation } from './stripe-reconciliation.js';
import { ACTOR_PREFIX, PERSON_FIELDS } from './event-links.js';
import { atOrAfter, before, contains, equals, flag, raList, ZRaListQuery, type Bind } from './ra-list.js';

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

// ---------------------------------------------------------------------------------------------
// users

export const ZStaffUser = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  roles: z.array(z.string()),
  is_admin: z.boolean(),
  disabled: z.boolean(),
  active_context: z.string(),
  evaluator_status: z.string(),
  created_at: z.string().nullable(),
});
type TStaffUser = z.infer<typeof ZStaffUser>;

const USER_SELECT = `u.id, u.email, u.first_name, u.last_name, u.roles, u.is_admin, u.disabled, u.active_context,
  u.created_at, COALESCE(a.evaluator_status, 'not_applied') AS evaluator_status`;
const USER_FROM = 'users u LEFT JOIN evaluator_applications a ON a.user_id = u.id';

function toStaffUser(row: Record<string, unknown>): TStaffUser {
  return {
    id: String(row.id),
    email: String(row.email),
    first_name: String(row.first_name ?? ''),
    last_name: String(row.last_name ?? ''),
    roles: (row.roles as string[] | null) ?? [],
    is_admin: row.is_admin === true,
    disabled: row.disabled === true,
    active_context: String(row.active_context ?? 'spending'),
    evaluator_status: String(row.evaluator_status),
    created_at: iso(row.created_at),
  };
}

export const ZUpdateStaffUser = z
  .object({ is_admin: z.boolean().optional(), disabled: z.boolean().optional() })
  .passthrough();

// ---------------------------------------------------------------------------------------------
// transactions (wallet_transactions of every person)

export const ZStaffTransaction = z.object({
  id: z.string(),
  user_id: z.string(),
  context: z.string(),
  type: z.string(),
  amount: z.number().int(),
  status: z.string(),
  description: z.string(),
  code: z.string(),
  transfer_id: z.string(),
  created_at: z.string().nullable(),
  global_position: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// events (the raw log)

export const ZStaffEvent = z.object({
  id: z.number().int(),
  global_position: z.number().int(),
  event_id: z.string(),
  stream_id: z.string(),
  stream_version: z.number().int(),
  type: z.string(),
  schema_version: z.number().int(),
  recorded_at: z.string().nullable(),
  actor: z.string().nullable(),
  causation_id: z.string().nullable(),
  correlation_id: z.string().nullable(),
  request_id: z.string().nullable(),
  payload: z.unknown(),
  postings: z.array(z.unknown()),
  metadata: z.unknown(),
  hash: z.string(),
  prev_hash: z.string(),
});
type TStaffEvent = z.infer<typeof ZStaffEvent>;

const EVENT_SELECT = `global_position, event_id, stream_id, stream_version, type, schema_version, data, metadata,
  recorded_at, prev_hash, hash`;

function toStaffEvent(row: Record<string, unknown>): TStaffEvent {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
  const metadata = (typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata) as Record<
    string,
    unknown
  >;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: Number(row.global_position),
    global_position: Number(row.global_position),
    event_id: String(row.event_id),
    stream_id: String(row.stream_id),
    stream_version: Number(row.stream_version),
    type: String(row.type),
    schema_version: Number(row.schema_version),
    recorded_at: iso(row.recorded_at),
    actor: text(metadata?.actor),
    causation_id: text(metadata?.causation_id),
    correlation_id: text(metadata?.correlation_id),
    request_id: text(metadata?.request_id),
    payload: data,
    postings: Array.isArray(data?.postings) ? data.postings : [],
    metadata,
    hash: String(row.hash),
    prev_hash: String(row.prev_hash),
  };
}

function position(value: unknown): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) {
    throw ValidationError.at(['query', 'filter'], `${JSON.stringify(value)} is not an event position`);
  }
  return number;
}

const eventFilters: Record<string, (value: unknown, bind: Bind) => string | undefined> = {
  stream_id: equals('stream_id'),
  /** A stream prefix such as `evaluator-` or `user-u_1`. */
  stream_prefix: (value, bind) => `starts_with(stream_id, ${bind(String(value))})`,
  type: equals('type'),
  actor: equals(`(metadata->>'actor')`),
  correlation_id: equals(`(metadata->>'correlation_id')`),
  causation_id: equals(`(metadata->>'causation_id')`),
  recorded_from: atOrAfter('recorded_at'),
  recorded_to: before('recorded_at'),
  position_from: (value, bind) => `global_position >= ${bind(position(value))}`,
  position_to: (value, bind) => `global_position <= ${bind(position(value))}`,
  /** Events whose payload names this person as `user_id`. */
  user_id: (value, bind) => `(data->>'user_id') = ${bind(String(value))}`,
  /** Events that name this person in any role: owner, requester, evaluator, person or actor. */
  party: (value, bind) => {
    const id = `${bind(String(value))}::text`;
    const fields = Object.keys(PERSON_FIELDS).map((field) => `(data->>'${field}')`);
    return `(${id} IN (${fields.join(', ')}) OR (metadata->>'actor') = '${ACTOR_PREFIX}' || ${id})`;
  },
  /** Events with a posting on this account (`spending:{id}`, `earning:{id}`, `platform:fees`, ...). */
  account: (value, bind) => {
    const id = `${bind(String(value))}::text`;
    return `(data->'postings' @> jsonb_build_array(jsonb_build_object('debit', ${id}))
      OR data->'postings' @> jsonb_build_array(jsonb_build_object('credit', ${id})))`;
  },
};

// ---------------------------------------------------------------------------------------------
// adjustments

export const ZCreateAdjustment = z.object({
  user_id: ZEntityId,
  context: ZUserAccountKind.default('spending'),
  /** Signed: positive gives credits, negative takes them (never below zero). */
  amount_credits: z
    .number()
    .int()
    .refine((value) => value !== 0, 'must not be zero'),
  reason: z.string().trim().min(1, 'A reason is required for every adjustment').max(500),
});

export const ZStaffAdjustment = z.object({
  id: z.string(),
  adjustment_id: z.string(),
  user_id: z.string(),
  context: z.string(),
  amount_credits: z.number().int(),
  reason: z.string(),
  actor_id: z.string(),
  global_position: z.number().int(),
  recorded_at: z.string().nullable(),
});

function toStaffAdjustment(row: Record<string, unknown>) {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
  return {
    id: String(data.adjustment_id),
    adjustment_id: String(data.adjustment_id),
    user_id: String(data.user_id),
    context: String(data.context),
    amount_credits: Number(data.amount_credits),
    reason: String(data.reason),
    actor_id: String(data.actor_id),
    global_position: Number(row.global_position),
    recorded_at: iso(row.recorded_at),
  };
}

/**
 * The staff resources for react-admin (ra-data-simple-rest), all admin only: users (grant and
 * revoke admin, disable), transactions, the event log, adjustments, and the finance audit.
 */
export async function staffRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql, store, ledger } = context;

  // Admin first, then validation: a non-admin learns nothing about the shape of admin requests.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'People (react-admin list)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffUser) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'users',
          select: USER_SELECT,
          from: USER_FROM,
          id: 'u.id',
          sortFields: {
            id: 'u.id',
            email: 'u.email',
            created_at: 'u.created_at',
            last_name: 'u.last_name',
            is_admin: 'u.is_admin',
          },
          defaultSort: ['created_at', 'DESC'],
          filters: {
            q: contains('u.email', 'u.first_name', 'u.last_name', 'u.id'),
            email: equals('u.email'),
            is_admin: flag('u.is_admin'),
            disabled: flag('u.disabled'),
            role: (value, bind) => `${bind(String(value))} = ANY(u.roles)`,
            evaluator_status: equals(`COALESCE(a.evaluator_status, 'not_applied')`),
          },
          toRecord: toStaffUser,
        },
        request.query,
      )) as TStaffUser[],
  );

  async function getUser(id: string): Promise<TStaffUser> {
    const { rows } = await sql.query(`SELECT ${USER_SELECT} FROM ${USER_FROM} WHERE u.id = $1`, [id]);
    if (!rows[0]) throw new NotFoundError('User not found');
    return toStaffUser(rows[0]);
  }

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One person',
        params: z.object({ id: ZEntityId }),
        response: { 200: ZStaffUser },
      },
    },
    async (request) => getUser(request.params.id),
  );

  /** Records the staff actions that change anything; a no-op change records nothing. */
  async function changeUser(
    request: FastifyRequest,
    adminId: string,
    userId: string,
    change: { is_admin?: boolean; disabled?: boolean },
  ): Promise<TStaffUser> {
    const user = await getUser(userId);
    if (change.is_admin === false && userId === adminId && user.is_admin)
      throw new ConflictError(ADMIN_SELF_REVOKE_MESSAGE);
    if (change.disabled === true && userId === adminId) throw new ConflictError(ADMIN_SELF_DISABLE_MESSAGE);
    const events: Array<{ type: TUserAdminEventType; data: Record<string, string> }> = [];
    if (change.is_admin === true && !user.is_admin)
      events.push({ type: 'AdminRoleGranted', data: { user_id: userId, granted_by: adminId } });
    if (change.is_admin === false && user.is_admin)
      events.push({ type: 'AdminRoleRevoked', data: { user_id: userId, revoked_by: adminId } });
    if (change.disabled === true && !user.disabled)
      events.push({ type: 'UserDisabled', data: { user_id: userId, disabled_by: adminId } });
    if (change.disabled === false && user.disabled)
      events.push({ type: 'UserEnabled', data: { user_id: userId, enabled_by: adminId } });
    if (events.length > 0) {
      await recordEvents(context, userStreamId(userId), events, { metadata: eventMetadata(request) });
    }
    return getUser(userId);
  }

  app.put(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change is_admin and/or disabled (react-admin update); other fields are ignored',
        params: z.object({ id: ZEntityId }),
        body: ZUpdateStaffUser,
        response: { 200: ZStaffUser },
      },
    },
    async (request) => changeUser(request, requireAdmin(request), request.params.id, request.body),
  );

  const ACTIONS = {
    'grant-admin': { is_admin: true },
    'revoke-admin': { is_admin: false },
    disable: { disabled: true },
    enable: { disabled: false },
  } as const;
  for (const [action, change] of Object.entries(ACTIONS)) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary: `${action} (recorded as an event on user-{id})`,
          params: z.object({ id: ZEntityId }),
          response: { 200: ZStaffUser },
        },
      },
      async (request) => changeUser(request, requireAdmin(request), request.params.id, change),
    );
  }

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
        sql,
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
          toRecord: (row: Record<string, unknown>) => ({
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
          }),
        },
        request.query,
      )) as Array<z.infer<typeof ZStaffTransaction>>,
  );

  app.get(
    '/admin/events',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The raw event log with payload, postings, hash and causation; filter by stream_id, stream_prefix, type, actor, correlation_id, recorded_from/recorded_to, position_from/position_to, user_id, party (any person the event names), account (a posting on it)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffEvent) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'events',
          select: EVENT_SELECT,
          // The view includes the packed journal's reward transfers.
          from: 'event_log',
          id: 'global_position',
          sortFields: {
            id: 'global_position',
            global_position: 'global_position',
            recorded_at: 'global_position',
          },
          defaultSort: ['global_position', 'DESC'],
          filters: eventFilters,
          toRecord: toStaffEvent,
        },
        request.query,
      )) as TStaffEvent[],
  );

  app.get(
    '/admin/events/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One event by global position',
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: ZStaffEvent },
      },
    },
    async (request) => {
      const { rows } = await sql.query(`SELECT ${EVENT_SELECT} FROM event_log WHERE global_position = $1`, [
        request.params.id,
      ]);
      if (!rows[0]) throw new NotFoundError('Event not found');
      return toStaffEvent(rows[0]);
    },
  );

  const ADJUSTMENT_FROM = `events WHERE type = 'CreditsAdjusted'`;
  app.get(
    '/admin/adjustments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Credit adjustments (react-admin list)',
        querystring: ZRaListQuery,
        response: { 200: z.array(ZStaffAdjustment) },
      },
    },
    async (request, reply) =>
      (await raList(
        sql,
        reply,
        {
          resource: 'adjustments',
          select: 'global_position, data, recorded_at',
          from: `(SELECT global_position, data, recorded_at FROM ${ADJUSTMENT_FROM}) adjustments`,
          id: `(data->>'adjustment_id')`,
          sortFields: {
            id: 'global_position',
            recorded_at: 'global_position',
            global_position: 'global_position',
          },
          defaultSort: ['global_position', 'DESC'],
          filters: {
            user_id: equals(`(data->>'user_id')`),
            actor_id: equals(`(data->>'actor_id')`),
            context: equals(`(data->>'context')`),
          },
          toRecord: toStaffAdjustment,
        },
        request.query,
      )) as Array<z.infer<typeof ZStaffAdjustment>>,
  );

  app.get(
    '/admin/adjustments/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One adjustment',
        params: z.object({ id: ZEntityId }),
        response: { 200: ZStaffAdjustment },
      },
    },
    async (request) => {
      const { rows } = await sql.query(
        `SELECT global_position, data, recorded_at FROM ${ADJUSTMENT_FROM} AND (data->>'adjustment_id') = $1`,
        [request.params.id],
      );
      if (!rows[0]) throw new NotFoundError('Adjustment not found');
      return toStaffAdjustment(rows[0]);
    },
  );

  app.post(
    '/admin/adjustments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adjust a person’s credits with a mandatory reason (a CreditsAdjusted ledger event)',
        body: ZCreateAdjustment,
        response: { 201: ZStaffAdjustment },
      },
    },
    async (request, reply) => {
      const adminId = requireAdmin(request);
      const { user_id, context: kind, amount_credits, reason } = request.body;
      await getUser(user_id);
      const adjustment_id = requestEntityId(request, 'staff-adjustment');
      const [opened, adjusted] = await ledger.submitMany(
        [
          { type: 'OpenUserAccounts', data: { user_id } },
          {
            type: 'AdjustCredits',
            data: { adjustment_id, user_id, context: kind, amount_credits, reason, actor_id: adminId },
          },
        ],
        eventMetadata(request),
      );
      if (!opened!.ok) throw ledgerRejectionError(opened!);
      if (!adjusted!.ok) throw ledgerRejectionError(adjusted!);
      const last = adjusted!.events[adjusted!.events.length - 1]!;
      await context.wallet.waitFor(last.global_position);
      reply.status(201);
      return {
        id: adjustment_id,
        adjustment_id,
        user_id,
        context: kind,
        amount_credits,
        reason,
        actor_id: adminId,
        global_position: last.global_position,
        recorded_at: iso(last.recorded_at),
      };
    },
  );

  app.get(
    '/admin/finance/summary',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Figures for the finance dashboard: credits outstanding per account kind, platform account balances, fee revenue, purchases',
        response: { 200: ZFinanceSummary },
      },
    },
    async () => {
      // Balance of an account = credits_posted - debits_posted (pending moves shown apart).
      const { rows } = await sql.query<{
        kind: string;
        account_id: string;
        posted: string | number;
        pending: string | number;
      }>(
        `SELECT kind, account_id, credits_posted - debits_posted AS posted, credits_pending - debits_pending AS pending
         FROM account_balances WHERE kind = 'platform'
         UNION ALL
         SELECT kind, kind AS account_id, sum(credits_posted - debits_posted), sum(credits_pending - debits_pending)
         FROM account_balances WHERE kind <> 'platform' GROUP BY kind`,
      );
      const purchases = await sql.query<{
        n: string | number;
        usd: string | number | null;
        credits: string | number | null;
      }>(
        `SELECT count(*) AS n, sum((data->>'amount_usd')::bigint) AS usd, sum((data->>'credits')::bigint) AS credits
         FROM events WHERE type = 'CreditsPurchased'`,
      );
      const platform = Object.fromEntries(
        rows
          .filter((row) => row.kind === 'platform')
          .map((row) => [
            row.account_id,
            { posted_credits: Number(row.posted), pending_credits: Number(row.pending) },
          ]),
      );
      const outstanding = Object.fromEntries(
        rows
          .filter((row) => row.kind !== 'platform')
          .map((row) => [
            row.kind,
            { posted_credits: Number(row.posted), pending_credits: Number(row.pending) },
          ]),
      );
      return {
        credits_outstanding: {
          spending: outstanding.spending ?? { posted_credits: 0, pending_credits: 0 },
          earning: outstanding.earning ?? { posted_credits: 0, pending_credits: 0 },
        },
        platform_accounts: platform,
        fee_revenue_credits: platform['platform:fees']?.posted_credits ?? 0,
        purchases: {
          count: Number(purchases.rows[0]?.n ?? 0),
          amount_usd: Number(purchases.rows[0]?.usd ?? 0),
          credits: Number(purchases.rows[0]?.credits ?? 0),
        },
      };
    },
  );

  app.get(
    '/admin/finance/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Runs the checks of `npm run audit` (balances, never negative, applied once, read models, hash chain) and reconciles Stripe payments with CreditsPurchased events',
        querystring: ZAuditQuery,
        response: { 200: ZFinanceAudit },
      },
    },
    async (request) => {
      const from = auditBound(request.query.from, 'from');
      const to = auditBound(request.query.to, 'to');
      if (from && to && from.getTime() >= to.getTime()) {
        throw ValidationError.at(['query', 'to'], 'must be after from');
      }
      const report = await auditLedger({ sql, store, catchUpTimeoutMs: 5000 });
      // `ok` stays the ledger's verdict (the books); the Stripe reconciliation has its own.
      return { ...report, stripe_reconciliation: await reconcileStripe(context, { from, to }) };
    },
  );
}

const ZPostedPending = z.object({ posted_credits: z.number(), pending_credits: z.number() });

/** GET /admin/finance/summary. */
const ZFinanceSummary = z.object({
  credits_outstanding: z.object({ spending: ZPostedPending, earning: ZPostedPending }),
  /** Per platform account id (platform:fees, ...). */
  platform_accounts: z.record(z.string(), ZPostedPending),
  fee_revenue_credits: z.number(),
  purchases: z.object({ count: z.number(), amount_usd: z.number(), credits: z.number() }),
});

/** GET /admin/finance/audit: the ledger audit (`npm run audit`) and the Stripe reconciliation. */
const ZFinanceAudit = z.object({
  ok: z.boolean(),
  head_position: z.number(),
  checkpoint_position: z.number(),
  events_checked: z.number(),
  money_events: z.number(),
  postings: z.number(),
  accounts: z.number(),
  checks: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      ok: z.boolean(),
      summary: z.string(),
      failure_count: z.number(),
      failures: z.array(z.string()),
    }),
  ),
  /** Every projection's position, lag and stuck record (the audit's projections_running check). */
  projections: z.array(ZProjectionStatus),
  duration_ms: z.number(),
  stripe_reconciliation: ZStripeReconciliation,
});

const ZAuditQuery = z.object({
  /** The audited range of the Stripe reconciliation: ISO dates or date-times, from inclusive. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});

function auditBound(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw ValidationError.at(['query', name], 'must be an ISO 8601 date or date-time');
  }
  return date;
}
