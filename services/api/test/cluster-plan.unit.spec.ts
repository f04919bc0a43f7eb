import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { clusterMembers, localHaproxyConfig, planMembers } from '../src/cluster/cluster-plan.js';
import { loadConfig } from '../src/config/config.js';
import { REPO_ROOT } from './support/production-tree.js';

const infra = (file: string) => readFile(path.join(REPO_ROOT, 'infra', file), 'utf8');

describe('the local cluster plan (npm run start:cluster)', () => {
  it("starts compose's application services with their ROLES, in the file's order", async () => {
    expect(clusterMembers(await infra('compose.yaml'))).toEqual([
      { name: 'api-1', roles: ['api'] },
      { name: 'api-2', roles: ['api'] },
      { name: 'writer-1', roles: ['writer'] },
      { name: 'writer-2', roles: ['writer'] },
      { name: 'projector-1', roles: ['projector'] },
      { name: 'projector-2', roles: ['projector'] },
      { name: 'worker-1', roles: ['worker'] },
    ]);
  });

  it('refuses a compose service with a role no process has', () => {
    const compose = 'services:\n  odd:\n    environment:\n      ROLES: api,cron\n';
    expect(() => clusterMembers(compose)).toThrow(/odd: unknown roles cron/);
  });

  it('gives each member its own port and settings the API accepts, sharing database, bus and stream', () => {
    const members = [
      { name: 'api-1', roles: ['api' as const] },
      { name: 'writer-1', roles: ['writer' as const] },
    ];
    const settings = {
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/x',
      natsUrl: 'nats://127.0.0.1:4222',
      natsStream: 'CLUSTER_X',
      natsSubjectPrefix: 'clusterx',
      frontPort: 4180,
      env: { LOG_LEVEL: 'info', PORT: '1' },
    };
    const planned = planMembers(members, [4181, 4182], settings);
    const configs = planned.map((member) => loadConfig(member.env));
    expect(configs.map((config) => config.port)).toEqual([4181, 4182]);
    expect(configs.map((config) => [...config.roles])).toEqual([['api'], ['writer']]);
    for (const config of configs) {
      expect(config).toMatchObject({
        databaseUrl: settings.databaseUrl,
        natsStream: 'CLUSTER_X',
        natsSubjectPrefix: 'clusterx',
        publicUrl: 'http://localhost:4180',
        trustProxyHops: 1,
        logLevel: 'info',
      });
    }
    expect(() => planMembers(members, [4181], settings)).toThrow(/2 ports needed/);
  });

  it('rewrites infra/haproxy.cfg for loopback, and haproxy accepts it', async () => {
    const local = localHaproxyConfig(await infra('haproxy.cfg'), 4180, [
      { name: 'api-1', port: 4181 },
      { name: 'api-2', port: 4182 },
    ]);
    expect(local).toContain('  bind 127.0.0.1:4180');
    const settings = local
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    expect(settings).not.toMatch(/resolvers|127\.0\.0\.11|init-addr|api-1:3000/);
    expect(local).toContain('option httpchk GET /readyz');
    const backend = local.slice(local.indexOf('backend api'));
    expect(backend.indexOf('default-server')).toBeLessThan(backend.indexOf('server api-1'));
    expect(backend.match(/^ {2}server .*$/gm)).toEqual([
      '  server api-1 127.0.0.1:4181',
      '  server api-2 127.0.0.1:4182',
      '  server api-1-open 127.0.0.1:4181 backup no-check',
      '  server api-2-open 127.0.0.1:4182 backup no-check',
    ]);
    const template = await infra('haproxy.cfg');
    expect(() => localHaproxyConfig(template, 4180, [{ name: 'api-1', port: 4181 }])).toThrow(
      /api-2, which is not an API member/,
    );
    const dir = await mkdtemp(path.join(tmpdir(), 'cluster-plan-'));
    try {
      await writeFile(path.join(dir, 'haproxy.cfg'), local);
      // Debian's package (.ci/run installs it) puts it in /usr/sbin, not always on the PATH.
      const haproxy = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
      await promisify(execFile)(haproxy, ['-c', '-f', path.join(dir, 'haproxy.cfg')]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
