import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const serviceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('starting in production', () => {
  it('refuses to start without Stripe or SMTP, one line per missing setting, exit code 1', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'h-stripe-production-'));
    const environment: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
    };
    try {
      const failure = await promisify(execFile)(
        path.join(serviceDir, '../../node_modules/.bin/tsx'),
        [path.join(serviceDir, 'src/main.ts')],
        { cwd: serviceDir, env: environment, timeout: 60_000 },
      ).then(
        () => undefined,
        (error: unknown) => error as { code: number; stderr: string },
      );
      expect(failure?.code).toBe(1);
      const lines = failure!.stderr.trim().split('\n');
      expect(lines).toEqual([
        'The configuration is not valid:',
        '  - STRIPE_SECRET_KEY must be set when NODE_ENV is production (no local payments double there)',
        '  - STRIPE_WEBHOOK_SECRET must be set when NODE_ENV is production (no local payments double there)',
        '  - STRIPE_CONNECT_WEBHOOK_SECRET must be set when NODE_ENV is production (no local payments double there)',
        '  - STRIPE_PUBLISHABLE_KEY must be set when NODE_ENV is production (no local payments double there)',
        '  - SMTP_URL must be set when NODE_ENV is production (sign-in links go by email)',
      ]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
