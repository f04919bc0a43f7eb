import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONFIG_SETTINGS } from '../src/config/config.js';
import { renderEnvExample } from '../src/config/env-example.js';

describe('.env.example', () => {
  it('lists every setting of config.ts with its meaning and default (npm run env:example)', async () => {
    const committed = await readFile(new URL('../../../.env.example', import.meta.url), 'utf8');
    expect(committed).toBe(renderEnvExample());
    for (const setting of CONFIG_SETTINGS) expect(committed).toContain(`\n# ${setting.name}=\n`);
  });
});
