import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { wantsPrettyLogs } from '../src/app/logger.js';

const run = promisify(execFile);
const LOGGER = fileURLToPath(new URL('../src/app/logger.ts', import.meta.url));

describe('pretty development logs', () => {
  it('writes one readable coloured line per entry, credentials still redacted', async () => {
    const script = `
      const { createLogger } = await import(${JSON.stringify(LOGGER)});
      const log = createLogger({ level: 'info', pretty: true });
      log.info(
        { headers: { authorization: 'Bearer secret' }, req: { method: 'GET', url: '/api/v1/x?token=secret' } },
        'request completed',
      );
      console.log('after the entry');`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: process.env,
    });
    expect(stdout).toContain('\u001b[32mINFO');
    const lines = stdout
      .replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'), '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: request completed /);
    expect(lines[0]).toContain('"authorization":"[Redacted]"');
    expect(lines[0]).toContain('token=[Redacted]');
    expect(lines[0]).not.toContain('secret');
    expect(lines[1]).toBe('after the entry');
  });

  it('are for development on a terminal only', () => {
    const tty = process.stdout.isTTY;
    try {
      process.stdout.isTTY = true;
      expect(wantsPrettyLogs('development')).toBe(true);
      expect(wantsPrettyLogs('production')).toBe(false);
      process.stdout.isTTY = false;
      expect(wantsPrettyLogs('development')).toBe(false);
    } finally {
      process.stdout.isTTY = tty;
    }
  });
});
