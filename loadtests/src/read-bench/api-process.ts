import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SmtpSink } from '@evalmarket/testkit';
import { freePort } from '@evalmarket/testkit/e2e';
import { busyMilliseconds } from './replay-floor.js';

/*
 * The API as production runs it: built once (`npm run build` of @evalmarket/api), started with
 * NODE_ENV=production on the world's database, sign-in links sent to a loopback SMTP sink. Stripe
 * keys are placeholders: no read route calls Stripe. The rate limits are raised: every request
 * of the bench comes from one address.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const API_DIST = path.join(REPO_ROOT, 'services/api/dist');

export function buildApi(): void {
  const built = spawnSync('npm', ['run', 'build', '--silent', '--workspace=@evalmarket/api'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('bench:reads: building the API failed');
}

/**
 * As `npm start`, `npm run audit` and `npm run rebuild-read-models` start them: a replay allocates
 * a page of events and its statements' parameters at a time, which the default 16 MB young
 * generation promotes to the old one and collects there (twice the garbage collector's time).
 */
const NODE_FLAGS = '--max-semi-space-size=64';

/**
 * Runs one of the API's commands (dist/<name>.js) on the world; returns its output, seconds and
 * the machine's core-seconds over it.
 */
export function runApiCommand(name: string, args: string[], databaseUrl: string) {
  const started = performance.now();
  const busyBefore = busyMilliseconds();
  const run = spawnSync(process.execPath, [NODE_FLAGS, path.join(API_DIST, `${name}.js`), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: run.status,
    output: `${run.stdout ?? ''}${run.stderr ?? ''}`,
    seconds: (performance.now() - started) / 1000,
    /** The machine's busy time over the run (see busyMilliseconds). */
    coreSeconds: (busyMilliseconds() - busyBefore) / 1000,
  };
}

export interface ApiProcess {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startApi(databaseUrl: string, smtp: SmtpSink, port: number): Promise<ApiProcess> {
  const chosen = port || (await freePort());
  const origin = `http://127.0.0.1:${chosen}`;
  const child = spawn(process.execPath, ['--max-semi-space-size=64', path.join(API_DIST, 'main.js')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      NATS_URL: '',
      PORT: String(chosen),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: 'sk_test_read_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_read_bench',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_read_bench_connect',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_read_bench',
      RATE_LIMIT_AUTH_PER_IP: '10000',
      MAGIC_LINK_LIMIT_PER_IP: '10000',
      // Each run signs the same people in again: alternating runs within the limit's window
      // would be refused after the fifth.
      MAGIC_LINK_LIMIT_PER_EMAIL: '1000',
      // The projection-lag loop's evaluators all write from loopback, hundreds of claims and
      // votes a second, far past one client address's and one caller's share in a deployment.
      RATE_LIMIT_WRITES_PER_IP: '1000000',
      RATE_LIMIT_WRITES_PER_CALLER: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench:reads: the API exited (${child.exitCode})`);
    const ready = await fetch(`${origin}/readyz`)
      .then((reply) => reply.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('bench:reads: the API did not become ready in 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs `email` in as the console does: magic link by email, then its token for a session. */
export async function signIn(origin: string, smtp: SmtpSink, email: string): Promise<Record<string, string>> {
  const sent = await fetch(`${origin}/api/v1/auth/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!sent.ok) throw new Error(`bench:reads: magic link for ${email}: ${sent.status} ${await sent.text()}`);
  const mail = await smtp.waitFor(email, 30_000);
  const link = mail.links.find((candidate) => candidate.includes('token='));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`bench:reads: no sign-in link reached ${email}`);
  const verified = await fetch(`${origin}/api/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!verified.ok)
    throw new Error(`bench:reads: sign-in of ${email}: ${verified.status} ${await verified.text()}`);
  const session = (await verified.json()) as { access_token: string };
  return { authorization: `Bearer ${session.access_token}` };
}
