import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_SETTINGS, loadConfig } from '../src/config/config.js';
import { PRODUCTION_BUILD_PATHS, REPO_ROOT, packageFiles } from './support/production-tree.js';

// No container engine runs here, so infra/ is checked by reading it: the Dockerfile against the
// repository and the production tree, the compose file against the settings the API reads, and
// the haproxy configuration by haproxy itself.

const INFRA = path.join(REPO_ROOT, 'infra');
const ROLES = ['api', 'writer', 'projector', 'worker'];
/** The topology issue #21 asks for: service name prefix -> replicas and ROLES. */
const TOPOLOGY = { api: 2, writer: 2, projector: 2, worker: 1 } as const;

interface DockerStage {
  name: string;
  from: string;
  lines: string[];
}

function dockerStages(dockerfile: string): DockerStage[] {
  const logical = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: DockerStage[] = [];
  for (const line of logical) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2] ?? '', lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** `COPY [--from=x] src... dest` as its parts. */
function copies(stage: DockerStage): Array<{ from?: string; sources: string[]; target: string }> {
  return stage.lines
    .filter((line) => /^COPY\s/i.test(line))
    .map((line) => {
      const words = line.split(/\s+/).slice(1);
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((word) => !word.startsWith('--'));
      return { from, sources: paths.slice(0, -1), target: paths.at(-1)! };
    });
}

