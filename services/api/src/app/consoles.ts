import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { PageServer } from '../http/errors.js';
import type { App } from './build-app.js';

/** The built consoles, next to this service in the repository. */
export const CONSOLE_DIST = {
  user: fileURLToPath(new URL('../../../../consoles/user/dist/', import.meta.url)),
  admin: fileURLToPath(new URL('../../../../consoles/admin/dist/', import.meta.url)),
};

/** The server's own paths: an unknown one is a JSON 404, never a console page. */
const SERVER_PATH = /^\/(?:api|metrics|docs|healthz|readyz)(?:\/|$)/;

/**
 * Serves the built user console at / and the staff console at /admin, each a single-page app:
 * its files are routes of their own (found at start-up), and any other GET for a page path
 * (not under /api, no file extension) gets the console's index.html through the not-found
 * handler, so client-side routes load on refresh. A console that has not been built is skipped
 * with a log line.
 */
export async function registerConsoles(
  app: App,
  dist: { user: string; admin: string } = CONSOLE_DIST,
): Promise<void> {
  const mounted: Array<{ prefix: string; root: string }> = [];
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
      decorateReply: mounted.length === 0,
      wildcard: false,
      index: false,
    });
    mounted.push({ prefix, root });
    // The console's entry page; '/admin' is answered too (the router ignores trailing slashes).
    app.get(prefix, { schema: { hide: true } }, (_request, reply) => sendIndex(reply, root));
  }
  if (mounted.length === 0) return;
  const servePage: PageServer = (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (/\.[A-Za-z0-9]+$/.test(path) || SERVER_PATH.test(path)) return undefined;
    const target = mounted.find(
      (console) => path.startsWith(console.prefix) || `${path}/` === console.prefix,
    );
    return target ? sendIndex(reply, target.root) : undefined;
  };
  (app as unknown as { servePage?: PageServer }).servePage = servePage;
}

function sendIndex(reply: FastifyReply, root: string): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
}
