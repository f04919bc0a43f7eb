import * as oidc from 'openid-client';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { AppError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';

/** How long the browser has between the authorize redirect and the callback. */
export const LINKEDIN_STATE_TTL_MS = 10 * 60 * 1000;
export const APPLY_PAGE = '/evaluator/apply';

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/;

/**
 * Sign-in with LinkedIn (OpenID Connect, authorization code with state and PKCE through
 * openid-client) for the evaluator application. The callback records the confirmed identity and
 * sends the browser back to the wizard, which submits the application (spec 001 section 2.13).
 */
export async function linkedinRoutes(app: App, context: DomainContext): Promise<void> {
  const deps = linkedinRoutesDeps(context);
  linkedinStartRoutes(app, deps);
  linkedinCallbackRoutes(app, deps);
}

/** What the routes below share, built once per app. */
function linkedinRoutesDeps(context: DomainContext) {
  const { sql, config } = context;
  let discovered: Promise<oidc.Configuration> | undefined;

  function oidcConfig(): Promise<oidc.Configuration> {
    if (!config.linkedinClientId) {
      throw new AppError(503, 'linkedin_not_configured', 'LinkedIn sign-in is not configured on this server');
    }
    discovered ??= oidc
      .discovery(
        new URL(config.linkedinIssuer),
        config.linkedinClientId,
        undefined,
        oidc.ClientSecretPost(config.linkedinClientSecret),
        // Plain HTTP only for a provider on this machine (the testkit fake).
        LOOPBACK.test(config.linkedinIssuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  function redirectUri(request: { protocol: string; host: string }): string {
    // Normalised (default ports dropped) because the token request sends it as a parsed URL.
    return new URL(
      config.linkedinRedirectUri ?? `${request.protocol}://${request.host}/api/v1/auth/linkedin/callback`,
    ).href;
  }
  return { context, oidcConfig, redirectUri, sql, config };
}

type Deps = ReturnType<typeof linkedinRoutesDeps>;

/** Starting a LinkedIn sign-in: the redirect to LinkedIn with state and nonce. */
function linkedinStartRoutes(app: App, { context, oidcConfig, redirectUri, sql }: Deps): void {
  app.get(
    '/auth/linkedin/authorize',
    {
      config: { public: true, openapi: { reply: { status: 302, description: 'Redirect to LinkedIn' } } },
      schema: {
        tags: ['evaluator'],
        summary: 'Browser navigation: redirects to LinkedIn (OpenID Connect with state and PKCE)',
      },
    },
    async (request, reply) => {
      const configuration = await oidcConfig();
      const state = oidc.randomState();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
      await sql.query(
        `INSERT INTO linkedin_login_states (state, code_verifier, user_id, expires_at) VALUES ($1, $2, $3, $4)`,
        [
          state,
          codeVerifier,
          request.userId ?? null,
          new Date(context.now().getTime() + LINKEDIN_STATE_TTL_MS),
        ],
      );
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(request),
        scope: 'openid profile email',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return reply.redirect(url.href, 302);
    },
  );
}

/** LinkedIn's callback: the code exchanged, the ID token checked, the member confirmed. */
function linkedinCallbackRoutes(app: App, { context, oidcConfig, redirectUri, sql }: Deps): void {
  app.get(
    '/auth/linkedin/callback',
    {
      config: {
        public: true,
        openapi: { reply: { status: 302, description: 'Redirect to the application form' } },
      },
      schema: {
        tags: ['evaluator'],
        summary:
          'LinkedIn returns here; redirects to /evaluator/apply with linkedin_success, linkedin_id, name and email',
        querystring: z
          .object({ state: z.string().max(200).optional(), code: z.string().max(2000).optional() })
          .passthrough(),
      },
    },
    async (request, reply) => {
      const failed = (reason: string) =>
        reply.redirect(
          `${APPLY_PAGE}?${new URLSearchParams({ linkedin_success: 'false', linkedin_error: reason })}`,
          302,
        );
      const state = request.query.state;
      if (!state) return failed('missing_state');
      // Single use: the row is claimed before the code is exchanged.
      const { rows } = await sql.query<{ code_verifier: string }>(
        `UPDATE linkedin_login_states SET used_at = $2
         WHERE state = $1 AND used_at IS NULL AND expires_at > $2 RETURNING code_verifier`,
        [state, context.now()],
      );
      const login = rows[0];
      if (!login) return failed('invalid_state');
      if (typeof (request.query as Record<string, unknown>).error === 'string')
        return failed('access_denied');
      const configuration = await oidcConfig();
      const current = new URL(redirectUri(request));
      current.search = new URL(request.url, 'http://x').search;
      let identity: { sub: string; name: string; email: string; profile_url: string | null };
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: login.code_verifier,
          expectedState: state,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        const name =
          (typeof info.name === 'string' && info.name) ||
          [info.given_name, info.family_name].filter((part) => typeof part === 'string' && part).join(' ');
        identity = {
          sub: claims.sub,
          name,
          email:
            typeof info.email === 'string'
              ? info.email
              : typeof claims.email === 'string'
                ? claims.email
                : '',
          profile_url: typeof info.profile === 'string' ? info.profile : null,
        };
      } catch (error) {
        request.log.warn({ err: error }, 'LinkedIn sign-in failed');
        return failed('token_exchange_failed');
      }
      await sql.query(
        `INSERT INTO linkedin_verifications (linkedin_id, name, email, profile_url, verified_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (linkedin_id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email,
           profile_url = EXCLUDED.profile_url, verified_at = EXCLUDED.verified_at`,
        [identity.sub, identity.name, identity.email, identity.profile_url, context.now()],
      );
      const query = new URLSearchParams({
        linkedin_success: 'true',
        linkedin_id: identity.sub,
        name: identity.name,
        email: identity.email,
      });
      return reply.redirect(`${APPLY_PAGE}?${query}`, 302);
    },
  );
}
