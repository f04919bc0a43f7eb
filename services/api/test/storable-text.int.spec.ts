import { DOMAIN_PROJECTION, readCheckpoint, WALLET_PROJECTION } from '@evalmarket/projector';
import { EventStoreError } from '@evalmarket/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorReply } from '../src/http/errors.js';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { evaluationClient } from './support/evaluations.js';
import { makeEvaluator } from './support/evaluators.js';
import { multipartFile, SAMPLE_PDF } from './support/multipart.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

/**
 * Text PostgreSQL cannot hold (NUL, lone surrogates) in any field a person or an SDK sends is a
 * 422 naming the field, appends nothing, and never wedges a projection (issue 20, point 1).
 */
const NUL = 'A\u0000B';
const LONE_SURROGATE = 'x\ud800';

describe.each(runtimeModes())('text PostgreSQL cannot store: $name', (mode) => {
  let runtime: Runtime & { stop(): Promise<void> };
  let owner: SignedIn;
  let admin: SignedIn;
  let evaluator: SignedIn;
  let evaluationId: string;
  let projectId: string;
  let apiKey: string;
  let assignmentId: string;

  beforeAll(async () => {
    runtime = await startTestRuntime(mode);
    const api = evaluationClient(runtime);
    owner = await signIn(runtime, 'text-owner@example.com');
    admin = await signIn(runtime, 'text-admin@example.com', { admin: true });
    evaluator = await signIn(runtime, 'text-evaluator@example.com');
    await makeEvaluator(runtime, evaluator.userId, { status: 'pending' });
    await api.call('POST', '/dev/grant-credits', owner.headers, { amount_credits: 100_000 });
    const created = await api.createEvaluation(owner.headers);
    evaluationId = created.body.id;
    projectId = created.body.sdk_project_id;
    apiKey = (await api.createKey(owner.headers, evaluationId)).body.api_key;
    await api.configure(owner.headers, evaluationId, { votes_per_item: 2 });
    await api.ingest(apiKey, projectId, [{ id: 'text-item-1', output: 'answer' }]);
    assignmentId = (await api.claim(evaluator.headers, evaluationId)).body.assignment_id;
    expect(assignmentId).toBeTruthy();
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
  });

  /** Sends a request and expects a 422 naming `loc`, with the log unchanged. */
  async function expectRefused(
    request: { method: string; url: string; headers?: Record<string, string>; payload?: unknown },
    loc: Array<string | number>,
  ): Promise<void> {
    const before = await runtime.store.headPosition();
    const reply = await runtime.app.inject({
      method: request.method as 'POST',
      url: request.url,
      headers: request.headers ?? {},
      ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
    });
    expect({ status: reply.statusCode, body: reply.json() }).toMatchObject({
      status: 422,
      body: { code: 'validation_error', detail: expect.arrayContaining([expect.objectContaining({ loc })]) },
    });
    expect(await runtime.store.headPosition()).toBe(before);
  }

  /** Every projection has reached the log's head, and a new person can still sign up and name themselves. */
  async function expectPlatformWorking(email: string): Promise<void> {
    const head = await runtime.store.headPosition();
    await runtime.domainProjector.waitFor(head, 10_000);
    await runtime.projector.waitFor(head, 10_000);
    expect(await readCheckpoint(runtime.sql, DOMAIN_PROJECTION)).toBe(head);
    expect(await readCheckpoint(runtime.sql, WALLET_PROJECTION)).toBe(head);
    const newcomer = await signIn(runtime, email, { firstName: 'Ada', lastName: 'Lovelace' });
    const profile = await runtime.app.inject({ url: '/api/v1/profile/', headers: newcomer.headers });
    expect(profile.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  }

  it('refuses a NUL in a name before it is sealed, and sign-ups keep working', async () => {
    for (const first_name of [NUL, LONE_SURROGATE]) {
      await expectRefused(
        {
          method: 'PUT',
          url: '/api/v1/profile/',
          headers: owner.headers,
          payload: { first_name, last_name: 'x' },
        },
        ['body', 'first_name'],
      );
    }
    await expectPlatformWorking('text-newcomer-1@example.com');
  });

  it('refuses a NUL or a lone surrogate in an Indeed URL, and sign-ups keep working', async () => {
    const applicant = await signIn(runtime, 'text-applicant@example.com');
    for (const indeed_url of [
      `https://www.indeed.com/r/${NUL}`,
      `https://www.indeed.com/r/${LONE_SURROGATE}`,
    ]) {
      await expectRefused(
        {
          method: 'POST',
          url: '/api/v1/evaluator/apply',
          headers: applicant.headers,
          payload: { application_method: 'indeed', indeed_url },
        },
        ['body', 'indeed_url'],
      );
    }
    await expectPlatformWorking('text-newcomer-2@example.com');
  });

  it('names the field in every kind of stored text: jobs, evaluations, keys, Langfuse, SDK, votes, reviews, email', async () => {
    const cases: Array<[string, string, Record<string, string>, unknown, Array<string | number>]> = [
      ['POST', '/api/v1/jobs', owner.headers, { title: NUL, budget_amount: 100 }, ['body', 'title']],
      [
        'PATCH',
        `/api/v1/evaluations/${evaluationId}`,
        owner.headers,
        { description: NUL },
        ['body', 'description'],
      ],
      [
        'POST',
        `/api/v1/projects/${evaluationId}/evaluation-config`,
        owner.headers,
        { app_detection: { primary_url: `https://app.example.com/${LONE_SURROGATE}` } },
        ['body', 'app_detection', 'primary_url'],
      ],
      [
        'POST',
        `/api/v1/evaluations/${evaluationId}/api-keys`,
        owner.headers,
        { name: NUL },
        ['body', 'name'],
      ],
      [
        'POST',
        `/api/v1/evaluations/${evaluationId}/langfuse/connect`,
        owner.headers,
        {
          langfuse_public_key: 'pk-lf-1',
          langfuse_secret_key: NUL,
          langfuse_host: 'https://cloud.langfuse.com',
          langfuse_project_id: 'p1',
        },
        ['body', 'langfuse_secret_key'],
      ],
      [
        'POST',
        '/api/v1/sdk/items',
        { authorization: `Bearer ${apiKey}` },
        { project_id: projectId, items: [{ id: 'text-item-2', output: { answer: NUL } }] },
        ['body', 'items', 0, 'output', 'answer'],
      ],
      [
        'POST',
        '/api/v1/sdk/items',
        { authorization: `Bearer ${apiKey}` },
        { project_id: projectId, items: [{ id: 'text-item-3', metadata: { [NUL]: 1 } }] },
        ['body', 'items', 0, 'metadata', NUL],
      ],
      [
        'POST',
        `/api/v1/evaluator/assignments/${assignmentId}/vote`,
        evaluator.headers,
        { vote: 'good', comment: LONE_SURROGATE },
        ['body', 'comment'],
      ],
      [
        'POST',
        `/api/v1/admin/evaluator/reject/${evaluator.userId}`,
        admin.headers,
        { rejection_reason: `Not enough experience ${NUL}` },
        ['body', 'rejection_reason'],
      ],
      [
        'POST',
        '/api/v1/profile/change-email',
        owner.headers,
        { new_email: `a${NUL}@example.com` },
        ['body', 'new_email'],
      ],
      ['POST', '/api/v1/auth/magic-link', {}, { email: `a${NUL}@example.com` }, ['body', 'email']],
      [
        'POST',
        '/api/v1/admin/adjustments',
        admin.headers,
        { user_id: owner.userId, amount_credits: 10, reason: `goodwill ${NUL}` },
        ['body', 'reason'],
      ],
    ];
    for (const [method, url, headers, payload, loc] of cases) {
      await expectRefused({ method, url, headers, payload }, loc);
    }
    await expectPlatformWorking('text-newcomer-3@example.com');
  });

  it("refuses control characters in one-line fields with the spec's message, and keeps newlines in comments", async () => {
    const refusal = async (url: string, headers: Record<string, string>, payload: object) => {
      const reply = await runtime.app.inject({
        method: url.includes('profile/') ? 'PUT' : 'POST',
        url,
        headers,
        payload,
      });
      expect(reply.statusCode).toBe(422);
      return (reply.json() as { detail: Array<{ loc: unknown[]; msg: string }> }).detail[0];
    };
    expect(await refusal('/api/v1/auth/magic-link', {}, { email: 'a\u0007b@example.com' })).toMatchObject({
      loc: ['body', 'email'],
      msg: 'Please enter a valid email address',
    });
    const applicant = await signIn(runtime, 'text-applicant-2@example.com');
    expect(
      await refusal('/api/v1/evaluator/apply', applicant.headers, {
        application_method: 'indeed',
        indeed_url: 'https://www.indeed.com/r/a\u001bb',
      }),
    ).toMatchObject({ loc: ['body', 'indeed_url'], msg: 'Please enter a valid Indeed resume URL' });
    expect(
      await refusal('/api/v1/profile/', owner.headers, { first_name: 'Ada\nLovelace', last_name: 'x' }),
    ).toMatchObject({ loc: ['body', 'first_name'], msg: 'Text must be one line without control characters' });

    const named = await runtime.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/',
      headers: owner.headers,
      payload: { first_name: 'Ad\u202Ea \u{1F600}', last_name: 'x' },
    });
    expect(named.json()).toMatchObject({ first_name: 'Ad\u202Ea \u{1F600}' });
    const voted = await runtime.app.inject({
      method: 'POST',
      url: `/api/v1/evaluator/assignments/${assignmentId}/vote`,
      headers: evaluator.headers,
      payload: { vote: 'good', comment: 'First line\nsecond line\ttabbed' },
    });
    expect(voted.statusCode).toBe(201);
  });

  it('refuses %00 in a query or a path with 422 instead of 500', async () => {
    await expectRefused(
      { method: 'GET', url: '/api/v1/analytics/spending/?evaluation_id=%00', headers: owner.headers },
      ['query', 'evaluation_id'],
    );
    await expectRefused({ method: 'GET', url: '/api/v1/admin/purchases/a%00b', headers: admin.headers }, [
      'path',
      'id',
    ]);
    await expectRefused(
      { method: 'GET', url: '/api/v1/billing/invoices/%00/download', headers: owner.headers },
      ['path', 'id'],
    );
    await expectRefused(
      {
        method: 'GET',
        url: `/api/v1/admin/users?filter=${encodeURIComponent('{"q":"\\u0000"}')}`,
        headers: admin.headers,
      },
      ['query', 'filter', 'q'],
    );
    const badEscape = await runtime.app.inject({
      url: '/api/v1/admin/purchases/%ED%A0%80',
      headers: admin.headers,
    });
    expect({ status: badEscape.statusCode, body: badEscape.json() }).toMatchObject({
      status: 400,
      body: { code: 'bad_request', detail: expect.any(String) },
    });
  });

  it('answers overlong input with a 4xx, never a 5xx, and records nothing', async () => {
    const before = await runtime.store.headPosition();
    const bulky = { a: 'x'.repeat(80_000) };
    const patched = await runtime.app.inject({
      method: 'PATCH',
      url: `/api/v1/evaluations/${evaluationId}`,
      headers: owner.headers,
      payload: { parameters: bulky },
    });
    expect(patched.json()).toMatchObject({ detail: [{ loc: ['body', 'parameters'] }] });
    expect(patched.statusCode).toBe(422);
    // Every field within its own limit, together more than one event may hold.
    const created = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: owner.headers,
      payload: {
        title: 'Big',
        budget_amount: 100,
        description: 'd'.repeat(5_000),
        machinePrompt: 'm'.repeat(10_000),
        subjectMatterPrompt: 's'.repeat(10_000),
        input_configuration: { type: 'manual', items: Array.from({ length: 5 }, () => 'i'.repeat(10_000)) },
        parameters: { p: 'p'.repeat(16_000) },
      },
    });
    expect({ status: created.statusCode, code: created.json().code }).toEqual({
      status: 413,
      code: 'payload_too_large',
    });
    expect(await runtime.store.headPosition()).toBe(before);
  });

  it('refuses a CV whose file name holds a NUL', async () => {
    const upload = multipartFile(SAMPLE_PDF, { filename: 'cv\u0000.pdf' });
    await expectRefused(
      {
        method: 'POST',
        url: '/api/v1/evaluator/upload/cv',
        headers: { ...owner.headers, ...upload.headers },
        payload: upload.payload,
      },
      ['body', 'file', 'filename'],
    );
  });

  it("answers the store's own refusal as 422, and the ledger writer fails only the command that carries it", async () => {
    const request = { id: 'r1' } as never;
    const refusal = new EventStoreError('unstorable_text', 'no', {
      part: 'data',
      path: ['reason'],
      reason: 'nul',
    });
    expect(toErrorReply(refusal, { request, bodyLimitBytes: 1 })).toMatchObject({
      status: 422,
      body: { code: 'validation_error', detail: [{ loc: ['body'], type: 'unstorable_text' }] },
    });

    // The safety net for anything that still reaches SQL: PostgreSQL's own refusal is a 422 too.
    for (const [statement, value] of [
      ['SELECT $1::text AS t', NUL],
      ['SELECT $1::jsonb AS j', '{"a":"\\u0000"}'],
    ] as const) {
      const failure = await runtime.sql.query(statement, [value]).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(toErrorReply(failure, { request, bodyLimitBytes: 1 })).toMatchObject({ status: 422 });
    }

    const adjust = (adjustment_id: string, reason: string) =>
      runtime.ledger.submit({
        type: 'AdjustCredits',
        data: {
          adjustment_id,
          user_id: owner.userId,
          context: 'spending',
          amount_credits: 5,
          reason,
          actor_id: admin.userId,
        },
      });
    const [bad, good] = await Promise.allSettled([
      adjust('00000000-0000-4000-8000-000000000001', `bad ${NUL}`),
      adjust('00000000-0000-4000-8000-000000000002', 'good'),
    ]);
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: 'unstorable_text' } });
    expect(good).toMatchObject({ status: 'fulfilled', value: { ok: true } });
    await expectPlatformWorking('text-newcomer-4@example.com');
  });
});
