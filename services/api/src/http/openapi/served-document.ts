import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config/config.js';
import { startRuntime } from '../../runtime/start-runtime.js';

/**
 * The OpenAPI document the API serves at /docs/json, as built by the real composition root (every
 * domain's routes, the dev routes included) on a throwaway embedded database. It uses the
 * settings of a development run, never the caller's environment, so it is the same for everyone
 * who generates the client from it.
 */
export async function servedOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-openapi-'));
  try {
    const config = { ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }), dataDir };
    const runtime = await startRuntime(config);
    try {
      await runtime.app.ready();
      return runtime.app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await runtime.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
