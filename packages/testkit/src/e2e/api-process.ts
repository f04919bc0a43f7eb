import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ApiProcess {
  /** http://127.0.0.1:{port} */
  baseUrl: string;
  dataDir: string;
  /** The process id (the writer lease's holder names it). */
  pid: number;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Sends a signal (SIGKILL: a crash) and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/** A free TCP port on loopback (the kernel picks it; released before returning). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment of an API process in its embedded default on loopback, for tests. */
export function embeddedApiEnv(port: number, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: '',
    NATS_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
  };
}

/**
 * The real API in its embedded default (PGlite in a throwaway DATA_DIR, in-process bus, local
 * payments), run from source with tsx as its own process and serving the built consoles. Resolves
 * once /readyz answers 200.
 */
export async function startApiProcess(
  options: { env?: Record<string, string>; readyTimeoutMs?: number; port?: number } = {},
): Promise<ApiProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-e2e-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...embeddedApiEnv(port, dataDir),
      PUBLIC_URL: baseUrl,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${output}`);
    try {
      const reply = await fetch(`${baseUrl}/readyz`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    output: () => output,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest link emailed to an address, from the development mailbox. */
export async function mailboxLink(baseUrl: string, email: string, contains = ''): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const reply = await fetch(`${baseUrl}/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    const messages = (await reply.json()) as Array<{ links: string[] }>;
    const link = messages
      .flatMap((message) => message.links)
      .find((candidate) => candidate.includes(contains));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no link reached ${email}`);
}
