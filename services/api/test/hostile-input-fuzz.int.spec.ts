import { startOidcProviderFake, type OidcProviderFake } from '@evalmarket/testkit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime/start-runtime.js';
import { evaluationClient } from './support/evaluations.js';
import { makeEvaluator } from './support/evaluators.js';
import {
  operationsOf,
  requestsFor,
  type FuzzOperation,
  type FuzzRequest,
  type FuzzWorld,
} from './support/openapi-fuzz.js';
import { runtimeModes, startTestRuntime } from './support/runtime.js';
import { signIn, type SignedIn } from './support/sign-in.js';

/**
 * Every operation of the OpenAPI document the app serves, called with hostile strings (NUL, lone
 * surrogates, RTL overrides, control characters, 10k characters) and hostile numbers in every
 * parameter and body field, plus malformed JSON and wrong content types. No reply may be a 5xx;
 * a 4xx refusal may not change the log; every projection is at the head afterwards.
 *
 * FUZZ_RUNS (generated requests per operation, default 15) and FUZZ_SEED set the size and the
 * seed; a failure prints the seed and path fast-check needs to replay it.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

interface People {
  owner: SignedIn;
  admin: SignedIn;
  apiKey: string;
}

/** A small world: a requester with credits, an evaluation with items and an API key, an evaluator with a claim, an admin. */
async function seedWorld(runtime: Runtime): Promise<{ people: People; world: FuzzWorld }> {
  const api = evaluationClient(runtime);
  const owner = await signIn(runtime, 'fuzz-owner@example.com');
  const admin = await signIn(runtime, 'fuzz-admin@example.com', { admin: true });
  const evaluator = await signIn(runtime, 'fuzz-evaluator@example.com');
  const bystander = await signIn(runtime, 'fuzz-bystander@example.com');
  await makeEvaluator(runtime, evaluator.userId, { status: 'pending' });
  expect(
    (await api.call('POST', '/dev/grant-credits', owner.headers, { amount_credits: 1_000_000 })).status,
  ).toBe(201);
  const created = await api.createEvaluation(owner.headers);
  const evaluationId = created.body.id as string;
  const key = await api.createKey(owner.headers, evaluationId);
  await api.configure(owner.headers, evaluationId, { votes_per_item: 2 });
  await api.ingest(key.body.api_key, created.body.sdk_project_id, [
    { id: 'fuzz-item-1', output: 'answer one' },
    { id: 'fuzz-item-2', output: 'answer two' },
  ]);
  const claimed = await api.claim(evaluator.headers, evaluationId);
  const ids = [
    evaluationId,
    created.body.sdk_project_id as string,
    key.body.key_id as string,
    claimed.body.assignment_id as string,
    evaluator.userId,
    bystander.userId,
    'fuzz-item-1',
  ].filter(Boolean);
  return { people: { owner, admin, apiKey: key.body.api_key as string }, world: { ids } };
}

function headersFor(operation: FuzzOperation, people: People): Record<string, string> {
  if (operation.path.includes('/admin/')) return people.admin.headers;
  if (operation.path.includes('/sdk/')) return { authorization: `Bearer ${people.apiKey}` };
  return people.owner.headers;
}

const HOSTILE_MULTIPART = [
  '--x',
  'Content-Disposition: form-data; name="note\u0000"',
  '',
  'a\u0000b',
  '--x',
  'Content-Disposition: form-data; name="file"; filename="cv\u0000\u202E.pdf"',
  'Content-Type: application/pdf',
  '',
  '%PDF-1.4',
  '--x--',
  '',
].join('\r\n');

/** The requests every write also gets: JSON that does not parse, other content types, hostile multipart. */
function framingRequests(operation: FuzzOperation): Array<FuzzRequest & { contentType: string }> {
  if (operation.method === 'GET') return [];
  const url = operation.path.replace(/\{[^}]+\}/g, 'x');
  return [
    { url, payload: HOSTILE_MULTIPART, contentType: 'multipart/form-data; boundary=x' },
    { url, payload: '{"a": ', contentType: 'application/json' },
    { url, payload: '[1e309, "\\ud800"', contentType: 'application/json' },
    { url, payload: 'hello', contentType: 'text/plain' },
    { url, payload: 'a=b&a=%00', contentType: 'application/x-www-form-urlencoded' },
    { url, payload: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x' },
  ];
}

/** `{"detail": string | object, "code"?: string}` (DESIGN.md section 7). */
function hasErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown };
    return parsed.detail !== undefined && parsed.detail !== null;
  } catch {
    return false;
  }
}

