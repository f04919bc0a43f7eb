import { execFile } from 'node:child_process';
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * What a production tree holds besides node_modules, relative to the repository root: the lock
 * and every workspace's package.json (`npm ci` installs from them), the API bundle, the
 * migrations `@evalmarket/db` finds beside its sources, and the two built consoles. The
 * Dockerfile's runtime stage copies the same paths (a test keeps the two lists equal).
 */
export const PRODUCTION_BUILD_PATHS = [
  'services/api/dist',
  'packages/db/migrations',
  'consoles/user/dist',
  'consoles/admin/dist',
] as const;

const run = promisify(execFile);

/** The root package.json, the lock and each workspace's package.json. */
export async function packageFiles(repoRoot = REPO_ROOT): Promise<string[]> {
  const { stdout } = await run('git', ['ls-files', 'package.json', 'package-lock.json', '*/package.json'], {
    cwd: repoRoot,
  });
  return stdout.split('\n').filter(Boolean);
}

/** Copies a built checkout's production files into `target` (which `npm ci --omit=dev` completes). */
export async function stageProductionTree(target: string, repoRoot = REPO_ROOT): Promise<void> {
  for (const file of [...(await packageFiles(repoRoot)), ...PRODUCTION_BUILD_PATHS]) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await cp(path.join(repoRoot, file), path.join(target, file), { recursive: true });
  }
}
