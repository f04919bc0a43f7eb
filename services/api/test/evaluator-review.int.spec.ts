import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { seedEvaluatorDemo } from '../src/evaluator/seed-evaluator-demo.js';
import { makeEvaluator } from './support/evaluators.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';
import { injector } from './support/inject.js';

for (const mode of runtimeModes()) {
  describe(`admin review of evaluator applications: ${mode.name}`, () => {
    let runtime: Runtime & { stop(): Promise<void> };
    let admin: SignedIn;
    let otherAdmin: SignedIn;
    let member: SignedIn;
    beforeAll(async () => {
      runtime = await startTestRuntime(mode);
      admin = await signIn(runtime, 'admin@example.com', { admin: true });
      otherAdmin = await signIn(runtime, 'admin2@example.com', { admin: true });
      member = await signIn(runtime, 'member@example.com');
    }, 60_000);
    afterAll(async () => {
      await runtime?.stop();
    });

    const api = injector(() => runtime.app);
    const applyIndeed = async (email: string, names: { firstName?: string; lastName?: string } = {}) => {
      const person = await signIn(runtime, email, names);
      const reply = await api.send({
        method: 'POST',
        url: '/api/v1/evaluator/apply',
        headers: person.headers,
        payload: { application_method: 'indeed', indeed_url: `https://www.indeed.com/r/${person.userId}` },
      });
      expect(reply.statusCode).toBe(201);
      return person;
    };
    const list = (who: SignedIn, query = '') =>
      api.send({ method: 'GET', url: `/api/v1/admin/evaluator-applications${query}`, headers: who.headers });
    const approve = (who: SignedIn, userId: string, body?: object) =>
      api.send({
        method: 'POST',
        url: `/api/v1/admin/evaluator/approve/${userId}`,
        headers: who.headers,
        payload: body ?? {},
      });
    const reject = (who: SignedIn, userId: string, body: object) =>
      api.send({
        method: 'POST',
        url: `/api/v1/admin/evaluator/reject/${userId}`,
        headers: who.headers,
        payload: body ?? {},
      });
    const statusOf = async (who: SignedIn) =>
      (await api.send({ method: 'GET', url: '/api/v1/evaluator/status', headers: who.headers })).json();

    it('answers 401 signed out and 403 with the spec message to non-admins on every review route', async () => {
      const routes = [
        ['GET', '/api/v1/admin/evaluator-applications?status=pending&limit=50', undefined],
        ['GET', '/api/v1/admin/evaluator-applications/x', undefined],
        ['POST', '/api/v1/admin/evaluator/approve/x', { qualification_tier: 'expert' }],
        ['POST', '/api/v1/admin/evaluator/reject/x', { rejection_reason: 'too short' }],
      ] as const;
      for (const [method, url, payload] of routes) {
        const anonymous = await api.send({ method, url, payload });
        expect(anonymous.statusCode, url).toBe(401);
        const forbidden = await api.send({ method, url, payload, headers: member.headers });
        expect(forbidden.statusCode, url).toBe(403);
        expect(forbidden.json()).toMatchObject({
          detail: 'Access denied. Platform admin privileges required.',
        });
      }
    });

    it('lists pending applications newest first with the spec fields, filtered by status', async () => {
      const jane = await applyIndeed('jane@example.com', { firstName: 'Jane', lastName: 'Doe' });
      const reply = await list(admin, '?status=pending&limit=50');
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      expect(body.total).toBeGreaterThanOrEqual(1);
      expect(body.applications[0]).toMatchObject({
        user_id: jane.userId,
        email: 'jane@example.com',
        full_name: 'Jane Doe',
        evaluator_status: 'pending',
        reputation_score: null,
        application_data: {
          method: 'indeed',
          indeed_url: `https://www.indeed.com/r/${jane.userId}`,
          cv_url: null,
          linkedin_oauth: null,
        },
      });
      expect((await list(admin, '?status=verified')).json().applications).toEqual([]);
      expect((await list(admin, '?status=bogus')).statusCode).toBe(422);
      expect((await list(admin, '?limit=0')).statusCode).toBe(422);
      expect((await list(admin, '?limit=1000')).statusCode).toBe(422);
    });

    it('approves a pending application at a tier; a second review is a 409', async () => {
      const person = await applyIndeed('approve-me@example.com');
      const reply = await approve(admin, person.userId, { qualification_tier: 'expert' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().application).toMatchObject({
        evaluator_status: 'verified',
        qualification_tier: 'expert',
        reviewed_by: admin.userId,
      });
      expect(await statusOf(person)).toMatchObject({
        evaluator_status: 'verified',
        qualification_tier: 'expert',
      });
      expect((await approve(admin, person.userId)).statusCode).toBe(409);
      expect(
        (await reject(admin, person.userId, { rejection_reason: 'Changed my mind entirely' })).statusCode,
      ).toBe(409);
      const verified = (await list(admin, '?status=verified')).json().applications;
      expect(verified.map((a: { user_id: string }) => a.user_id)).toContain(person.userId);
    });

    it('approves at community by default and refuses an unknown tier', async () => {
      const person = await applyIndeed('default-tier@example.com');
      expect((await approve(admin, person.userId, { qualification_tier: 'gold' })).statusCode).toBe(422);
      const reply = await approve(admin, person.userId);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().application.qualification_tier).toBe('community');
    });

    it('rejects with a reason of at least 10 characters, shown to the applicant', async () => {
      const person = await applyIndeed('reject-me@example.com');
      for (const rejection_reason of ['too short', '   short   ', '']) {
        const reply = await reject(admin, person.userId, { rejection_reason });
        expect(reply.statusCode).toBe(422);
        expect(reply.json().detail[0].msg).toBe('Rejection reason must be at least 10 characters');
      }
      expect((await reject(admin, person.userId, {})).statusCode).toBe(422);
      const reply = await reject(admin, person.userId, {
        rejection_reason: 'Profile does not show evaluation experience',
      });
      expect(reply.statusCode).toBe(200);
      expect(await statusOf(person)).toMatchObject({
        evaluator_status: 'rejected',
        rejection_reason: 'Profile does not show evaluation experience',
      });
      expect((await approve(admin, person.userId)).statusCode).toBe(409);
    });

    it('answers 404 for a person who never applied and 422 for a malformed id', async () => {
      const nobody = await approve(admin, 'nobody-here');
      expect(nobody.statusCode, nobody.body).toBe(404);
      expect((await approve(admin, 'bad%20id')).statusCode).toBe(422);
    });

    it('lets exactly one of two admins acting at once on a pending application win', async () => {
      const person = await applyIndeed('contested@example.com');
      const [a, b] = await Promise.all([
        approve(admin, person.userId, { qualification_tier: 'expert' }),
        reject(otherAdmin, person.userId, { rejection_reason: 'Rejected by the second admin' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const events = await runtime.store.readStream(`evaluator-${person.userId}`);
      expect(events.map((e) => e.type)).toHaveLength(2);
    });

    it('seeds the demo world with one pending, one verified and one rejected application, once', async () => {
      const [p, v, r] = await Promise.all(
        ['demo-p', 'demo-v', 'demo-r'].map((name) => signIn(runtime, `${name}@example.com`)),
      );
      const people = { pending: p!.userId, verified: v!.userId, rejected: r!.userId, adminId: admin.userId };
      await seedEvaluatorDemo(runtime.context, people);
      await seedEvaluatorDemo(runtime.context, people);
      expect((await statusOf(p!)).evaluator_status).toBe('pending');
      expect(await statusOf(v!)).toMatchObject({
        evaluator_status: 'verified',
        qualification_tier: 'expert',
      });
      expect((await statusOf(r!)).evaluator_status).toBe('rejected');
      expect(await runtime.store.readStream(`evaluator-${v!.userId}`)).toHaveLength(2);
    });

    it('serves the list as a react-admin resource with Content-Range and getMany', async () => {
      await makeEvaluator(runtime, (await signIn(runtime, 'ra-1@example.com')).userId, { status: 'pending' });
      const reply = await list(
        admin,
        `?sort=${encodeURIComponent('["applied_at","DESC"]')}&range=${encodeURIComponent('[0,1]')}&filter=${encodeURIComponent('{"evaluator_status":"all"}')}`,
      );
      expect(reply.statusCode).toBe(200);
      expect(Array.isArray(reply.json())).toBe(true);
      expect(reply.json()).toHaveLength(2);
      expect(reply.headers['content-range']).toMatch(/^evaluator-applications 0-1\/\d+$/);
      const ids = reply.json().map((a: { id: string }) => a.id);
      const many = await list(admin, `?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`);
      expect(
        many
          .json()
          .map((a: { id: string }) => a.id)
          .sort(),
      ).toEqual([...ids].sort());
      const one = await api.send({
        method: 'GET',
        url: `/api/v1/admin/evaluator-applications/${ids[0]}`,
        headers: admin.headers,
      });
      expect(one.json().id).toBe(ids[0]);
      expect((await list(admin, '?sort=notjson')).statusCode).toBe(422);
      expect((await list(admin, `?sort=${encodeURIComponent('["password","ASC"]')}`)).statusCode).toBe(422);
      expect((await list(admin, `?filter=${encodeURIComponent('{"nope":1}')}`)).statusCode).toBe(422);
    });
  });
}
