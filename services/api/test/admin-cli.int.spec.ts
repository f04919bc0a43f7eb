import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from './helpers.js';
import { startRuntime } from '../src/runtime/start-runtime.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from './support/sign-in.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/commands/admin.ts', import.meta.url));

/** `npm run admin -- grant <email>` against the embedded database of a stopped server. */
describe('admin CLI', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function admin(dataDir: string, ...args: string[]) {
    return run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '', LOG_LEVEL: 'silent' },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  }

  it('grants the platform admin role to a registered person, once, and explains the other cases', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-cli-'));
    dirs.push(dataDir);
    let runtime = await startRuntime(testConfig({ dataDir, databaseUrl: undefined, natsUrl: undefined }));
    await signIn(runtime, 'ops@example.com');
    await runtime.close();

    const granted = await admin(dataDir, 'grant', 'Ops@Example.com');
    expect(granted.stdout).toContain('ops@example.com is now a platform admin.');
    const again = await admin(dataDir, 'grant', 'ops@example.com');
    expect(again.stdout).toContain('already is a platform admin');
    const unknown = await admin(dataDir, 'grant', 'nobody@example.com');
    expect(unknown.stderr).toContain('No account for nobody@example.com');
    expect((unknown as { code?: number }).code).toBe(1);
    const usage = await admin(dataDir, 'promote');
    expect(usage.stderr).toContain('Usage: npm run admin -- grant <email>');
    expect((await admin(dataDir, 'list')).stdout.trim()).toBe('ops@example.com');

    runtime = await startRuntime(testConfig({ dataDir, databaseUrl: undefined, natsUrl: undefined }));
    const { rows } = await runtime.sql.query<{ is_admin: boolean }>(
      'SELECT is_admin FROM users WHERE email = $1',
      ['ops@example.com'],
    );
    expect(rows[0]?.is_admin).toBe(true);
    const events = await runtime.store.readAll({ after: 0, limit: 10_000, types: ['AdminRoleGranted'] });
    expect(events.map((event) => event.metadata.actor)).toEqual(['cli:admin']);
    await runtime.close();
  });
});
