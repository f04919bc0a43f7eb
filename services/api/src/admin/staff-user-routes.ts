import {
  ADMIN_SELF_DISABLE_MESSAGE,
  ADMIN_SELF_REVOKE_MESSAGE,
  userStreamId,
  ZEntityId,
  ZStaffUser,
  ZUpdateStaffUser,
  type TStaffUser,
  type TUserAdminEventType,
} from '@evalmarket/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireAdmin } from '../auth/guards.js';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { contains, equals, flag, raList, ZRaListQuery } from './ra-list.js';
import { iso } from './staff-rows.js';

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

/** One person as staff see them; 404 `User not found`. */
export async function getStaffUser(sql: DomainContext['sql'], id: string): Promise<TStaffUser> {
  const { rows } = await sql.query(`SELECT ${USER_SELECT} FROM ${USER_FROM} WHERE u.id = $1`, [id]);
  if (!rows[0]) throw new NotFoundError('User not found');
  return toStaffUser(rows[0]);
}

type UserChange = { is_admin?: boolean; disabled?: boolean };

/** Records the staff actions that change anything; a no-op change records nothing. */
async function changeUser(
  context: DomainContext,
  request: FastifyRequest,
  userId: string,
  change: UserChange,
): Promise<TStaffUser> {
  const adminId = requireAdmin(request);
  const user = await getStaffUser(context.sql, userId);
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
  return getStaffUser(context.sql, userId);
}

const USER_ACTIONS: Record<string, UserChange> = {
  'grant-admin': { is_admin: true },
  'revoke-admin': { is_admin: false },
  disable: { disabled: true },
  enable: { disabled: false },
};

/** People: list, show, and the recorded changes (grant and revoke admin, disable, enable). */
export async function staffUserRoutes(app: App, context: DomainContext): Promise<void> {
  const { sql } = context;
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
          notNull: ['u.email', 'u.created_at', 'u.last_name', 'u.is_admin'],
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
    async (request) => getStaffUser(sql, request.params.id),
  );

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
    async (request) => changeUser(context, request, request.params.id, request.body),
  );

  for (const [action, change] of Object.entries(USER_ACTIONS)) {
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
      async (request) => changeUser(context, request, request.params.id, change),
    );
  }
}
