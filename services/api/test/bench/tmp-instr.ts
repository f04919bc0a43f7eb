/*
 * The evaluator loop over HTTP (issue 5): many evaluators on one hot evaluation, each claiming an
 * item and voting on it, keep-alive connections, authenticated requests; measured against a bare
 * Fastify route in the same run. Embedded (PGlite) by default; PostgreSQL + NATS JetStream when
 * DATABASE_URL and NATS_URL are set. Knobs: BENCH_LOOP_EVALUATORS (64), BENCH_LOOP_ITEMS (500),
 * BENCH_LOOP_VOTES_PER_ITEM (3), BENCH_BARE_REQUESTS (20,000).
 * Run: npx tsx services/api/test/bench/evaluation-loop-bench.ts
 */
import Fastify from 'fastify';
import { Agent, request as httpRequest } from 'node:http';
import { EMBEDDED_MODE, SERVICES_MODE, startTestRuntime } from '../support/runtime.js';
import { signIn } from '../support/sign-in.js';
import { makeEvaluator } from '../support/evaluators.js';
import { evaluationClient } from '../support/evaluations.js';

const EVALUATORS = Number(process.env.BENCH_LOOP_EVALUATORS ?? 64);
const ITEMS = Number(process.env.BENCH_LOOP_ITEMS ?? 500);
const VOTES_PER_ITEM = Number(process.env.BENCH_LOOP_VOTES_PER_ITEM ?? 3);
const BARE_REQUESTS = Number(process.env.BENCH_BARE_REQUESTS ?? 20_000);
const RATE = 10;
const TARGET_VOTES_PER_SECOND = 4_000;
const TARGET_P99_MS = 50;

