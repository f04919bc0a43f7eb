import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/** The person the fake signs in (it consents at once, no login page). */
export interface OidcFakeUser {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  profile?: string;
  picture?: string;
}

export interface OidcProviderFake {
  /** `http://127.0.0.1:{port}`: discovery at `{issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorize request signs in. */
  setUser(user: OidcFakeUser): void;
  /** Token requests seen, for assertions (PKCE verifier, client authentication). */
  readonly tokenRequests: Array<Record<string, string>>;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  nonce?: string;
  user: OidcFakeUser;
  used: boolean;
}

/**
 * An OpenID Connect provider on loopback, enough for a confidential client with PKCE: discovery,
 * JWKS, authorize (redirects straight back with a code), token (checks client secret, redirect URI
 * and the S256 code verifier; returns an RS256 id_token) and userinfo. Shaped after LinkedIn's
 * "Sign In with LinkedIn using OpenID Connect".
 *
 * Longer than 100 lines on purpose: a factory whose returned methods share the state it closes
 * over (the signing key, the codes issued and the server).
 */
export async function startOidcProviderFake(
  options: { clientId?: string; clientSecret?: string; user?: OidcFakeUser } = {},
): Promise<OidcProviderFake> {
  const clientId = options.clientId ?? 'fake-client';
  const clientSecret = options.clientSecret ?? 'fake-secret';
  let user: OidcFakeUser = options.user ?? {
    sub: 'li-member-1',
    name: 'Lin Kedin',
    given_name: 'Lin',
    family_name: 'Kedin',
    email: 'lin@example.com',
    email_verified: true,
  };
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, OidcFakeUser>();
  const tokenRequests: Array<Record<string, string>> = [];
  let issuer = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) =>
      json(res, 500, { error: 'server_error', error_description: String(error) }),
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'profile', 'email'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: [
          'iss',
          'aud',
          'iat',
          'exp',
          'sub',
          'name',
          'given_name',
          'family_name',
          'email',
          'email_verified',
          'picture',
        ],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== clientId || !redirectUri)
        return json(res, 400, { error: 'invalid_request' });
      const back = new URL(redirectUri);
      if (q.get('response_type') !== 'code' || !(q.get('scope') ?? '').split(' ').includes('openid')) {
        back.searchParams.set('error', 'invalid_request');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          clientId,
          redirectUri,
          codeChallenge: q.get('code_challenge') ?? undefined,
          codeChallengeMethod: q.get('code_challenge_method') ?? undefined,
          nonce: q.get('nonce') ?? undefined,
          user,
          used: false,
        });
        back.searchParams.set('code', code);
      }
      const state = q.get('state');
      if (state) back.searchParams.set('state', state);
      res.writeHead(302, { location: back.href });
      return void res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const body = await readBody(req);
      tokenRequests.push(body);
      let id = body.client_id;
      let secret = body.client_secret;
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      if (basic)
        [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent);
      if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
      const issued = body.code ? codes.get(body.code) : undefined;
      if (
        body.grant_type !== 'authorization_code' ||
        !issued ||
        issued.used ||
        issued.redirectUri !== body.redirect_uri
      ) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      if (issued.codeChallenge) {
        const verifier = body.code_verifier ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (issued.codeChallengeMethod !== 'S256' || computed !== issued.codeChallenge) {
          return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
      }
      issued.used = true;
      const accessToken = randomBytes(24).toString('hex');
      accessTokens.set(accessToken, issued.user);
      const idToken = await new SignJWT({
        email: issued.user.email,
        email_verified: issued.user.email_verified,
        name: issued.user.name,
        ...(issued.nonce ? { nonce: issued.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setSubject(issued.user.sub)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      return json(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: idToken,
        scope: 'openid profile email',
      });
    }
    if (url.pathname === '/userinfo') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const who = token ? accessTokens.get(token) : undefined;
      if (!who) {
        res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
        return void res.end();
      }
      return json(res, 200, who);
    }
    json(res, 404, { error: 'not_found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    setUser(next) {
      user = next;
    },
    tokenRequests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
