import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StripeFake } from '@evalmarket/stripe-double';
import {
  clusterMembers,
  localHaproxyConfig,
  planMembers,
  publicUrl,
  type ClusterSettings,
  type PlannedMember,
} from './cluster-plan.js';
import { startSharedStripeDouble } from './shared-stripe-double.js';

/**
 * The compose topology as local processes (`npm run start:cluster`, the fail-over test, the
 * benchmark): every role process is `node services/api/dist/main.js` with its ROLES, haproxy in
 * front. The first writer starts alone (it migrates the database, creates the stream and takes
 * the writer lease), then the rest together; each counts as started once its /readyz answers 200.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const MAIN_BUNDLE = path.join(REPO_ROOT, 'services/api/dist/main.js');
const OUTPUT_KEPT = 64 * 1024;
/** Where Debian's package puts it (`.ci/run` installs it); /usr/sbin is not always on the PATH. */
const DEBIAN_HAPROXY = '/usr/sbin/haproxy';
const STOP_GRACE_MS = 15_000;

export interface LaunchOptions extends Omit<ClusterSettings, 'frontPort'> {
  /** haproxy's port; a free one when absent. */
  frontPort?: number;
  /** The members' ports, consecutive from this one (compose order); free ones when absent. */
  firstMemberPort?: number;
  /** haproxy's binary (default: HAPROXY, else Debian's /usr/sbin/haproxy, else `haproxy` on the PATH). */
  haproxy?: string;
  readyTimeoutMs?: number;
  /** Each chunk a process prints, as it comes (the CLI shows them; tests keep them quiet). */
  onOutput?: (name: string, chunk: string) => void;
}

export interface ClusterProcess {
  name: string;
  roles: readonly string[];
  /** http://127.0.0.1:{port}: the API, or only the probes of a process without the api role. */
  url: string;
  pid: number;
  /** The last 64 KiB it printed. */
  output(): string;
  running(): boolean;
  /** Sends a signal; for one that ends the process (SIGKILL, SIGTERM), resolves once it is gone. */
  signal(signal: NodeJS.Signals): Promise<void>;
}

export interface RunningCluster {
  /** haproxy's address: clients use this. */
  url: string;
  members: ClusterProcess[];
  member(name: string): ClusterProcess;
  haproxy: ClusterProcess;
  /** The Stripe double every member shares (local test mode; absent with real Stripe keys). */
  stripeDouble: StripeFake | undefined;
  /** SIGTERM to everything (a drain), SIGKILL to what is still there after the grace period. */
  stop(): Promise<void>;
}

export async function launchCluster(options: LaunchOptions): Promise<RunningCluster> {
  const members = clusterMembers(await readFile(path.join(REPO_ROOT, 'infra/compose.yaml'), 'utf8'));
  const [frontPort, ...free] = await freePorts(members.length + 1);
  const first = options.firstMemberPort;
  const ports = first === undefined ? free : members.map((_member, index) => first + index);
  const front = options.frontPort ?? frontPort!;
  const stripeDouble = usesRealStripe(options)
    ? undefined
    : await startSharedStripeDouble(`http://127.0.0.1:${front}`, publicUrl(front));
  const settings = { ...options, frontPort: front, env: { ...options.env, ...stripeDouble?.env } };
  const planned = planMembers(members, ports, settings);
  const started: ClusterProcess[] = [];
  const workDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-cluster-'));
  const stopAll = async () => {
    await Promise.all(started.map((child) => child.signal('SIGTERM')));
    await stripeDouble?.close();
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    // The first writer alone: it migrates the database, creates the stream and takes the lease.
    const firstWriter = planned.find((member) => member.roles.includes('writer')) ?? planned[0]!;
    started.push(startMember(firstWriter, options));
    await waitReady(started[0]!, '/readyz', options.readyTimeoutMs);
    const others = planned
      .filter((member) => member !== firstWriter)
      .map((member) => startMember(member, options));
    started.push(...others);
    await Promise.all(others.map((child) => waitReady(child, '/readyz', options.readyTimeoutMs)));

    const configFile = path.join(workDir, 'haproxy.cfg');
    const template = await readFile(path.join(REPO_ROOT, 'infra/haproxy.cfg'), 'utf8');
    const apis = planned.filter((member) => member.roles.includes('api'));
    await writeFile(configFile, localHaproxyConfig(template, settings.frontPort, apis));
    const haproxy = startProcess(
      'haproxy',
      [],
      options.haproxy ?? process.env.HAPROXY ?? (existsSync(DEBIAN_HAPROXY) ? DEBIAN_HAPROXY : 'haproxy'),
      ['-db', '-f', configFile],
      { url: `http://127.0.0.1:${settings.frontPort}`, env: process.env, onOutput: options.onOutput },
    );
    started.push(haproxy);
    await waitReady(haproxy, '/lb-health', options.readyTimeoutMs);
    // In compose order, as planned.
    const running = planned.map((member) => started.find((child) => child.name === member.name)!);
    return {
      url: haproxy.url,
      members: running,
      member(name) {
        const found = running.find((child) => child.name === name);
        if (!found) throw new Error(`no cluster member ${name}`);
        return found;
      },
      haproxy,
      stripeDouble: stripeDouble?.fake,
      stop: stopAll,
    };
  } catch (error) {
    const outputs = started.map((child) => `--- ${child.name}\n${child.output()}`).join('\n');
    await stopAll();
    throw new Error(`the cluster did not start: ${(error as Error).message}\n${outputs}`);
  }
}

