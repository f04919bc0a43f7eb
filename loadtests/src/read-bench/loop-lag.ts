import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { SqlClient } from '@evalmarket/db';
import type { SmtpSink } from '@evalmarket/testkit';
import { SERVE_FLAG, type LoadJob, type LoadResult } from '../../../services/api/test/bench/load-client.js';
import { REPO_ROOT, signIn } from './api-process.js';
import { startLagSampler } from './lag-sampler.js';
import { findLoopEvaluators, prepareLoopEvaluation } from './loop-setup.js';
import { lagSamples, summariseLag, type CheckpointSample, type LagFigures } from './projection-lag.js';

/*
 * The projection lag while the evaluation loop runs at its bench rate (issue 22, point 4): the
 * evaluation loop bench's load client (claim then vote, one keep-alive connection per evaluator,
 * in a process of its own) runs for a bounded time against the API the read bench started,
 * while lag-sampler.ts samples the log's head and the projections' checkpoints.
 *
 * Why samples rather than the events' recorded_at: recorded_at is stamped by the writer before
 * its transaction commits (it is hashed into the chain), so it is not the commit time, and the
 * moment a checkpoint row moved is not stored per event either. A head seen by a sample is
 * committed and visible; the checkpoints seen in the same snapshot are what a reader sees.
 */

/** The sampler's interval: about 100 samples a second, one small query each. */
export const LAG_SAMPLE_INTERVAL_MS = 10;
/**
 * Items per second of load: 3,000 votes a second, room to spare over the 830 this machine's loop
 * reached (a loop that runs out of items ends early, and the bench says so).
 */
const ITEMS_PER_SECOND = 1_000;
/** How long after the loop the sampler waits for the projections to apply the last head. */
export const DRAIN_SECONDS = 10;
const LOAD_CLIENT = path.join(REPO_ROOT, 'services/api/test/bench/load-client.ts');

export interface LoopLag {
  /** Until every projection applied a head. */
  figures: LagFigures;
  /** Until each projection did, by name. */
  perProjection: Record<string, LagFigures>;
  votes: number;
  seconds: number;
  evaluators: number;
}

export interface LoopLagSetup {
  origin: string;
  smtp: SmtpSink;
  sql: SqlClient;
  requester: { id: string; headers: Record<string, string> };
  adminHeaders: Record<string, string>;
  /** People who must not be the loop's evaluators (the requester, the bench's other sign-ins). */
  exclude: string[];
}

/** Resolves once every projection has applied the head (the loop starts from a quiet log). */
async function waitForProjections(sql: SqlClient, timeoutMs: number): Promise<void> {
  const sampler = startLagSampler(sql, LAG_SAMPLE_INTERVAL_MS);
  await sampler.drain(timeoutMs);
  const last = lagSamples(await sampler.stop()).pop();
  if (!last || last.applied < last.head)
    throw new Error(`bench:reads: projections at ${last?.applied} behind the head ${last?.head}`);
}

/** Runs `job` in the load client with the sampler going from 'go' until the log is applied. */
function runSampled(client: ChildProcess, job: LoadJob, sql: SqlClient) {
  return new Promise<{ result: LoadResult; samples: Promise<CheckpointSample[]> }>((resolve, reject) => {
    let sampler: ReturnType<typeof startLagSampler> | undefined;
    const onExit = (code: number | null) => reject(new Error(`the load client exited (${code})`));
    client.on('message', (message: 'warmed' | LoadResult | { error: string }) => {
      if (message === 'warmed') {
        sampler = startLagSampler(sql, LAG_SAMPLE_INTERVAL_MS);
        client.send('go');
        return;
      }
      client.off('exit', onExit);
      if ('error' in message) {
        sampler?.stop().catch(() => undefined);
        reject(new Error(`load client: ${message.error}`));
        return;
      }
      const samples = (async () => {
        await sampler!.drain(DRAIN_SECONDS * 1000);
        return sampler!.stop();
      })();
      resolve({ result: message, samples });
    });
    client.once('exit', onExit);
    client.send(job);
  });
}

export async function measureLoopLag(setup: LoopLagSetup, seconds: number, evaluators: number) {
  const people = await findLoopEvaluators(setup.sql, evaluators, setup.exclude);
  console.log(`  projection lag: signing in ${people.length} evaluators, funding a ${seconds} s loop`);
  const users: Record<string, string>[] = [];
  for (const person of people) users.push(await signIn(setup.origin, setup.smtp, person.email));
  const evaluationId = await prepareLoopEvaluation(
    setup.origin,
    setup.requester,
    setup.adminHeaders,
    Math.max(1_000, seconds * ITEMS_PER_SECOND),
  );
  await waitForProjections(setup.sql, 60_000);
  // The load client is TypeScript: it runs with this process's loader flags (tsx's).
  const client = fork(LOAD_CLIENT, [SERVE_FLAG], { stdio: 'inherit' });
  try {
    const job: LoadJob = { kind: 'claim-then-vote', origin: setup.origin, users, evaluationId, seconds };
    const { result, samples } = await runSampled(client, job, setup.sql);
    const sampled = await samples;
    const names = [...new Set(sampled.flatMap((sample) => Object.keys(sample.checkpoints)))].sort();
    const lag: LoopLag = {
      figures: summariseLag(lagSamples(sampled)),
      perProjection: Object.fromEntries(names.map((name) => [name, summariseLag(lagSamples(sampled, name))])),
      votes: result.votes,
      seconds: result.seconds,
      evaluators: users.length,
    };
    return lag;
  } finally {
    client.kill();
  }
}
