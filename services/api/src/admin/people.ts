import type { SqlExecutor } from '@evalmarket/db';
import type { TPersonName } from '@evalmarket/contracts';

/** Names and emails of these people, by id; an id with no person is named by nothing. */
export async function peopleByIds(
  sql: SqlExecutor,
  ids: readonly string[],
): Promise<Map<string, TPersonName>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, TPersonName>(unique.map((id) => [id, { id, email: null, name: null }]));
  if (unique.length === 0) return found;
  const { rows } = await sql.query<{
    id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }>('SELECT id, email, first_name, last_name FROM users WHERE id = ANY($1::text[])', [unique]);
  for (const row of rows) {
    const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
    found.set(String(row.id), { id: String(row.id), email: String(row.email), name: name || null });
  }
  return found;
}

const USER_ACCOUNT = /^(?:spending|earning):(.+)$/;

/** The person a `spending:{id}` or `earning:{id}` account belongs to; null for platform accounts. */
export function accountOwnerId(accountId: string): string | null {
  return USER_ACCOUNT.exec(accountId)?.[1] ?? null;
}
