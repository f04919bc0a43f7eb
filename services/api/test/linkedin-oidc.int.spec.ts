import { createHash } from 'node:crypto';
import { startOidcProviderFake, type OidcProviderFake } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { EMBEDDED_MODE, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

describe('LinkedIn OpenID Connect for evaluator applications', () => {
  let provider: OidcProviderFake;
  let runtime: Runtime & { stop(): Promise<void> };
  beforeAll(async () => {
    provider = await startOidcProviderFake({
      user: {
        sub: 'li-42',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        email_verified: true,
        profile: 'https://www.linkedin.com/in/ada',
      },
    });
    runtime = await startTestRuntime(EMBEDDED_MODE, {
      linkedinClientId: provider.clientId,
      linkedinClientSecret: provider.clientSecret,
      linkedinIssuer: provider.issuer,
    });
  }, 60_000);
  afterAll(async () => {
    await runtime?.stop();
    await provider?.close();
  });
  const api = injector(() => runtime.app);

  /** Browser: our authorize -> provider authorize -> our callback; returns the callback's Location. */
  async function signInWithLinkedin(): Promise<{ location: URL; authorize: URL; callbackUrl: string }> {
    const start = await api.send({ method: 'GET', url: '/api/v1/auth/linkedin/authorize' });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const callback = new URL(atProvider.headers.get('location')!);
    const callbackUrl = `${callback.pathname}${callback.search}`;
    const done = await api.send({ method: 'GET', url: callbackUrl });
    expect(done.statusCode).toBe(302);
    return { location: new URL(done.headers.location as string, 'http://console'), authorize, callbackUrl };
  }

  it('sends the browser to the provider with state and an S256 PKCE challenge', async () => {
    const { location, authorize } = await signInWithLinkedin();
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid profile email');
    const verifier = provider.tokenRequests.at(-1)!.code_verifier!;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      authorize.searchParams.get('code_challenge'),
    );
    expect(location.pathname).toBe('/evaluator/apply');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      linkedin_success: 'true',
      linkedin_id: 'li-42',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
  });

  it('applies with the confirmed LinkedIn identity, end to end', async () => {
    const { location } = await signInWithLinkedin();
    const person = await signIn(runtime, 'ada-account@example.com');
    const apply = await api.send({
      method: 'POST',
      url: '/api/v1/evaluator/apply',
      headers: person.headers,
      payload: {
        application_method: 'linkedin_oauth',
        linkedin_oauth_data: {
          linkedin_id: location.searchParams.get('linkedin_id'),
          name: location.searchParams.get('name'),
          email: location.searchParams.get('email'),
        },
      },
    });
    expect(apply.statusCode).toBe(201);
    const admin = await signIn(runtime, 'root@example.com', { admin: true });
    const list = await api.send({
      method: 'GET',
      url: '/api/v1/admin/evaluator-applications?status=pending',
      headers: admin.headers,
    });
    expect(list.json().applications[0]).toMatchObject({
      user_id: person.userId,
      application_method: 'linkedin_oauth',
      application_data: {
        imported_name: 'Ada Lovelace',
        imported_email: 'ada@example.com',
        linkedin_oauth: { linkedin_id: 'li-42', profile_url: 'https://www.linkedin.com/in/ada' },
        linkedin_url: 'https://www.linkedin.com/in/ada',
      },
    });
  });

  it('refuses a LinkedIn application for a member no callback confirmed', async () => {
    const person = await signIn(runtime, 'forger@example.com');
    const reply = await api.send({
      method: 'POST',
      url: '/api/v1/evaluator/apply',
      headers: person.headers,
      payload: {
        application_method: 'linkedin_oauth',
        linkedin_oauth_data: { linkedin_id: 'li-invented', name: 'X', email: 'x@example.com' },
      },
    });
    expect(reply.statusCode).toBe(422);
    const missing = await api.send({
      method: 'POST',
      url: '/api/v1/evaluator/apply',
      headers: person.headers,
      payload: { application_method: 'linkedin_oauth' },
    });
    expect(missing.statusCode).toBe(422);
  });

  it('uses each state once and refuses unknown states', async () => {
    const { callbackUrl } = await signInWithLinkedin();
    const replay = await api.send({ method: 'GET', url: callbackUrl });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toContain('linkedin_success=false');
    const forged = await api.send({
      method: 'GET',
      url: '/api/v1/auth/linkedin/callback?state=nope&code=abc',
    });
    expect(forged.headers.location).toContain('linkedin_error=invalid_state');
    const bare = await api.send({ method: 'GET', url: '/api/v1/auth/linkedin/callback' });
    expect(bare.headers.location).toContain('linkedin_error=missing_state');
  });

  it('reports a failed code exchange to the wizard instead of a 500', async () => {
    const start = await api.send({ method: 'GET', url: '/api/v1/auth/linkedin/authorize' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const reply = await api.send({
      method: 'GET',
      url: `/api/v1/auth/linkedin/callback?state=${state}&code=not-a-code`,
    });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toContain('linkedin_error=token_exchange_failed');
  });
});

describe('LinkedIn sign-in without configuration', () => {
  it('answers 503 when no client id is set', async () => {
    const runtime = await startTestRuntime(EMBEDDED_MODE, { linkedinClientId: undefined });
    try {
      const reply = await runtime.app.inject({ method: 'GET', url: '/api/v1/auth/linkedin/authorize' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json().code).toBe('linkedin_not_configured');
    } finally {
      await runtime.stop();
    }
  }, 60_000);
});
