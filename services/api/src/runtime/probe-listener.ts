import type { App } from '../app/build-app.js';
import type { AppConfig } from '../config/config.js';

/** The URLs a process without the api role answers: liveness, readiness and metrics. */
const PROBE_PATH = /^\/(?:healthz|readyz|metrics)(?:\?|$)/;

/**
 * A process without the `api` role (a writer, projector or worker) still has to be watched:
 * the supervisor restarts it when /healthz fails, the launcher and compose wait for /readyz
 * (database and bus; 503 naming the cause while the bus cannot deliver), Prometheus scrapes
 * /metrics. It listens on PORT like an API process, but every other URL is a 404, so no route
 * of the API is reachable through it.
 */
export async function listenForProbesOnly(
  app: App,
  config: Pick<AppConfig, 'port' | 'host'>,
): Promise<string> {
  app.addHook('onRequest', async (request, reply) => {
    if (!PROBE_PATH.test(request.url)) return reply.callNotFound();
  });
  return app.listen({ port: config.port, host: config.host });
}
