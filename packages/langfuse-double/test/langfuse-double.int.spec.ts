import { LangfuseAPIClient, LangfuseAPIError } from '@langfuse/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLangfuseFake, type LangfuseFake } from '../src/index.js';

/** The double, driven by Langfuse's own generated client (@langfuse/core), as strict as Langfuse v4. */
describe('the Langfuse double, driven by the official @langfuse/core client', () => {
  let fake: LangfuseFake;
  let client: LangfuseAPIClient;
  const noRetry = { maxRetries: 0 };

  const statusOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 200;
    } catch (error) {
      if (error instanceof LangfuseAPIError) return error.statusCode;
      throw error;
    }
  };
  const raw = (path: string, init: RequestInit = {}) =>
    fetch(`${fake.url}${path}`, {
      ...init,
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.publicKey}:${fake.secretKey}`).toString('base64')}`,
        ...init.headers,
      },
    });

  beforeAll(async () => {
    fake = await startLangfuseFake();
    client = new LangfuseAPIClient({
      environment: fake.url,
      baseUrl: fake.url,
      username: fake.publicKey,
      password: fake.secretKey,
    });
    const start = Date.parse('2026-01-01T00:00:00Z');
    fake.addTraces(
      Array.from({ length: 7 }, (_, index) => ({
        id: `t-${index}`,
        input: { question: index },
        output: `answer ${index}`,
        timestamp: new Date(start + index * 1000).toISOString(),
      })),
    );
  });
  beforeEach(() => {
    Object.assign(fake.switches, {
      keyScope: 'project',
      ingestionSuspended: false,
      observationsV2: true,
      rateLimitPoints: 0,
    });
  });
  afterAll(() => fake.close());

  it('answers the legacy traces list with v4 events_only 404, keys or not', async () => {
    const response = await fetch(`${fake.url}/api/public/traces?page=1&limit=50`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(/events_only/);
    expect(await statusOf(client.trace.list({}, noRetry))).toBe(404);
  });

  it('checks basic auth: 401 for wrong keys, 403 for an organization key', async () => {
    const wrong = new LangfuseAPIClient({
      environment: fake.url,
      baseUrl: fake.url,
      username: fake.publicKey,
      password: 'sk-wrong',
    });
    expect(await statusOf(wrong.projects.get(noRetry))).toBe(401);
    expect(await statusOf(wrong.observations.getMany({}, noRetry))).toBe(401);
    fake.switches.keyScope = 'organization';
    expect(await statusOf(client.projects.get(noRetry))).toBe(403);
    expect(await statusOf(client.observations.getMany({}, noRetry))).toBe(403);
  });

  it('pages observations newest first with a cursor, io as raw strings', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.observations.getMany({ limit: 3, fields: 'core,io', cursor }, noRetry);
      seen.push(...page.data.map((o) => o.traceId!));
      cursor = page.meta.cursor;
      pages += 1;
      if (pages === 1) {
        expect(page.data[0]).toMatchObject({ traceId: 't-6', input: '{"question":6}', output: 'answer 6' });
      }
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['t-6', 't-5', 't-4', 't-3', 't-2', 't-1', 't-0']);
    const window = await client.observations.getMany(
      { fromStartTime: '2026-01-01T00:00:02Z', toStartTime: '2026-01-01T00:00:04Z' },
      noRetry,
    );
    expect(window.data.map((o) => o.traceId)).toEqual(['t-3', 't-2']);
    expect(window.data[0]).not.toHaveProperty('input');
  });

  it('refuses out-of-range limits, bad cursors and parseIoAsJson=true with 400', async () => {
    for (const query of [
      'limit=1001',
      'limit=-1',
      'limit=abc',
      'cursor=not-a-cursor',
      'parseIoAsJson=true',
    ]) {
      expect((await raw(`/api/public/v2/observations?${query}`)).status, query).toBe(400);
    }
    expect((await raw('/api/public/v2/observations?limit=1000')).status).toBe(200);
  });

  it('answers 404 on v2 observations for a Langfuse without them', async () => {
    fake.switches.observationsV2 = false;
    expect(await statusOf(client.observations.getMany({}, noRetry))).toBe(404);
  });

  it('keeps scores by id and refuses them while ingestion is suspended', async () => {
    const score = {
      id: 'score-1',
      traceId: 't-1',
      name: 'human_evaluation',
      value: 1,
      dataType: 'NUMERIC' as const,
    };
    expect(await client.scores.create(score, noRetry)).toEqual({ id: 'score-1' });
    await client.scores.create({ ...score, value: 0 }, noRetry);
    expect(fake.scores().filter((s) => s.id === 'score-1')).toEqual([{ ...score, value: 0 }]);
    expect(await statusOf(client.scores.create({ ...score, value: 'good' }, noRetry))).toBe(400);
    fake.switches.ingestionSuspended = true;
    expect(await statusOf(client.scores.create(score, noRetry))).toBe(403);
  });

  it('rate-limits with 429 and Retry-After', async () => {
    Object.assign(fake.switches, { rateLimitPoints: 2, rateLimitWindowMs: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 3; i += 1) {
      const response = await raw('/api/public/v2/observations?limit=1');
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(3);
  });
});
