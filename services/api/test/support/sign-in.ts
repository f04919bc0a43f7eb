import { createHash } from 'node:crypto';
import type { Runtime } from '../../src/runtime/start-runtime.js';

export interface SignedIn {
  userId: string;
  email: string;
  /** Headers that authenticate a request as this person. */
  headers: Record<string, string>;
}

export interface SignInOptions {
  admin?: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * Signs a person in for a test, registering them on first use. Tests depend on this function
 * only, never on how authentication works underneath.
 *
 * INTERIM until the identity issue lands bearer sessions: writes the users row directly and
 * authenticates with the development header.
 */
export async function signIn(
  runtime: Runtime,
  email: string,
  options: SignInOptions = {},
): Promise<SignedIn> {
  const normalized = email.trim().toLowerCase();
  const userId = `u_${createHash('sha256').update(normalized).digest('hex').slice(0, 20)}`;
  await runtime.sql.query(
    `INSERT INTO users (id, email, first_name, last_name, is_admin, created_at, updated_at, updated_position)
     VALUES ($1, $2, $3, $4, $5, now(), now(), 0)
     ON CONFLICT (id) DO UPDATE SET is_admin = users.is_admin OR EXCLUDED.is_admin`,
    [userId, normalized, options.firstName ?? 'Test', options.lastName ?? 'Person', options.admin === true],
  );
  return { userId, email: normalized, headers: { 'x-dev-user': userId } };
}
