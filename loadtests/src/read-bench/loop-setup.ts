import type { SqlClient } from '@evalmarket/db';

/*
 * What the evaluation loop needs on the world, set up through the API as a requester would
 * (the evaluation loop bench's steps, services/api/test/bench/evaluation-loop-bench.ts): a paid
 * evaluation of the world's requester with items ingested through the SDK, funded by a staff
 * adjustment (production mode has no dev grant), and world evaluators who may claim in it.
 */

/**
 * The title of the evaluations this bench adds to the world: the reads leave them out when they
 * choose whom to measure, so every run measures the same people and evaluation.
 */
export const LOOP_EVALUATION_TITLE = 'bench:reads projection lag loop';

/** Credits a vote pays in the loop's evaluation (the evaluation loop bench's rates). */
const RATE = 10;
const EXPERT_RATE = RATE + 1;
const VOTES_PER_ITEM = 3;
const INGEST_BATCH = 1_000;

type Headers = Record<string, string>;

async function call(origin: string, method: string, path: string, headers: Headers, body?: unknown) {
  const reply = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`bench:reads: ${method} ${path}: ${reply.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

/**
 * World people who may claim in a paid evaluation (pending or verified evaluators), none of
 * `exclude`, with an address to sign in at.
 */
export async function findLoopEvaluators(
  sql: SqlClient,
  count: number,
  exclude: readonly string[],
): Promise<{ id: string; email: string }[]> {
  const { rows } = await sql.query<{ id: string; email: string }>(
    `SELECT u.id, u.email FROM users u JOIN evaluator_applications a ON a.user_id = u.id
      WHERE a.evaluator_status IN ('pending', 'verified') AND u.id <> ALL($1) AND u.email IS NOT NULL
      ORDER BY u.id LIMIT $2`,
    [exclude, count],
  );
  if (rows.length < count)
    throw new Error(`bench:reads: the world has ${rows.length} evaluators who may claim, ${count} wanted`);
  return rows;
}

/**
 * A new paid evaluation of `items` items owned by the requester, funded for every vote it can
 * take; returns its id.
 */
export async function prepareLoopEvaluation(
  origin: string,
  requester: { id: string; headers: Headers },
  adminHeaders: Headers,
  items: number,
): Promise<string> {
  const created = await call(origin, 'POST', '/jobs', requester.headers, {
    title: LOOP_EVALUATION_TITLE,
    description: 'The evaluation loop the read bench runs while it measures the projection lag',
    visibility_settings: { is_public: true },
  });
  const evaluationId = String(created.id);
  const key = await call(origin, 'POST', `/evaluations/${evaluationId}/api-keys`, requester.headers, {
    name: 'bench-reads',
  });
  await call(origin, 'POST', `/projects/${evaluationId}/evaluation-config`, requester.headers, {
    evaluation_enabled: true,
    permission_level: 'paid_only',
    credit_rates: { community_rate: RATE, expert_rate: EXPERT_RATE },
    app_detection: { primary_url: 'https://app.example.com', access_level: 'public' },
    votes_per_item: VOTES_PER_ITEM,
  });
  await call(origin, 'POST', '/admin/adjustments', adminHeaders, {
    user_id: requester.id,
    context: 'spending',
    amount_credits: items * VOTES_PER_ITEM * EXPERT_RATE,
    reason: 'bench:reads: funds the projection-lag loop',
  });
  const sdk = { authorization: `Bearer ${String(key.api_key)}` };
  for (let start = 0; start < items; start += INGEST_BATCH) {
    const batch = Array.from({ length: Math.min(INGEST_BATCH, items - start) }, (_, i) => ({
      id: `lag-${start + i}`,
      output: `answer ${start + i}`,
    }));
    await call(origin, 'POST', '/sdk/items', sdk, { project_id: created.sdk_project_id, items: batch });
  }
  return evaluationId;
}
