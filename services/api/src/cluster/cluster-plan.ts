import { parse } from 'yaml';
import { PROCESS_ROLES, type ProcessRole } from '../config/config.js';

/**
 * What the local launcher starts, decided without I/O: the processes of infra/compose.yaml's
 * topology (every service with ROLES), each on a loopback port of its own, their environment,
 * and haproxy's configuration made from infra/haproxy.cfg with the local addresses.
 */

export interface ClusterSettings {
  databaseUrl: string;
  natsUrl: string;
  natsStream: string;
  natsSubjectPrefix: string;
  /** haproxy's port: where clients reach the API and the consoles. */
  frontPort: number;
  /** Extra settings for every process (e.g. LOG_LEVEL, WRITER_LEASE_RETRY_MS). */
  env?: Record<string, string>;
}

export interface ClusterMember {
  /** The compose service's name (api-1, writer-2, ...). */
  name: string;
  roles: ProcessRole[];
}

export interface PlannedMember extends ClusterMember {
  port: number;
  env: Record<string, string>;
}

/** Where people reach the local cluster: haproxy's port. */
export function publicUrl(frontPort: number): string {
  return `http://localhost:${frontPort}`;
}

/** The application services of compose.yaml (those with ROLES), in the file's order. */
export function clusterMembers(composeYaml: string): ClusterMember[] {
  const compose = parse(composeYaml) as {
    services?: Record<string, { environment?: Record<string, unknown> }>;
  };
  const members: ClusterMember[] = [];
  for (const [name, service] of Object.entries(compose.services ?? {})) {
    const roles = service.environment?.ROLES;
    if (typeof roles !== 'string') continue;
    const list = roles.split(',').map((role) => role.trim());
    const unknown = list.filter((role) => !(PROCESS_ROLES as readonly string[]).includes(role));
    if (unknown.length > 0) throw new Error(`compose service ${name}: unknown roles ${unknown.join(', ')}`);
    members.push({ name, roles: list as ProcessRole[] });
  }
  return members;
}

/**
 * Each member's environment: the shared database, bus and stream; its own PORT (the API, or the
 * probes of a process without the api role); and the development defaults the compose file
 * uses without Stripe keys (local payments double, emails in the log and dev mailbox).
 */
export function planMembers(
  members: readonly ClusterMember[],
  ports: readonly number[],
  settings: ClusterSettings,
): PlannedMember[] {
  if (ports.length < members.length) throw new Error(`${members.length} ports needed, ${ports.length} given`);
  return members.map((member, index) => {
    const port = ports[index]!;
    return {
      ...member,
      port,
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'off',
        ...settings.env,
        ROLES: member.roles.join(','),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: settings.databaseUrl,
        NATS_URL: settings.natsUrl,
        NATS_STREAM: settings.natsStream,
        NATS_SUBJECT_PREFIX: settings.natsSubjectPrefix,
        PUBLIC_URL: publicUrl(settings.frontPort),
        // haproxy is the one proxy in front, as in compose.
        TRUST_PROXY: '1',
      },
    };
  });
}

/**
 * infra/haproxy.cfg with local addresses: haproxy binds the front port on loopback and each
 * server line points at the API member its compose host names; compose's DNS resolver (service
 * names) is left out. Everything else (health checks on /readyz, the unchecked backups, retries,
 * redispatch, /lb-health) stays as the file says.
 */
export function localHaproxyConfig(
  template: string,
  frontPort: number,
  apis: ReadonlyArray<{ name: string; port: number }>,
): string {
  const lines: string[] = [];
  let skipping = false;
  for (const line of template.split('\n')) {
    const section = /^(\S+)/.exec(line)?.[1];
    if (section) skipping = section === 'resolvers';
    if (skipping) continue;
    const server = /^(\s+server\s+\S+\s+)([^\s:]+):\d+(.*)$/.exec(line);
    if (/^\s+bind\s/.test(line)) lines.push(`  bind 127.0.0.1:${frontPort}`);
    else if (/^\s+default-server\s/.test(line))
      lines.push(line.replace(/\s+resolvers\s+\S+/, '').replace(/\s+init-addr\s+\S+/, ''));
    else if (server) {
      const api = apis.find((member) => member.name === server[2]);
      if (!api) throw new Error(`haproxy.cfg balances over ${server[2]}, which is not an API member`);
      lines.push(`${server[1]}127.0.0.1:${api.port}${server[3]}`);
    } else lines.push(line);
  }
  return lines.join('\n');
}
