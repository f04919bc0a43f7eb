import { randomUUID } from 'node:crypto';
import type { TSession } from '@evalmarket/contracts';
import type { SqlClient, SqlExecutor } from '@evalmarket/db';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from './access-tokens.js';
import { readProfile } from './profiles.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';

export const REFRESH_TOKEN_TTL_DAYS = 30;
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please sign in again.';

export type RefreshOutcome =
  { ok: true; session: TSession } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Sessions: a sign-in opens one (a refresh-token family); each refresh rotates the refresh token;
 * presenting an already-rotated token again means it was copied, so the whole family is revoked.
 */
export function createSessions(options: { sql: SqlClient; tokens: AccessTokens; now: () => Date }) {
  const { sql, tokens, now } = options;

  async function issue(userId: string, sessionId: string, executor: SqlExecutor): Promise<TSession> {
    const refresh_token = newSecretToken();
    const expiresAt = new Date(now().getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await executor.query(
      'INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at) VALUES ($1, $2, $3, $4)',
      [hashSecretToken(refresh_token), sessionId, userId, expiresAt],
    );
    const access = tokens.issue(userId, sessionId);
    const user = await readProfile(executor, userId);
    if (!user) throw new Error(`Session for ${userId}, who has no profile`);
    return {
      access_token: access.token,
      refresh_token,
      token_type: 'bearer',
      expires_at: access.expires_at,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      user,
    };
  }

  return {
    async open(userId: string): Promise<{ session_id: string; reply: TSession }> {
      const sessionId = randomUUID();
      const reply = await sql.transaction(async (tx) => {
        await tx.query('INSERT INTO auth_sessions (id, user_id) VALUES ($1, $2)', [sessionId, userId]);
        return issue(userId, sessionId, tx);
      });
      return { session_id: sessionId, reply };
    },

    async refresh(refreshToken: string): Promise<RefreshOutcome> {
      const hash = hashSecretToken(refreshToken);
      return sql.transaction(async (tx) => {
        const { rows } = await tx.query<{
          family_id: string;
          user_id: string;
          expires_at: Date | string;
          used_at: Date | null;
          revoked_at: Date | null;
          session_revoked: Date | null;
          disabled: boolean | null;
        }>(
          `SELECT t.family_id, t.user_id, t.expires_at, t.used_at, t.revoked_at, s.revoked_at AS session_revoked,
             u.disabled
           FROM refresh_tokens t JOIN auth_sessions s ON s.id = t.family_id LEFT JOIN users u ON u.id = t.user_id
           WHERE t.token_hash = $1 FOR UPDATE OF t, s`,
          [hash],
        );
        const row = rows[0];
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (row.used_at) {
          await revokeFamily(tx, row.family_id, now());
          return { ok: false, reason: 'reused' } as const;
        }
        const expired = new Date(row.expires_at).getTime() <= now().getTime();
        if (row.revoked_at || row.session_revoked || expired || row.disabled !== false) {
          return { ok: false, reason: 'expired' } as const;
        }
        await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1', [hash, now()]);
        return { ok: true, session: await issue(row.user_id, row.family_id, tx) } as const;
      });
    },

    async revoke(sessionId: string): Promise<void> {
      await sql.transaction((tx) => revokeFamily(tx, sessionId, now()));
    },

    /** Revokes every session of a person (account disabled). */
    async revokeAllOf(userId: string): Promise<void> {
      await sql.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          'SELECT id FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL',
          [userId],
        );
        for (const row of rows) await revokeFamily(tx, row.id, now());
      });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

async function revokeFamily(tx: SqlExecutor, familyId: string, at: Date): Promise<void> {
  await tx.query('UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    familyId,
    at,
  ]);
  await tx.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [
    familyId,
    at,
  ]);
}