/** Compose's `${NAME:-default}` / `${NAME:?message}` / `${NAME}`, resolved from `env`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_whole, name: string, kind, fallback) => {
    if (env[name] !== undefined && env[name] !== '') return env[name];
    if (kind === '?') throw new Error(`${name} must be set: ${fallback}`);
    return (fallback as string | undefined) ?? '';
  });
}

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

async function compose(): Promise<{ services: Record<string, ComposeService> }> {
  return parse(await readFile(path.join(INFRA, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
}

const appServices = (services: Record<string, ComposeService>) =>
  Object.entries(services).filter(([, service]) => service.environment?.ROLES !== undefined);

describe('infra/Dockerfile', () => {
  it('copies only paths that exist, builds from Node LTS and runs the bundle as a non-root user', async () => {
    const stages = dockerStages(await readFile(path.join(INFRA, 'Dockerfile'), 'utf8'));
    const fromContext = stages.flatMap(copies).filter((copy) => copy.from === undefined);
    for (const source of fromContext.flatMap((copy) => copy.sources)) {
      await expect(access(path.join(REPO_ROOT, source)), source).resolves.toBeUndefined();
    }
    const runtime = stages.at(-1)!;
    expect(runtime.name).toBe('runtime');
    expect(await readFile(path.join(INFRA, 'Dockerfile'), 'utf8')).toMatch(
      /^ARG NODE_IMAGE=node:(20|22|24)-[a-z]+-slim$/m,
    );
    expect(runtime.lines).toContain('USER node');
    expect(runtime.lines.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/healthz');
    // Exec form: node is PID 1 and receives SIGTERM itself.
    expect(runtime.lines.at(-1)).toMatch(/^CMD \["node", .*"services\/api\/dist\/main\.js"\]$/);
  });

  it('installs from every package file and ships exactly the production tree the e2e test runs', async () => {
    const stages = dockerStages(await readFile(path.join(INFRA, 'Dockerfile'), 'utf8'));
    const manifests = stages.find((stage) => stage.name === 'manifests')!;
    const copiedManifests = copies(manifests).flatMap((copy) =>
      copy.sources.map((source) =>
        copy.target.endsWith('/') ? path.posix.join(copy.target, path.posix.basename(source)) : source,
      ),
    );
    expect(copiedManifests.sort()).toEqual((await packageFiles()).sort());

    const runtime = stages.at(-1)!;
    expect(runtime.lines.some((line) => /npm ci --omit=dev/.test(line))).toBe(true);
    const built = copies(runtime).filter((copy) => copy.from === 'build');
    expect(built.map((copy) => copy.target).sort()).toEqual([...PRODUCTION_BUILD_PATHS].sort());
    expect(built.every((copy) => copy.sources[0] === `/app/${copy.target}`)).toBe(true);
  });

  it('has a .dockerignore that keeps installed and built files out of the context', async () => {
    const ignored = (await readFile(path.join(REPO_ROOT, '.dockerignore'), 'utf8')).split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.env']));
  });
});

describe('infra/compose.yaml', () => {
  it('runs PostgreSQL, NATS with JetStream on a volume, haproxy and the roles of issue #21', async () => {
    const { services } = await compose();
    expect(services.postgres?.image).toMatch(/^postgres:1[5-9]/);
    expect(services.nats?.command).toContain('-js');
    expect(services.nats?.volumes?.some((volume) => volume.endsWith(':/data'))).toBe(true);
    expect(services.nats?.command?.join(' ')).toContain('-sd /data');

    const byRole = Object.fromEntries(ROLES.map((role) => [role, [] as string[]]));
    for (const [name, service] of appServices(services)) {
      const roles = service.environment!.ROLES!.split(',').map((role) => role.trim());
      expect(
        roles.every((role) => ROLES.includes(role)),
        `${name}: ROLES=${roles.join(',')}`,
      ).toBe(true);
      for (const role of roles) byRole[role]!.push(name);
    }
    expect(Object.fromEntries(Object.entries(byRole).map(([role, names]) => [role, names.length]))).toEqual(
      TOPOLOGY,
    );
  });

  it('gives every role process settings the API accepts, pointing at the compose services', async () => {
    const { services } = await compose();
    const known = new Set(CONFIG_SETTINGS.map((setting) => setting.name));
    // What an operator supplies for production (compose reads it from their environment or .env).
    const operator = {
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    };
    for (const [name, service] of appServices(services)) {
      const env = Object.fromEntries(
        Object.entries(service.environment!).map(([key, value]) => [
          key,
          interpolate(String(value), operator),
        ]),
      );
      // ROLES is read by the process-roles start-up, not by loadConfig's table.
      const unknown = Object.keys(env).filter((key) => key !== 'ROLES' && !known.has(key));
      expect(unknown, name).toEqual([]);
      const config = loadConfig(env);
      expect(config.nodeEnv, name).toBe('production');
      expect(new URL(config.databaseUrl!).hostname, name).toBe('postgres');
      expect(new URL(config.natsUrl!).hostname, name).toBe('nats');
      expect(service.depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        nats: { condition: 'service_healthy' },
      });
      expect(service.healthcheck?.test.join(' '), name).toContain(`http://127.0.0.1:${config.port}/healthz`);
      expect(service.build, name).toEqual({ context: '..', dockerfile: 'infra/Dockerfile' });
    }
    for (const name of ['postgres', 'nats', 'haproxy'])
      expect(services[name]?.healthcheck, name).toBeDefined();
  });

  it('balances over exactly the API replicas, on the port they listen on', async () => {
    const { services } = await compose();
    const haproxy = services.haproxy!;
    expect(haproxy.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    const cfg = await readFile(path.join(INFRA, 'haproxy.cfg'), 'utf8');
    const lines = [...cfg.matchAll(/^\s*server (\S+) (\S+):(\d+)(.*)$/gm)].map(
      ([, name, host, port, rest]) => ({ name, host, port: Number(port), backup: /\bbackup\b/.test(rest!) }),
    );
    const servers = lines.filter((server) => !server.backup);
    // Each replica also has an unchecked backup line (fail open when every check fails).
    expect(lines.filter((server) => server.backup).map((server) => `${server.host}:${server.port}`)).toEqual(
      servers.map((server) => `${server.host}:${server.port}`),
    );
    const apis = appServices(services).filter(([, service]) =>
      service.environment!.ROLES!.split(',').includes('api'),
    );
    expect(servers.map((server) => server.host).sort()).toEqual(apis.map(([name]) => name).sort());
    for (const [name, service] of apis) {
      const port = loadConfig({ PORT: service.environment!.PORT }).port;
      expect(servers.find((server) => server.host === name)?.port).toBe(port);
      expect(Object.keys(haproxy.depends_on ?? {})).toContain(name);
    }
    const [published] = haproxy.ports ?? [];
    expect(cfg).toContain(`bind :${published!.split(':').at(-1)}`);
    expect(cfg).toMatch(/option httpchk GET \/readyz/);
  });
});

describe('infra/haproxy.cfg', () => {
  it('is a configuration haproxy accepts', async () => {
    const checked = await promisify(execFile)('haproxy', ['-c', '-f', path.join(INFRA, 'haproxy.cfg')]).catch(
      (error: { code?: string | number; stderr?: string }) => {
        if (error.code === 'ENOENT') throw new Error('haproxy is not installed (.ci/run installs it)');
        return error;
      },
    );
    expect('code' in checked ? checked.code : 0, 'stderr' in checked ? checked.stderr : '').toBe(0);
  });
});
