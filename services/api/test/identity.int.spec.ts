import { startSmtpSink, type SmtpSink } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../src/identity/access-tokens.js';
import { serverSecret } from '../src/identity/server-secrets.js';
import { makeEvaluator } from './support/evaluators.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { latestLinkToken, requestSignInToken, signIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

for (const mode of runtimeModes()) {
  describe(`identity: ${mode.name}`, () => {
    let runtime: TestRuntime;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode, { adminEmails: ['boss@example.com'] });
    });
    afterAll(async () => {
      await runtime?.stop();
    });
    const api = injector(() => runtime.app);

    it('sends the same reply whether or not the address has an account, and trims it', async () => {
      await signIn(runtime, 'known@example.com');
      const known = await api.send({
        method: 'POST',
        url: '/api/v1/auth/magic-link',
        payload: { email: 'known@example.com' },
      });
      const unknown = await api.send({
        method: 'POST',
        url: '/api/v1/auth/magic-link',
        payload: { email: '  New.Person@Example.com ' },
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(known.json()).toEqual({ message: 'Magic link sent! Check your email to sign in.' });
      expect(runtime.context.mailer.mailbox('new.person@example.com')[0]?.links[0]).toMatch(
        /^http:\/\/localhost:\d+\/auth\/callback\?token=/,
      );
      // Nobody is registered until the link is used.
      const { rows } = await runtime.sql.query('SELECT 1 FROM users WHERE email = $1', [
        'new.person@example.com',
      ]);
      expect(rows).toHaveLength(0);
    });

    it('refuses an empty or malformed address with the spec message and sends nothing', async () => {
      for (const [email, message] of [
        ['   ', 'Please enter your email'],
        ['no-at-sign', 'Please enter a valid email address'],
      ] as const) {
        const reply = await api.send({ method: 'POST', url: '/api/v1/auth/magic-link', payload: { email } });
        expect(reply.statusCode).toBe(422);
        expect(reply.json().detail[0]).toMatchObject({ loc: ['body', 'email'], msg: message });
      }
      const missing = await api.send({ method: 'POST', url: '/api/v1/auth/magic-link', payload: {} });
      expect(missing.statusCode).toBe(422);
    });

    it('registers on first sign-in with a requester profile and open ledger accounts, no email in the log', async () => {
      const token = await requestSignInToken(runtime, 'first@example.com');
      const reply = await api.send({ method: 'POST', url: '/api/v1/auth/verify', payload: { token } });
      expect(reply.statusCode).toBe(200);
      const session = reply.json();
      expect(session).toMatchObject({
        token_type: 'bearer',
        expires_in: 900,
        user: {
          email: 'first@example.com',
          available_roles: ['requester'],
          active_context: 'spending',
          first_name: '',
          full_name: '',
          new_email: null,
          is_admin: false,
          preferences: {
            spending_context: { auto_refill: false },
            earning_context: { payout_frequency: 'manual' },
          },
        },
      });
      expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
      const balance = await api.send({
        method: 'GET',
        url: '/api/v1/wallet/balance',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(balance.json()).toEqual({ credits_balance: 0, usd_equivalent: 0 });
      const events = await runtime.store.readAll({ after: 0, limit: 10_000 });
      expect(
        events.some(
          (event) =>
            event.type === 'LedgerAccountsOpened' && JSON.stringify(event.data).includes(session.user.id),
        ),
      ).toBe(true);
      expect(JSON.stringify(events)).not.toContain('first@example.com');

      // The link works once.
      const again = await api.send({ method: 'POST', url: '/api/v1/auth/verify', payload: { token } });
      expect(again.statusCode).toBe(401);
      // A second sign-in finds the same person.
      const second = await signIn(runtime, 'FIRST@example.com');
      expect(second.userId).toBe(session.user.id);
    });

    it('makes one account when two links of a new address are used at the same moment', async () => {
      const a = await requestSignInToken(runtime, 'race@example.com');
      const b = await requestSignInToken(runtime, 'race@example.com');
      // Asking again revokes the earlier link; two API processes can still issue two links at the
      // same moment, which is the race this test is about: make the first one live again.
      await runtime.sql.query(
        "UPDATE magic_link_tokens SET expires_at = now() + interval '10 minutes' WHERE email = $1 AND used_at IS NULL",
        ['race@example.com'],
      );
      const replies = await Promise.all(
        [a, b].map((token) => api.send({ method: 'POST', url: '/api/v1/auth/verify', payload: { token } })),
      );
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
      expect(replies[0]!.json().user.id).toBe(replies[1]!.json().user.id);
      const { rows } = await runtime.sql.query('SELECT id FROM users WHERE email = $1', ['race@example.com']);
      expect(rows).toHaveLength(1);
    });

    it('refuses expired and unknown links', async () => {
      const token = await requestSignInToken(runtime, 'late@example.com');
      await runtime.sql.query(
        "UPDATE magic_link_tokens SET expires_at = now() - interval '1 minute' WHERE email = $1",
        ['late@example.com'],
      );
      for (const bad of [token, 'not-a-real-token']) {
        const reply = await api.send({ method: 'POST', url: '/api/v1/auth/verify', payload: { token: bad } });
        expect(reply.statusCode).toBe(401);
        expect(reply.json().detail).toBe(
          'This sign-in link is invalid or has expired. Please request a new one.',
        );
      }
    });

    it('rotates refresh tokens and revokes the whole session when an old one is reused', async () => {
      const person = await signIn(runtime, 'rotate@example.com');
      const first = await api.send({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: person.session.refresh_token },
      });
      expect(first.statusCode).toBe(200);
      const rotated = first.json();
      expect(rotated.refresh_token).not.toBe(person.session.refresh_token);

      const reuse = await api.send({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: person.session.refresh_token },
      });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().detail).toBe('Session expired. Please sign in again.');
      // The thief's reuse also ended the rightful holder's newer tokens.
      const next = await api.send({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refresh_token: rotated.refresh_token },
      });
      expect(next.statusCode).toBe(401);
      const profile = await api.send({
        method: 'GET',
        url: '/api/v1/profile/',
        headers: { authorization: `Bearer ${rotated.access_token}` },
      });
      expect(profile.statusCode).toBe(401);
    });

    it('signs out: the access token stops working at once', async () => {
      const person = await signIn(runtime, 'leaver@example.com');
      const session = await api.send({ method: 'GET', url: '/api/v1/auth/session', headers: person.headers });
      expect(session.json()).toMatchObject({ user: { email: 'leaver@example.com' } });
      const out = await api.send({ method: 'POST', url: '/api/v1/auth/logout', headers: person.headers });
      expect(out.statusCode).toBe(200);
      const after = await api.send({ method: 'GET', url: '/api/v1/profile/', headers: person.headers });
      expect(after.statusCode).toBe(401);
      expect(after.json().detail).toBe('Session expired. Please sign in again.');
    });

    it('answers the spec 401s for a missing and an expired token', async () => {
      const none = await api.send({ method: 'GET', url: '/api/v1/profile/' });
      expect(none.json()).toMatchObject({ detail: 'No authentication token available' });
      const person = await signIn(runtime, 'expired@example.com');
      const key = await serverSecret(runtime.sql, 'access_token_signing_key');
      const longAgo = createAccessTokens(key, () => new Date(Date.now() - 3_600_000));
      const stale = longAgo.issue(person.userId, person.session.user.id);
      const reply = await api.send({
        method: 'GET',
        url: '/api/v1/profile/',
        headers: { authorization: `Bearer ${stale.token}` },
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().detail).toBe('Session expired. Please sign in again.');
    });

    it('refuses tampered tokens and tokens signed with another key', async () => {
      const person = await signIn(runtime, 'tamper@example.com');
      const [header, payload, signature] = person.session.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
      const foreign = createAccessTokens(Buffer.alloc(32, 9)).issue(person.userId, claims.sid).token;
      for (const token of [`${header}.${forged}.${signature}`, foreign, `${header}.${payload}.`, 'a.b.c']) {
        const reply = await api.send({
          method: 'GET',
          url: '/api/v1/profile/',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(reply.statusCode).toBe(401);
        expect(reply.json().detail).toBe('Session expired. Please sign in again.');
      }
    });

    it('records the sign-in journey as events without the address in clear', async () => {
      const person = await signIn(runtime, 'journey@example.com');
      const userEvents = (await runtime.store.readStream(`user-${person.userId}`)).map((event) => event.type);
      expect(userEvents).toEqual(expect.arrayContaining(['UserRegistered', 'SignedIn', 'ProfileUpdated']));
      const sent = (
        await runtime.store.readAll({ after: 0, limit: 10_000, types: ['SignInLinkSent'] })
      ).filter((event) => event.stream_id.startsWith('signin-'));
      expect(sent.length).toBeGreaterThan(0);
      expect(JSON.stringify(sent)).not.toContain('journey@example.com');
    });

    it('answers 401 on every protected route for a revoked or an expired session', async () => {
      const person = await signIn(runtime, 'revoked@example.com');
      const key = await serverSecret(runtime.sql, 'access_token_signing_key');
      const sessionId = JSON.parse(
        Buffer.from(person.session.access_token.split('.')[1]!, 'base64url').toString(),
      ).sid;
      const expired = createAccessTokens(key, () => new Date(Date.now() - 3_600_000)).issue(
        person.userId,
        sessionId,
      );
      await api.send({ method: 'POST', url: '/api/v1/auth/logout', headers: person.headers });

      const document = (await api.send({ method: 'GET', url: '/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const protectedRoutes: string[] = [];
      for (const [path, methods] of Object.entries(document.paths)) {
        if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/dev/')) continue;
        for (const method of Object.keys(methods)) {
          const url = path.replace(/\{[^}]+\}/g, 'x1');
          const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
          const signedOut = await api.send({
            method: verb,
            url,
            payload: verb === 'GET' || verb === 'DELETE' ? undefined : {},
          });
          if (signedOut.statusCode !== 401) continue;
          protectedRoutes.push(`${verb} ${path}`);
          for (const token of [person.session.access_token, expired.token]) {
            const reply = await api.send({
              method: verb,
              url,
              headers: { authorization: `Bearer ${token}` },
              payload: verb === 'GET' || verb === 'DELETE' ? undefined : {},
            });
            expect(reply.statusCode, `${verb} ${path}`).toBe(401);
          }
        }
      }
      // Every domain's routes are covered, not just identity's.
      expect(protectedRoutes.length).toBeGreaterThan(40);
      expect(protectedRoutes).toEqual(
        expect.arrayContaining([
          'GET /api/v1/profile/',
          'GET /api/v1/wallet/balance',
          'GET /api/v1/evaluator/status',
          'GET /api/v1/admin/users',
        ]),
      );
    });

    it('checks the session before the body: signed out gets 401 whatever it sent', async () => {
      const noToken = 'No authentication token available';
      for (const [method, url, payload, message] of [
        ['PUT', '/api/v1/profile/', { first_name: 7 }, noToken],
        ['POST', '/api/v1/jobs', { title: '' }, 'You must be logged in to create an evaluation'],
        ['POST', '/api/v1/wallet/purchase-credits', { amount_usd: -1 }, noToken],
        ['POST', '/api/v1/evaluator/assignments/not-a-uuid/vote', { vote: 'maybe' }, noToken],
        ['GET', '/api/v1/wallet/context/nonsense', undefined, noToken],
        ['GET', '/api/v1/admin/users?_start=-5', undefined, noToken],
      ] as const) {
        const reply = await api.send({ method, url, payload });
        expect(reply.statusCode, `${method} ${url}`).toBe(401);
        expect(reply.json().detail).toBe(message);
      }
      // Public routes still answer bad input with the field errors.
      const magic = await api.send({
        method: 'POST',
        url: '/api/v1/auth/magic-link',
        payload: { email: 'nope' },
      });
      expect(magic.statusCode).toBe(422);
    });

    it('updates the profile with trimmed names and the spec messages', async () => {
      const person = await signIn(runtime, 'named@example.com');
      const bad = await api.send({
        method: 'PUT',
        url: '/api/v1/profile',
        headers: person.headers,
        payload: { first_name: '   ', last_name: '' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail.map((issue: { msg: string }) => issue.msg)).toEqual([
        'First name is required',
        'Last name is required',
      ]);
      const good = await api.send({
        method: 'PUT',
        url: '/api/v1/profile/',
        headers: person.headers,
        payload: {
          first_name: '  Ada ',
          last_name: ' Lovelace',
          preferences: { earning_context: { payout_frequency: 'weekly' } },
        },
      });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace',
        full_name: 'Ada Lovelace',
        preferences: {
          spending_context: { auto_refill: false },
          earning_context: { payout_frequency: 'weekly' },
        },
      });
      const events = await runtime.store.readStream(`user-${person.userId}`);
      expect(JSON.stringify(events)).not.toContain('Lovelace');
    });

    it('switches context only to one the person has a role for', async () => {
      const person = await signIn(runtime, 'switcher@example.com');
      const refused = await api.send({
        method: 'POST',
        url: '/api/v1/auth/set-context',
        headers: person.headers,
        payload: { context: 'earning' },
      });
      expect(refused.statusCode).toBe(403);
      await makeEvaluator(runtime, person.userId, { status: 'pending' });
      const switched = await api.send({
        method: 'POST',
        url: '/api/v1/auth/set-context',
        headers: person.headers,
        payload: { context: 'earning' },
      });
      expect(switched.json()).toMatchObject({
        active_context: 'earning',
        available_roles: ['requester', 'expert'],
      });
      const bad = await api.send({
        method: 'POST',
        url: '/api/v1/auth/set-context',
        headers: person.headers,
        payload: { context: 'saving' },
      });
      expect(bad.statusCode).toBe(422);
    });

    it('changes email through a link sent to the new address', async () => {
      const person = await signIn(runtime, 'mover@example.com');
      await signIn(runtime, 'taken@example.com');
      const inUse = await api.send({
        method: 'POST',
        url: '/api/v1/profile/change-email',
        headers: person.headers,
        payload: { new_email: 'taken@example.com' },
      });
      expect(inUse.statusCode).toBe(400);
      expect(inUse.json().detail).toContain('already in use');

      const started = await api.send({
        method: 'POST',
        url: '/api/v1/profile/change-email',
        headers: person.headers,
        payload: { new_email: 'Moved@Example.com' },
      });
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({ new_email: 'moved@example.com' });
      const pending = await api.send({ method: 'GET', url: '/api/v1/profile/', headers: person.headers });
      expect(pending.json()).toMatchObject({ email: 'mover@example.com', new_email: 'moved@example.com' });

      const link = runtime.context.mailer.mailbox('moved@example.com')[0]!.links[0]!;
      expect(link).toContain('/verify-email-change?token=');
      const token = new URL(link).searchParams.get('token')!;
      const confirmed = await api.send({ method: 'GET', url: `/api/v1/auth/verify-email-change/${token}` });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        old_email: 'mover@example.com',
        new_email: 'moved@example.com',
      });
      const reused = await api.send({ method: 'GET', url: `/api/v1/auth/verify-email-change/${token}` });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().detail).toContain('Invalid verification link');

      const viaNew = await signIn(runtime, 'moved@example.com');
      expect(viaNew.userId).toBe(person.userId);
      // The old address is free again: it registers a new person.
      const viaOld = await signIn(runtime, 'mover@example.com');
      expect(viaOld.userId).not.toBe(person.userId);
    });

    it('makes ADMIN_EMAILS admins at sign-in', async () => {
      const boss = await signIn(runtime, 'boss@example.com');
      expect(boss.session.user.is_admin).toBe(true);
      const other = await signIn(runtime, 'worker@example.com');
      expect(other.session.user.is_admin).toBe(false);
    });
  });
}

