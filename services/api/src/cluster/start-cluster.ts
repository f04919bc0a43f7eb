/**
 * `npm run start:cluster`: infra/compose.yaml's topology as local processes against the local
 * PostgreSQL and NATS JetStream (2 API replicas, 2 writers, 2 projectors, 1 worker, haproxy in
 * front on --port, the members on the 7 ports after it), from the production bundle; it builds the API first when the bundle is missing or
 * older than its sources. Ctrl-C or SIGTERM drains and stops every process.
 *
 *   npm run start:cluster -- [--port 8080] [--database-url postgres://...] [--nats-url nats://...]
 *                            [--stream EVENTS] [--subject-prefix events]
 * The defaults come from PORT, DATABASE_URL, NATS_URL, NATS_STREAM and NATS_SUBJECT_PREFIX.
 */
import { parseArgs } from 'node:util';
import { ensureBundle, launchCluster } from './launch-cluster.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    'nats-url': { type: 'string', default: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' },
    stream: { type: 'string', default: process.env.NATS_STREAM ?? 'EVENTS' },
    'subject-prefix': { type: 'string', default: process.env.NATS_SUBJECT_PREFIX ?? 'events' },
  },
});

const databaseUrl = values['database-url'];
if (!databaseUrl) {
  console.error('start:cluster needs PostgreSQL: set DATABASE_URL or pass --database-url postgres://...');
  process.exit(2);
}
const frontPort = Number(values.port);
if (!Number.isInteger(frontPort) || frontPort < 1 || frontPort > 65_535) {
  console.error(`--port must be a TCP port, not ${values.port}`);
  process.exit(2);
}

ensureBundle((message) => console.log(message));

const cluster = await launchCluster({
  databaseUrl,
  natsUrl: values['nats-url']!,
  natsStream: values.stream!,
  natsSubjectPrefix: values['subject-prefix']!,
  frontPort,
  // The members on the ports after haproxy's, so the whole cluster sits in one known range.
  firstMemberPort: frontPort + 1,
  env: process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {},
  onOutput: (name, chunk) => {
    for (const line of chunk.split('\n')) if (line.trim()) console.log(`${name.padEnd(11)}| ${line}`);
  },
});

console.log(`Evalmarket cluster listening on ${cluster.url.replace('127.0.0.1', 'localhost')} (haproxy)`);
for (const member of cluster.members)
  console.log(
    `  ${member.name.padEnd(11)} pid ${member.pid}  ${member.roles.join(',').padEnd(9)} ${member.url}`,
  );
console.log(`  stream ${values.stream}, subjects ${values['subject-prefix']}.*; Ctrl-C stops everything`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping the cluster (draining every process)...');
    void cluster.stop().then(() => process.exit(0));
  });
}
// A member that dies is reported, not restarted: this is a local launcher, not a supervisor.
const reported = new Set<string>();
setInterval(() => {
  for (const member of [...cluster.members, cluster.haproxy]) {
    if (member.running() || stopping || reported.has(member.name)) continue;
    reported.add(member.name);
    console.error(`${member.name} (pid ${member.pid}) is not running`);
  }
}, 1_000).unref();
