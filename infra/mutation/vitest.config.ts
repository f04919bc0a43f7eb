import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant: every test of the ledger and the unit tests of
// each other money file in stryker.config.mjs. Property tests run with one fixed seed here so a
// mutant is killed or survives the same way on every run (the incremental file relies on it).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'packages/ledger/test/**/*.spec.ts',
      'services/api/test/quality-metrics.unit.spec.ts',
      'services/api/test/loop-decide-*.unit.spec.ts',
    ],
    setupFiles: ['infra/mutation/fixed-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