/** One keep-alive HTTP request; resolves with the status and the parsed JSON body. */
function request(
  url: string,
  options: { method: string; dispatcher: Agent; headers: Record<string, string>; body: string },
): Promise<{ statusCode: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method, agent: options.dispatcher, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({
              statusCode: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (error) {
            reject(error as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const mode = process.env.DATABASE_URL && process.env.NATS_URL ? SERVICES_MODE : EMBEDDED_MODE;
  const runtime = await startTestRuntime(mode, { claimLeaseSeconds: 600 });
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ ok: true }));
  try {
    const api = evaluationClient(runtime);
    const owner = await signIn(runtime, 'bench-owner@example.com');
    await api.call('POST', '/dev/grant-credits', owner.headers, {
      amount_credits: ITEMS * VOTES_PER_ITEM * RATE * 2,
    });
    const created = await api.createEvaluation(owner.headers);
    const evaluationId = created.body.id as string;
    const key = await api.createKey(owner.headers, evaluationId);
    await api.configure(owner.headers, evaluationId, {
      credit_rates: { community_rate: RATE, expert_rate: RATE + 1 },
      votes_per_item: VOTES_PER_ITEM,
    });
    for (let start = 0; start < ITEMS; start += 1_000) {
      const batch = Array.from({ length: Math.min(1_000, ITEMS - start) }, (_, i) => ({
        id: `bench-${start + i}`,
        output: `answer ${start + i}`,
      }));
      await api.ingest(key.body.api_key as string, created.body.sdk_project_id as string, batch);
    }
    const evaluators = [];
    for (let i = 0; i < EVALUATORS; i += 1) {
      const person = await signIn(runtime, `bench-evaluator-${i}@example.com`);
      await makeEvaluator(runtime, person.userId, { status: 'pending' });
      evaluators.push(person);
    }

    const address = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: EVALUATORS });

    // Keep-alive connections are opened before either measurement (one request per connection at
    // once), so neither includes the accepting of 64 new connections.
    const warm = (url: string, method: string, headers: Record<string, string>) =>
      Promise.all(
        Array.from({ length: EVALUATORS }, () =>
          request(url, { method, dispatcher: agent, headers, body: method === 'GET' ? '' : '{}' }),
        ),
      );
    await warm(`${bareAddress}/bare`, 'POST', { 'content-type': 'application/json' });
    await warm(`${address}/healthz`, 'GET', {});

    // Baseline: the bare route, same client, same concurrency.
    let bareLeft = BARE_REQUESTS;
    const bareLatencies: number[] = [];
    const stats: Record<string, number[]> = {}; const orig = runtime.store.commit.bind(runtime.store);
    (runtime.store as any).commit = async (units: any[]) => { const t0 = performance.now(); try { return await orig(units); } finally { const k = units[0]?.appends?.[0]?.stream_id?.startsWith("evaluation-work") ? "loop" : "ledger"; (stats[k] ??= []).push(performance.now() - t0, units.length); } };
    (globalThis as any).__stats = stats;
    const qcount: Record<string, [number, number]> = {}; let counting = false;
    const oq = runtime.sql.query.bind(runtime.sql);
    (runtime.sql as any).query = async (text: string, params: unknown[]) => { const t0 = performance.now(); try { return await oq(text, params); } finally { if (counting) { const k = text.replace(/\s+/g, ' ').slice(0, 70); const e = (qcount[k] ??= [0, 0]); e[0] += 1; e[1] += performance.now() - t0; } } };
    const otx = runtime.sql.transaction.bind(runtime.sql);
    (runtime.sql as any).transaction = async (fn: any) => { const t0 = performance.now(); try { return await otx((tx: any) => fn({ query: async (text: string, params: unknown[]) => { const t1 = performance.now(); try { return await tx.query(text, params); } finally { if (counting) { const k = 'tx: ' + text.replace(/\s+/g, ' ').slice(0, 60); const e = (qcount[k] ??= [0, 0]); e[0] += 1; e[1] += performance.now() - t1; } } } })); } finally { if (counting) { const e = (qcount['TX'] ??= [0, 0]); e[0] += 1; e[1] += performance.now() - t0; } } };
    (globalThis as any).__q = qcount; (globalThis as any).__setCounting = (v: boolean) => { counting = v; };
    const bareStart = performance.now();
    await Promise.all(
      Array.from({ length: EVALUATORS }, async () => {
        while (bareLeft > 0) {
          bareLeft -= 1;
          const t0 = performance.now();
          await request(`${bareAddress}/bare`, {
            method: 'POST',
            dispatcher: agent,
            headers: { 'content-type': 'application/json', 'x-dev-user': 'bench' },
            body: '{}',
          });
          bareLatencies.push(performance.now() - t0);
        }
      }),
    );
    const bareSeconds = (performance.now() - bareStart) / 1000;

    // The loop: claim then vote until nothing is left.
    const voteLatencies: number[] = [];
    const requestLatencies: number[] = [];
    let votes = 0;
    let failures = 0;
    const post = async (path: string, headers: Record<string, string>, body: unknown) => {
      const t0 = performance.now();
      const reply = await request(`${address}/api/v1${path}`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      requestLatencies.push(performance.now() - t0); ((globalThis as any).__lat ??= []).push([t0, performance.now() - t0, path.endsWith('vote') ? 'vote' : 'claim']);
      return { status: reply.statusCode, json: reply.json };
    };
    (globalThis as any).__setCounting(true); for (const k of Object.keys(stats)) stats[k] = [];
    const { Session } = await import('node:inspector/promises'); const session = new Session(); session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start');
    const { monitorEventLoopDelay } = await import('node:perf_hooks'); const h = monitorEventLoopDelay({ resolution: 5 }); h.enable();
    let lastTick = performance.now(); const gaps: string[] = []; const iv = setInterval(() => { const n = performance.now(); if (n - lastTick > 100) gaps.push(`${(lastTick - loopStart).toFixed(0)}+${(n - lastTick).toFixed(0)}`); lastTick = n; }, 10);
    const srvEv: string[] = []; let nReq = 0; runtime.app.server.on('connection', () => srvEv.push(`c${(performance.now() - loopStart).toFixed(0)}`)); runtime.app.server.on('request', () => { if (nReq++ < 80) srvEv.push(`r${(performance.now() - loopStart).toFixed(0)}`); });
    const loopStart = performance.now();
    await Promise.all(
      evaluators.map(async (person) => {
        for (;;) {
          const t0 = performance.now();
          const claim = await post('/evaluator/assignments', person.headers, { evaluation_id: evaluationId });
          if (claim.status === 404) return;
          if (claim.status !== 201) {
            failures += 1;
            if (failures > 100)
              throw new Error(`claims failing: ${claim.status} ${JSON.stringify(claim.json)}`);
            continue;
          }
          const vote = await post(
            `/evaluator/assignments/${String(claim.json.assignment_id)}/vote`,
            person.headers,
            {
              vote: Math.random() < 0.7 ? 'good' : 'bad',
            },
          );
          if (vote.status !== 201)
            throw new Error(`vote failed: ${vote.status} ${JSON.stringify(vote.json)}`);
          votes += 1;
          voteLatencies.push(performance.now() - t0);
        }
      }),
    );
    const loopSeconds = (performance.now() - loopStart) / 1000;
    console.log('srv', srvEv.slice(0, 150).join(' ')); clearInterval(iv); h.disable(); console.log('eld max ms', (h.max / 1e6).toFixed(0), 'p99', (h.percentile(99) / 1e6).toFixed(0), 'gaps', gaps.join(' '));
    { const lat = ((globalThis as any).__lat as [number, number, string][]).sort((a, b) => b[1] - a[1]).slice(0, 40); console.log(lat.map(([t, d, k]) => `${k}@${(t - loopStart).toFixed(0)}:${d.toFixed(0)}`).join(' ')); }
    const { profile } = await session.post('Profiler.stop'); (await import('node:fs')).writeFileSync('/tmp/loop.cpuprofile', JSON.stringify(profile));

    // Checks: every slot voted once, the books add up.
    const expectedVotes = Math.min(ITEMS * VOTES_PER_ITEM, ITEMS * Math.min(VOTES_PER_ITEM, EVALUATORS));
    const ownerBalance = await api.balance(owner.headers);
    const granted = ITEMS * VOTES_PER_ITEM * RATE * 2 + 5_000;
    const problems: string[] = [];
    if (votes !== expectedVotes) problems.push(`votes ${votes} != expected ${expectedVotes}`);
    if (ownerBalance !== granted - votes * RATE)
      problems.push(`owner balance ${ownerBalance} != ${granted - votes * RATE}`);

    bareLatencies.sort((a, b) => a - b);
    requestLatencies.sort((a, b) => a - b);
    voteLatencies.sort((a, b) => a - b);
    const bareRate = BARE_REQUESTS / bareSeconds;
    const voteRate = votes / loopSeconds;
    const requestRate = (votes * 2) / loopSeconds;
    const p99 = percentile(requestLatencies, 99);
    console.log(
      `evaluation loop bench (${mode.name}; ${EVALUATORS} evaluators, ${ITEMS} items x ${VOTES_PER_ITEM} votes)`,
    );
    console.log(
      `  bare Fastify route: ${bareRate.toFixed(0)} req/s, p50 ${percentile(bareLatencies, 50).toFixed(2)} ms, p99 ${percentile(bareLatencies, 99).toFixed(2)} ms`,
    );
    console.log(
      `  claim + vote loop : ${voteRate.toFixed(0)} completed votes/s (${requestRate.toFixed(0)} req/s), request p50 ${percentile(requestLatencies, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms; claim+vote p99 ${percentile(voteLatencies, 99).toFixed(2)} ms`,
    );
    console.log(
      `  ratio: the loop serves ${((requestRate / bareRate) * 100).toFixed(1)}% of the bare route's request rate`,
    );
    console.log(
      `  target ${TARGET_VOTES_PER_SECOND} votes/s with p99 <= ${TARGET_P99_MS} ms: ${voteRate >= TARGET_VOTES_PER_SECOND && p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}`,
    );
    for (const [k, v] of Object.entries(stats)) { const d = v.filter((_, i) => i % 2 === 0), n = v.filter((_, i) => i % 2 === 1); console.log(k, "commits", d.length, "avg ms", (d.reduce((a, b) => a + b, 0) / d.length).toFixed(2), "avg units", (n.reduce((a, b) => a + b, 0) / n.length).toFixed(1)); }
    for (const [k, v] of Object.entries((globalThis as any).__q as Record<string, [number, number]>).sort((a, b) => b[1][0] - a[1][0])) console.log(v[0], (v[1] / v[0]).toFixed(2), 'ms', k);
    agent.destroy();
    if (problems.length > 0) {
      console.error(`checks failed:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await bare.close();
    await runtime.stop();
  }
}

await main();
