import { DEFAULT_PREFERENCES, ZProfilePreferences, type TProfile } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';

type UserRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  roles: string[];
  is_admin: boolean;
  active_context: 'spending' | 'earning';
  preferences: unknown;
  pending_email: string | null;
  created_at: Date | string;
};

const PROFILE_COLUMNS =
  'id, email, first_name, last_name, roles, is_admin, active_context, preferences, pending_email, created_at';

/** The profile reply of the spec, from the users read model; undefined when there is no such person. */
export async function readProfile(sql: SqlExecutor, userId: string): Promise<TProfile | undefined> {
  const { rows } = await sql.query<UserRow>(`SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0] ? toProfile(rows[0]) : undefined;
}

export async function findUserIdByEmail(sql: SqlExecutor, email: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return rows[0]?.id;
}

export function readPreferences(raw: unknown): TProfile['preferences'] {
  const parsed = ZProfilePreferences.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

function toProfile(row: UserRow): TProfile {
  const full_name = [row.first_name, row.last_name].filter((part) => part.length > 0).join(' ');
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name,
    available_roles: row.roles.filter(
      (role): role is 'requester' | 'expert' => role === 'requester' || role === 'expert',
    ),
    active_context: row.active_context,
    preferences: readPreferences(row.preferences),
    new_email: row.pending_email,
    is_admin: row.is_admin,
    created_at: new Date(row.created_at).toISOString(),
  };
}