describe.each(runtimeModes())('hostile input on every operation: $name', (mode) => {
  let runtime: Runtime & { stop(): Promise<void> };
  let provider: OidcProviderFake;
  let people: People;
  let world: FuzzWorld;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    // Every optional integration configured, so its routes are reached rather than refused as off.
    provider = await startOidcProviderFake({
      user: { sub: 'li-fuzz', name: 'Fuzz', email: 'fuzz-li@example.com', email_verified: true },
    });
    runtime = await startTestRuntime(mode, {
      linkedinClientId: provider.clientId,
      linkedinClientSecret: provider.clientSecret,
      linkedinIssuer: provider.issuer,
    });
    ({ people, world } = await seedWorld(runtime));
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
    await provider?.close();
    if (process.env.FUZZ_VERBOSE) console.log('replies by status', Object.fromEntries(statuses));
  });

  /** Sends one request and returns what is wrong with its outcome, if anything. */
  async function problemWith(
    operation: FuzzOperation,
    request: FuzzRequest,
    contentType = 'application/json',
  ): Promise<string | undefined> {
    const before = await runtime.store.headPosition();
    const reply = await runtime.app.inject({
      method: operation.method as 'GET',
      url: request.url,
      headers: {
        ...headersFor(operation, people),
        ...(request.payload !== undefined ? { 'content-type': contentType } : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
    if (process.env.FUZZ_VERBOSE) console.log(reply.statusCode, operation.method, request.url.slice(0, 120));
    const summary = `${operation.method} ${request.url.slice(0, 300)} ${request.payload?.slice(0, 300) ?? ''} -> ${reply.statusCode} ${reply.body.slice(0, 300)}`;
    if (reply.statusCode >= 500) return `5xx: ${summary}`;
    if (reply.statusCode >= 400 && (await runtime.store.headPosition()) !== before)
      return `4xx changed the log: ${summary}`;
    if (reply.statusCode >= 400 && !hasErrorShape(reply.body))
      return `4xx not in the API's error shape: ${summary}`;
    if (reply.statusCode < 300 && operation.method !== 'GET') await keepSignedIn();
    return undefined;
  }

  /** A write may have signed the owner out (logout) or rotated their session: sign in again. */
  async function keepSignedIn(): Promise<void> {
    for (const role of ['owner', 'admin'] as const) {
      const session = await runtime.app.inject({
        url: '/api/v1/auth/session',
        headers: people[role].headers,
      });
      if (session.statusCode === 401) {
        people[role] = await signIn(runtime, people[role].email, { admin: role === 'admin' });
      }
    }
  }

  it(`answers no 5xx, changes nothing on a refusal and leaves every projection at the head (seed ${SEED})`, async () => {
    const document = (await runtime.app.inject({ url: '/docs/json' })).json();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const operation of operations) {
      for (const request of framingRequests(operation)) {
        const problem = await problemWith(operation, request, request.contentType);
        if (problem) problems.push(problem);
      }
      const result = await fc.check(
        fc.asyncProperty(requestsFor(operation, world), async (request) => {
          const problem = await problemWith(operation, request);
          if (problem) throw new Error(problem);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
      if (result.failed) {
        problems.push(
          `${operation.method} ${operation.path} (seed ${result.seed}, path ${result.counterexamplePath}): ${String(
            (result.errorInstance as Error | undefined)?.message ?? result.errorInstance,
          )}`,
        );
      }
    }
    expect(problems).toEqual([]);

    const head = await runtime.store.headPosition();
    await runtime.projector.waitFor(head, 20_000);
    await runtime.domainProjector.waitFor(head, 20_000);
    // Every projection with a checkpoint, not only the two this process runs.
    const { rows } = await runtime.sql.query<{ projection: string; position: unknown }>(
      'SELECT projection, position FROM projection_checkpoints ORDER BY projection',
    );
    expect(rows.map((row) => row.projection)).toEqual(
      expect.arrayContaining([runtime.projector.projection, runtime.domainProjector.projection]),
    );
    expect(rows.map((row) => [row.projection, Number(row.position)])).toEqual(
      rows.map((row) => [row.projection, head]),
    );
    // And the platform still takes new people.
    const newcomer = await signIn(runtime, 'fuzz-newcomer@example.com', {
      firstName: 'New',
      lastName: 'Comer',
    });
    expect(newcomer.session.user.email).toBe('fuzz-newcomer@example.com');
  }, 600_000);
});
