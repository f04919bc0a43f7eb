import type { SqlClient } from '@evalmarket/db';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';

export const MAGIC_LINK_TTL_MINUTES = 15;
export const RATE_LIMIT_WINDOW_MINUTES = 15;

export type LinkPurpose = 'sign_in' | 'email_change';

export interface IssuedLink {
  token: string;
  expires_at: Date;
}

export type ConsumedLink = {
  email: string;
  purpose: LinkPurpose;
  user_id: string | null;
  new_email: string | null;
};

export type RateLimitVerdict = { ok: true } | { ok: false; retry_after_seconds: number };

/**
 * Single-use, short-lived links (sign-in and email change): the token is 32 random bytes, only
 * its sha256 is stored, and consuming it is one conditional UPDATE, so a token works once even
 * when clicked twice at the same moment; asking again revokes the earlier links. The same table is
 * the rate limiter's memory.
 */
export function createMagicLinks(options: { sql: SqlClient; now: () => Date }) {
  const { sql, now } = options;
  return {
    /** How long until `email` and `ip` may ask again, if either is over its limit. */
    async checkRateLimit(
      email: string,
      ip: string,
      limits: { perEmail: number; perIp: number },
    ): Promise<RateLimitVerdict> {
      const since = new Date(now().getTime() - RATE_LIMIT_WINDOW_MINUTES * 60_000);
      for (const [column, value, limit] of [
        ['email', email, limits.perEmail],
        ['requested_ip', ip, limits.perIp],
      ] as const) {
        const { rows } = await sql.query<{ count: number | string; oldest: Date | string | null }>(
          `SELECT count(*) AS count, min(created_at) AS oldest FROM (
             SELECT created_at FROM magic_link_tokens WHERE ${column} = $1 AND created_at > $2
             ORDER BY created_at DESC LIMIT $3) recent`,
          [value, since, limit],
        );
        const row = rows[0]!;
        if (Number(row.count) >= limit && row.oldest) {
          const freeAt = new Date(row.oldest).getTime() + RATE_LIMIT_WINDOW_MINUTES * 60_000;
          return {
            ok: false,
            retry_after_seconds: Math.max(1, Math.ceil((freeAt - now().getTime()) / 1000)),
          };
        }
      }
      return { ok: true };
    },

    async issue(link: {
      email: string;
      purpose: LinkPurpose;
      ip: string;
      userId?: string;
      newEmail?: string;
    }): Promise<IssuedLink> {
      const token = newSecretToken();
      const created = now();
      const expires_at = new Date(created.getTime() + MAGIC_LINK_TTL_MINUTES * 60_000);
      // A newer link revokes the older ones of the same address and purpose (they expire now; the
      // rows stay, as the rate limiter counts them), so only the latest email signs anyone in.
      await sql.query(
        `WITH revoked AS (
           UPDATE magic_link_tokens SET expires_at = $8
           WHERE email = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $8)
         INSERT INTO magic_link_tokens (token_hash, email, purpose, user_id, new_email, requested_ip, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          hashSecretToken(token),
          link.email,
          link.purpose,
          link.userId ?? null,
          link.newEmail ?? null,
          link.ip,
          expires_at,
          created,
        ],
      );
      return { token, expires_at };
    },

    /** Marks the link used and returns it; undefined when unknown, used, expired or of another purpose. */
    async consume(token: string, purpose: LinkPurpose): Promise<ConsumedLink | undefined> {
      const { rows } = await sql.query<ConsumedLink>(
        `UPDATE magic_link_tokens SET used_at = $3
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING email, purpose, user_id, new_email`,
        [hashSecretToken(token), purpose, now()],
      );
      return rows[0];
    },
  };
}

export type MagicLinks = ReturnType<typeof createMagicLinks>;