describe('identity rate limits', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(undefined, { magicLinkLimitPerEmail: 2, magicLinkLimitPerIp: 4 });
  });
  afterAll(async () => {
    await runtime?.stop();
  });

  it('limits links per address and per client address with 429 and Retry-After', async () => {
    const ask = (email: string) =>
      runtime.app.inject({ method: 'POST', url: '/api/v1/auth/magic-link', payload: { email } });
    expect((await ask('a@example.com')).statusCode).toBe(200);
    expect((await ask('a@example.com')).statusCode).toBe(200);
    const limited = await ask('a@example.com');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(runtime.context.mailer.mailbox('a@example.com')).toHaveLength(2);
    expect((await ask('b@example.com')).statusCode).toBe(200);
    expect((await ask('c@example.com')).statusCode).toBe(200);
    // Four links from this client address in the window: the fifth is refused whatever the address.
    expect((await ask('d@example.com')).statusCode).toBe(429);
  });
});

describe('identity over SMTP', () => {
  let runtime: TestRuntime;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    runtime = await startTestRuntime(undefined, {
      smtpUrl: smtp.url,
      publicUrl: 'https://console.example.com',
    });
  });
  afterAll(async () => {
    await runtime?.stop();
    await smtp?.close();
  });

  it('delivers the sign-in link by SMTP and the link signs in', async () => {
    const sent = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/auth/magic-link',
      payload: { email: 'mail@example.com' },
    });
    expect(sent.statusCode).toBe(200);
    const email = await smtp.waitFor('mail@example.com');
    expect(email.subject).toBe('Your sign-in link');
    const link = email.links.find((candidate) =>
      candidate.startsWith('https://console.example.com/auth/callback'),
    );
    expect(link).toBeDefined();
    // Nothing goes to the development mailbox when SMTP is configured.
    expect(runtime.context.mailer.mailbox('mail@example.com')).toEqual([]);
    const token = new URL(link!).searchParams.get('token')!;
    const verified = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.email).toBe('mail@example.com');
    expect(() => latestLinkToken(runtime, 'mail@example.com')).toThrow();
  });
});
