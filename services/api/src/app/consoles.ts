import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './build-app.js';

/** The built consoles, next to this service in the repository. */
export const CONSOLE_DIST = {
  user: fileURLToPath(new URL('../../../../consoles/user/dist/', import.meta.url)),
  admin: fileURLToPath(new URL('../../../../consoles/admin/dist/', import.meta.url)),
};

/**
 * Serves the built user console at / and the staff console at /admin, each a single-page app:
 * its files are routes of their own (found at start-up), and any other GET outside /api gets the
 * console's index.html so client-side routes load on refresh. A console that has not been built
 * is skipped with a log line.
 */
export async function registerConsoles(
  app: App,
  dist: { user: string; admin: string } = CONSOLE_DIST,
): Promise<void> {
  let decorated = false;
  for (const [prefix, root] of [
    ['/admin/', dist.admin],
    ['/', dist.user],
  ] as const) {
    if (!existsSync(`${root}/index.html`)) {
      app.log.warn(`console not built: ${root} (run npm run build)`);
      continue;
    }
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      wildcard: false,
      index: false,
    });
    decorated = true;
    const page = (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    };
    const hidden = { schema: { hide: true } };
    app.get(prefix, hidden, page);
    app.get(`${prefix}*`, hidden, page);
    // '/admin' needs no route of its own: the router ignores trailing slashes, so `/admin/`
    // already answers it (declaring both fails at start-up with FST_ERR_DUPLICATED_ROUTE).
  }
}
