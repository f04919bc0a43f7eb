/**
 * Each k6 script, run once by the smoke runner (one VU, one iteration per scenario) against the
 * real API started from source (embedded default: PGlite in a throwaway DATA_DIR, local
 * payments). Every check must pass, every threshold's metric must have samples, the thresholds
 * that do not judge latency must be met (a single cold request says nothing about a p99), and
 * handleSummary must write its JSON and text files.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mailboxLink, startApiProcess, type ApiProcess } from '@evalmarket/testkit/e2e';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runScript, type SmokeRun } from '../smoke-runner/run-script.js';

const K6_DIR = fileURLToPath(new URL('../k6/', import.meta.url));
const ADMIN_EMAIL = 'k6-smoke-admin@example.com';
/** People of "a real deployment": signed in by the test, handed to the scripts as refresh tokens. */
const GIVEN_READERS = [1, 2, 3, 4].map((n) => `k6-smoke-reader-${n}@example.com`);

/**
 * dropped_iterations is k6's executor metric: arrival-rate executors add to it when an iteration
 * cannot start in time. The smoke runner starts each iteration itself, so none is ever dropped
 * and the metric rightly has no samples.
 */
const EXECUTOR_ONLY_METRICS = new Set(['dropped_iterations']);

let api: ApiProcess;
let summaryDir: string;

beforeAll(async () => {
  summaryDir = await mkdtemp(path.join(tmpdir(), 'k6-smoke-'));
  api = await startApiProcess({
    env: {
      ADMIN_EMAILS: [ADMIN_EMAIL, ...GIVEN_READERS].join(','),
      // Each script's setup signs in several people from this one address.
      MAGIC_LINK_LIMIT_PER_IP: '1000',
    },
  });
}, 180_000);

// Each run imports the script afresh: its init code reads this run's __ENV (see run-script.ts).
beforeEach(() => {
  vi.resetModules();
});

afterAll(async () => {
  await api?.stop();
  await rm(summaryDir, { recursive: true, force: true });
});

/** Signs `email` in over HTTP, as a person would, and returns the session's refresh token. */
async function refreshTokenOf(email: string): Promise<string> {
  const asked = await fetch(`${api.baseUrl}/api/v1/auth/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(200);
  const token = new URL(await mailboxLink(api.baseUrl, email, 'token=')).searchParams.get('token');
  const verified = await fetch(`${api.baseUrl}/api/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { refresh_token: string }).refresh_token;
}

async function smoke(script: string, env: Record<string, string> = {}): Promise<SmokeRun> {
  const run = await runScript(path.join(K6_DIR, `${script}.ts`), {
    BASE_URL: api.baseUrl,
    LOAD_PROFILE: 'smoke',
    SUMMARY_DIR: summaryDir,
    ADMIN_EMAIL,
    ...env,
  });
  expect(run.iterationErrors, api.output()).toEqual([]);
  const failed = run.checks.filter((item) => item.fails > 0);
  expect(failed, api.output()).toEqual([]);
  expect(run.checks.length).toBeGreaterThan(0);
  for (const [key, samples] of Object.entries(run.thresholdSamples)) {
    if (EXECUTOR_ONLY_METRICS.has(key.split('{')[0]!)) continue;
    expect(samples, `threshold metric ${key} has samples`).toBeGreaterThan(0);
  }
  for (const [key, metric] of Object.entries(run.summary.metrics)) {
    for (const [expression, verdict] of Object.entries(metric.thresholds ?? {})) {
      if (expression.startsWith('p(')) continue;
      expect(verdict.ok, `${key} ${expression}`).toBe(true);
    }
  }
  const json = JSON.parse(await readFile(path.join(summaryDir, `${script}-summary.json`), 'utf8'));
  expect(Object.keys(json.metrics)).toEqual(expect.arrayContaining(Object.keys(run.thresholdSamples)));
  const text = await readFile(path.join(summaryDir, `${script}-summary.txt`), 'utf8');
  expect(text).toContain(`${script} (LOAD_PROFILE=smoke)`);
  expect(run.outputs.stdout).toBe(text);
  if (process.env.K6_SMOKE_PRINT) console.log(text);
  return run;
}

describe('k6 scripts, smoke-run against the real API', () => {
  it('evaluator-loop: claim then vote, and vote with next, each complete a paid vote', async () => {
    const run = await smoke('evaluator-loop', { LOOP: 'both' });
    expect(run.summary.metrics.votes_completed?.values.count).toBe(2);
    expect(run.thresholdSamples['http_req_duration{endpoint:vote_next}']).toBe(1);
    expect(run.checks.map((item) => item.name)).toEqual(
      expect.arrayContaining([
        'claim: 201 with an assignment',
        'vote: 201 and paid the claimed reward',
        'vote with next: carries the next assignment',
      ]),
    );
  });

  it('requester-journey: signs in, buys credits, creates an evaluation, ingests and reads', async () => {
    const run = await smoke('requester-journey', { ITEMS_PER_JOURNEY: '150' });
    expect(run.checks.map((item) => `${item.path} ${item.name}`)).toEqual(
      expect.arrayContaining([
        '::buy credits confirm the card payment: 200',
        '::ingest items ingest items through the SDK: 202',
        '::read metrics and budget read the budget: 200',
      ]),
    );
    // 150 items in batches of 100.
    expect(run.thresholdSamples['http_req_duration{endpoint:sdk_ingest}']).toBe(2);
  });

  it('read-mix: wallet, transactions, analytics and the staff lists', async () => {
    const run = await smoke('read-mix');
    expect(run.summary.metrics.http_reqs?.values.count).toBeGreaterThan(9);
  });

  it('read-mix from refresh tokens (a real deployment): each VU refreshes its session before reading', async () => {
    const tokens = await Promise.all(GIVEN_READERS.map(refreshTokenOf));
    const run = await smoke('read-mix', { READER_REFRESH_TOKENS: tokens.join(',') });
    // No world built: the first request of each VU refreshes its person's session.
    expect(run.checks.find((item) => item.name === 'refresh the session: 200')).toMatchObject({
      passes: 4,
      fails: 0,
    });
    expect(run.checks.some((item) => item.name.startsWith('ask for a sign-in link'))).toBe(false);
  });

  it('a failing check fails the run: claims in an evaluation that does not exist', async () => {
    const tokens = await Promise.all(GIVEN_READERS.slice(0, 2).map(refreshTokenOf));
    const run = await runScript(path.join(K6_DIR, 'evaluator-loop.ts'), {
      BASE_URL: api.baseUrl,
      LOAD_PROFILE: 'smoke',
      SUMMARY_DIR: summaryDir,
      EVALUATION_ID: '00000000-0000-4000-8000-000000000000',
      EVALUATOR_REFRESH_TOKENS: tokens.join(','),
    });
    expect(run.checks.find((item) => item.name === 'claim: 201 with an assignment')).toMatchObject({
      passes: 0,
      fails: 1,
    });
    const metrics = run.summary.metrics;
    expect(metrics.checks?.thresholds?.['rate>=0.99']?.ok).toBe(false);
    expect(metrics.http_req_failed?.thresholds?.['rate<0.01']?.ok).toBe(false);
    expect(metrics.votes_completed?.thresholds?.['count>=0']?.ok).toBe(true);
    expect(run.outputs.stdout).toContain('evaluator-loop (LOAD_PROFILE=smoke): FAILED');
  });
});
