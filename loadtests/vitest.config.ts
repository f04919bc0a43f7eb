import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const smokeRunner = (file: string) => fileURLToPath(new URL(`./smoke-runner/${file}`, import.meta.url));

// Property-based and integration tests are CPU-bound; on a busy two-core machine they can take
// longer than vitest's 5 s default without anything being wrong.
export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000 },
  resolve: {
    // The k6 scripts' k6 imports, mapped onto the smoke runner (smoke-runner/run-script.ts).
    alias: [
      { find: /^k6$/, replacement: smokeRunner('k6.ts') },
      { find: /^k6\/http$/, replacement: smokeRunner('k6-http.ts') },
      { find: /^k6\/metrics$/, replacement: smokeRunner('k6-metrics.ts') },
      { find: /^k6\/execution$/, replacement: smokeRunner('k6-execution.ts') },
    ],
  },
});
