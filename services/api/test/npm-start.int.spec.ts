import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedApiEnv, freePort } from '@evalmarket/testkit/e2e';
import { afterAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every process below `pid` (Linux keeps each one's children in /proc). */
async function descendants(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const children = text.split(/\s+/).filter(Boolean).map(Number);
  const below = await Promise.all(children.map(descendants));
  return [...children, ...below.flat()];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/**
 * The README's `npm start` as a person or a process manager runs it: it builds with npm alone
 * (turbo is a dev tool) and then runs node in npm's place, so the SIGTERM a supervisor sends to
 * `npm start` reaches the server, which stops and frees its port.
 */
describe('npm start', () => {
  const leftovers: number[] = [];
  let dataDir = '';
  afterAll(async () => {
    for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('builds without turbo, serves, and stops the server on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-npm-start-'));
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...embeddedApiEnv(port, dataDir) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    const serving = async () => {
      const reply = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      return reply?.ok === true;
    };

    const started = await waitFor(serving, 240_000);
    const below = await descendants(npm.pid!);
    leftovers.push(...below);
    expect(started, output).toBe(true);

    npm.kill('SIGTERM');
    const stopped = await waitFor(async () => !(await serving()) && !below.some(alive), 20_000);
    expect(stopped, output).toBe(true);
    await npmExited;
    expect(output).not.toMatch(/turbo/i);
  }, 300_000);
});
