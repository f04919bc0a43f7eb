import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connectDatabase, HISTORY_TABLE } from '@evalmarket/db';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SOURCE = fileURLToPath(new URL('../src/', import.meta.url));

/** `npm run migrate` and a server start against the embedded database of a stopped server. */
describe('migrate command', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function command(dataDir: string, file: string, ...args: string[]) {
    return run(process.execPath, ['--import', 'tsx', path.join(SOURCE, file), ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NATS_URL: '',
        LOG_LEVEL: 'silent',
        PORT: '3999',
      },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  }

  it('lists, applies, and refuses a schema a newer release migrated, as the server does', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'evalmarket-migrate-'));
    dirs.push(dataDir);

    const before = await command(dataDir, 'commands/migrate.ts', 'status');
    expect(before.stdout).toContain('database at 0, this release knows');
    expect(before.stdout).toMatch(/001 event-store\s+pending/);

    const applied = await command(dataDir, 'commands/migrate.ts');
    expect(applied.stdout).toMatch(/Applied migrations 1, 2, .* to PGlite in /);
    expect((await command(dataDir, 'commands/migrate.ts')).stdout).toContain('is up to date');
    expect((await command(dataDir, 'commands/migrate.ts', 'status')).stdout).toMatch(
      /001 event-store\s+applied 20/,
    );
    expect((await command(dataDir, 'commands/migrate.ts', 'sideways')).stderr).toContain(
      'Usage: npm run migrate',
    );

    const sql = await connectDatabase({ dataDir });
    await sql.query(
      `INSERT INTO ${HISTORY_TABLE} (version, name, md5, run_at) VALUES (999, 'from-the-future', 'x', now())`,
    );
    await sql.close();

    const status = await command(dataDir, 'commands/migrate.ts', 'status');
    expect(status.stdout).toMatch(/999 from-the-future\s+unknown/);
    expect((status as { code?: number }).code).toBe(1);
    const refused = await command(dataDir, 'commands/migrate.ts');
    expect(refused.stderr).toContain('The database schema is at migration 999, newer than the');
    expect((refused as { code?: number }).code).toBe(1);
    const server = await command(dataDir, 'main.ts');
    expect(server.stderr).toContain('The database schema is at migration 999, newer than the');
    expect((server as { code?: number }).code).toBe(1);
  }, 240_000);
});
