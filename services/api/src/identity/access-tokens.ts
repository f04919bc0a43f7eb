import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenClaims {
  /** The user id. */
  sub: string;
  /** The session (refresh family) the token belongs to; signing out ends it. */
  sid: string;
  exp: number;
}

export type AccessTokenCheck =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** HS256 access tokens (15 minutes) signed with the server's key. */
export function createAccessTokens(key: Buffer, now: () => Date = () => new Date()) {
  const sign = createSigner({ key, algorithm: 'HS256' });
  // Verified tokens are remembered (keyed by a hash of the token, until their exp): a client
  // sends the same token with every request for 15 minutes. exp is still checked below against
  // this service's clock on every request.
  const verify = createVerifier({
    key,
    algorithms: ['HS256'],
    clockTimestamp: undefined,
    cache: 10_000,
  });
  return {
    issue(userId: string, sessionId: string): { token: string; expires_at: number } {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expires_at = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      return { token: sign({ sub: userId, sid: sessionId, iat: issuedAt, exp: expires_at }), expires_at };
    },
    check(token: string): AccessTokenCheck {
      try {
        const claims = verify(token) as Partial<AccessTokenClaims>;
        if (
          typeof claims.sub !== 'string' ||
          typeof claims.sid !== 'string' ||
          typeof claims.exp !== 'number'
        ) {
          return { ok: false, reason: 'invalid' };
        }
        if (claims.exp * 1000 <= now().getTime()) return { ok: false, reason: 'expired' };
        return { ok: true, claims: claims as AccessTokenClaims };
      } catch (error) {
        if (error instanceof TokenError && error.code === TokenError.codes.expired)
          return { ok: false, reason: 'expired' };
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
