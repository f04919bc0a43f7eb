import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The test script builds the console first; Vite warns above 500 kB (of 1,000 bytes) a chunk.
const ASSETS = fileURLToPath(new URL('../dist/assets/', import.meta.url));
const VITE_WARNING_BYTES = 500 * 1000;

describe('the built staff console', () => {
  it('comes in several chunks, none over the size Vite warns about', async () => {
    const scripts = (await readdir(ASSETS)).filter((file) => file.endsWith('.js'));
    const sizes = await Promise.all(
      scripts.map(async (file) => [file, (await stat(path.join(ASSETS, file))).size] as const),
    );
    expect(scripts.length).toBeGreaterThan(3);
    expect(sizes.filter(([, size]) => size > VITE_WARNING_BYTES)).toEqual([]);
  });
});