/** With Stripe keys (given, or in the launcher's environment) the members talk to Stripe itself. */
function usesRealStripe(options: LaunchOptions): boolean {
  return Boolean(options.env?.STRIPE_SECRET_KEY ?? process.env.STRIPE_SECRET_KEY);
}

function startMember(member: PlannedMember, options: LaunchOptions): ClusterProcess {
  return startProcess(member.name, member.roles, process.execPath, [MAIN_BUNDLE], {
    url: `http://127.0.0.1:${member.port}`,
    env: { ...process.env, ...member.env },
    onOutput: options.onOutput,
  });
}

function startProcess(
  name: string,
  roles: readonly string[],
  command: string,
  args: string[],
  how: { url: string; env: NodeJS.ProcessEnv; onOutput: LaunchOptions['onOutput'] },
): ClusterProcess {
  const child: ChildProcess = spawn(command, args, {
    cwd: REPO_ROOT,
    env: how.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-OUTPUT_KEPT);
    how.onOutput?.(name, text);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (error) => keep(Buffer.from(`${name} could not start: ${error.message}\n`)));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;
  return {
    name,
    roles,
    url: how.url,
    pid: child.pid ?? -1,
    output: () => output,
    running,
    async signal(signal) {
      if (!running()) return;
      child.kill(signal);
      if (signal === 'SIGSTOP' || signal === 'SIGCONT') return;
      // A stopped process cannot drain: wake it, and kill what outlives the grace period.
      if (signal === 'SIGTERM') child.kill('SIGCONT');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `probe` until it answers 200; fails at once if the process ended. */
async function waitReady(child: ClusterProcess, probe: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!child.running()) throw new Error(`${child.name} ended before it was ready`);
    const reply = await fetch(`${child.url}${probe}`).catch(() => undefined);
    if (reply?.ok) return;
    if (Date.now() > deadline) throw new Error(`${child.name} was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `count` distinct free loopback ports: all held open at once, so none is handed out twice. */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Builds the API bundle (`npm run build -w @evalmarket/api`) when it is missing or stale. */
export function ensureBundle(say: (message: string) => void = () => undefined): void {
  if (!bundleIsStale()) return;
  say('Building the API bundle (services/api/dist is missing or older than its sources)...');
  execFileSync('npm', ['run', 'build', '--silent', '--workspace=@evalmarket/api'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** The bundle is stale when a source it is built from (the API's or a package's) changed after it. */
function bundleIsStale(): boolean {
  let built: number;
  try {
    built = statSync(MAIN_BUNDLE).mtimeMs;
  } catch {
    return true;
  }
  const sources = [path.join(REPO_ROOT, 'services/api/src'), path.join(REPO_ROOT, 'packages')];
  return sources.some((folder) => newestChange(folder) > built);
}

function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'test', '.turbo'].includes(entry.name)) continue;
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}
