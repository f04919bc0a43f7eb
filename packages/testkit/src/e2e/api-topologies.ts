import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestDatabase } from '../test-database.js';
import { startApiProcess, type ApiProcess } from './api-process.js';

export interface ApiTopology {
  name: string;
  start(options?: { env?: Record<string, string> }): Promise<ApiProcess>;
}

/** The embedded default: PGlite in a throwaway DATA_DIR, in-process bus. */
export const EMBEDDED_TOPOLOGY: ApiTopology = {
  name: 'embedded (PGlite, in-process bus)',
  start: (options = {}) => startApiProcess(options),
};

/**
 * PostgreSQL and NATS JetStream: a database of its own on the server of DATABASE_URL and a stream
 * of its own on NATS_URL, both removed when the process stops.
 */
export const SERVICES_TOPOLOGY: ApiTopology = {
  name: 'services (PostgreSQL, NATS JetStream)',
  async start(options = {}) {
    const natsUrl = process.env.NATS_URL;
    if (!natsUrl) throw new Error('NATS_URL is required for the services topology');
    // Not migrated here: the API migrates its database on start, as in production.
    const db = await createTestDatabase({ kind: 'postgres', migrate: false });
    const suffix = randomBytes(4).toString('hex');
    const streamName = `E2E_${suffix}`;
    try {
      const api = await startApiProcess({
        env: {
          DATABASE_URL: db.url!,
          NATS_URL: natsUrl,
          NATS_STREAM: streamName,
          NATS_SUBJECT_PREFIX: `e2e${suffix}`,
          // On by default only with the embedded database; the browser tests read the dev mailbox.
          DEV_ENDPOINTS: 'on',
          ...options.env,
        },
      });
      const stop = api.stop.bind(api);
      return Object.assign(api, {
        async stop() {
          await stop();
          await removeServices(db.drop, streamName, natsUrl);
        },
      });
    } catch (error) {
      await removeServices(db.drop, streamName, natsUrl);
      throw error;
    }
  },
};

async function removeServices(dropDatabase: () => Promise<void>, streamName: string, natsUrl: string) {
  const nc = await connect({ servers: natsUrl });
  await (await jetstreamManager(nc)).streams.delete(streamName).catch(() => undefined);
  await nc.close();
  await dropDatabase();
}

/** The embedded default always; the services too when DATABASE_URL and NATS_URL are set (as the API's tests). */
export function apiTopologies(): ApiTopology[] {
  return process.env.DATABASE_URL && process.env.NATS_URL
    ? [EMBEDDED_TOPOLOGY, SERVICES_TOPOLOGY]
    : [EMBEDDED_TOPOLOGY];
}
