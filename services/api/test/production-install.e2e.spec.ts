import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { embeddedApiEnv, freePort } from '@evalmarket/testkit/e2e';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, stageProductionTree } from './support/production-tree.js';

const run = promisify(execFile);

/**
 * The build and test tools; none of them may be in the production tree. (The testkit's own
 * packages still come along: `loadtests` lists it as a dependency, so npm does not count it as
 * dev-only; the API's own production tree holds none, see runtime-dependencies.unit.spec.)
 */
const DEV_ONLY = ['tsx', 'turbo', 'esbuild', 'vitest', 'typescript', 'vite', 'eslint', 'prettier'];

interface Started {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

/** `node services/api/dist/main.js` in the production tree, on PGlite; resolves once ready. */
async function startBuilt(tree: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const dataDir = path.join(tree, `data-${port}`);
  const child = spawn(process.execPath, ['services/api/dist/main.js'], {
    cwd: tree,
    // PATH only: nothing from this checkout (NODE_PATH, tsx loaders) may leak into the process.
    env: { PATH: process.env.PATH, ...embeddedApiEnv(port, dataDir), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${output}`);
    const reply = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    if (reply?.ok) break;
    if (Date.now() > deadline) throw new Error(`the API did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, port, output: () => output, exited };
}

/**
 * A POST whose body is only half sent: the server has the request in flight until `finish` sends
 * the rest. Resolves once the server has read the headers (a probe request on the same server
 * answered after the partial write, so the half request has reached it).
 */
async function halfSentRequest(port: number): Promise<{ finish(): Promise<string>; socket: Socket }> {
  const body = JSON.stringify({ email: 'drain@example.com' });
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let reply = '';
  socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST /api/v1/auth/magic-link HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body.slice(0, 10),
  );
  await fetch(`http://127.0.0.1:${port}/healthz`);
  return {
    socket,
    async finish() {
      socket.end(body.slice(10));
      await closed;
      return reply;
    },
  };
}

/**
 * The production build as an operator deploys it: built once with the dev tools, then copied with
 * the package files into a tree installed by `npm ci --omit=dev` and started with plain `node`.
 * It serves the API and both consoles there, and on SIGTERM drains: the request in flight is
 * answered, new connections are refused, and the process exits 0; a drain that cannot finish
 * exits 1 once SHUTDOWN_TIMEOUT_MS has passed.
 */
describe('the production build', () => {
  let tree = '';
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    await run('npm', ['run', 'build:app', '--silent'], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
    tree = await mkdtemp(path.join(tmpdir(), 'evalmarket-production-'));
    await stageProductionTree(tree);
    await run(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '-w', '@evalmarket/api'],
      { cwd: tree, maxBuffer: 16 * 1024 * 1024 },
    );
  }, 240_000);

  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    if (tree) await rm(tree, { recursive: true, force: true });
  });

  it('is installed without any dev dependency', async () => {
    const present: string[] = [];
    for (const name of DEV_ONLY) {
      const found = await access(path.join(tree, 'node_modules', name)).then(
        () => true,
        () => false,
      );
      if (found) present.push(name);
    }
    expect(present).toEqual([]);
  });

  it('serves health, readiness and both consoles, and drains on SIGTERM', async () => {
    const api = await startBuilt(tree, { SHUTDOWN_TIMEOUT_MS: '10000' });
    started.push(api.child);
    const base = `http://127.0.0.1:${api.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status, api.output()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok' });
    expect(await (await fetch(`${base}/`)).text()).toContain('<title>Evalmarket</title>');
    expect(await (await fetch(`${base}/admin/`)).text()).toContain('<title>Evalmarket staff console</title>');

    const inFlight = await halfSentRequest(api.port);
    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    // Once the drain has begun the port takes no new connection.
    const refused = await waitFor(
      async () => (await fetch(`${base}/healthz`).catch(() => undefined)) === undefined,
    );
    expect(refused, api.output()).toBe(true);
    expect(api.child.exitCode, 'the process waits for the request in flight').toBeNull();

    const reply = await inFlight.finish();
    expect(reply, api.output()).toMatch(/^HTTP\/1\.1 200 /);
    expect(await api.exited, api.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(api.output()).toContain('shutting down: draining');
  }, 120_000);

  it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed when a request never finishes', async () => {
    const api = await startBuilt(tree, { SHUTDOWN_TIMEOUT_MS: '1500' });
    started.push(api.child);
    const stuck = await halfSentRequest(api.port);
    const signalledAt = Date.now();
    api.child.kill('SIGTERM');

    expect(await api.exited, api.output()).toBe(1);
    const took = Date.now() - signalledAt;
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(6_000);
    expect(api.output()).toContain('shutdown did not finish within SHUTDOWN_TIMEOUT_MS');
    stuck.socket.destroy();
  }, 120_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
