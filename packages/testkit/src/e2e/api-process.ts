import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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

/**
 * A free TCP port on loopback, below the kernel's ephemeral range where it can: a port from that
 * range (what listen(0) gives) may be handed to any outgoing connection between this check and
 * the process that binds it, which is seconds later for an API started from source.
 */
export async function freePort(): Promise<number> {
  const ephemeralLow = await ephemeralPortFloor();
  if (ephemeralLow !== undefined && ephemeralLow > PRIVATE_PORT_FLOOR + 1000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = PRIVATE_PORT_FLOOR + Math.floor(Math.random() * (ephemeralLow - PRIVATE_PORT_FLOOR));
      if ((await listenOnce(port)) !== undefined) return port;
    }
  }
  const port = await listenOnce(0);
  if (port === undefined) throw new Error('no free port on 127.0.0.1');
  return port;
}

/** Ports below this are left to services that expect fixed ones. */
const PRIVATE_PORT_FLOOR = 20_000;

/** The lowest ephemeral port on Linux; undefined where the range cannot be read. */
async function ephemeralPortFloor(): Promise<number | undefined> {
  try {
    const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
    const low = Number(range.trim().split(/\s+/)[0]);
    return Number.isInteger(low) ? low : undefined;
  } catch {
    return undefined;
  }
}

/** Binds and releases `port` (0: the kernel's pick); the port bound, or undefined when taken. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address && typeof address !== 'string' ? address.port : undefined));
    });
  });
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

/** How many fresh ports a start tries when another process takes the one it was given. */
const PORT_RACE_ATTEMPTS = 5;

/**
 * The real API in its embedded default (PGlite in a throwaway DATA_DIR, in-process bus, local
 * payments), run from source with tsx as its own process and serving the built consoles. Resolves
 * once /readyz answers 200.
 *
 * A port from freePort() is free when picked, but the API binds it seconds later; meanwhile any
 * outgoing connection on the machine may be given it as its ephemeral port (both come from the
 * same kernel range). When the caller did not ask for a port, a start that loses that race is
 * tried again on a fresh one.
 */
export async function startApiProcess(
  options: { env?: Record<string, string>; readyTimeoutMs?: number; port?: number } = {},
): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startApiProcessOnce(options);
    } catch (error) {
      const lostPortRace = error instanceof PortTakenError && options.port === undefined;
      if (!lostPortRace || attempt >= PORT_RACE_ATTEMPTS) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startApiProcessOnce(options: {
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  port?: number;
}): Promise<ApiProcess> {
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
    if (child.exitCode !== null) {
      await rm(dataDir, { recursive: true, force: true });
      const message = `the API exited with ${child.exitCode}:\n${output}`;
      throw output.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
    }
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
