import { defineConfig } from 'vitest/config';

// Runtime tests start PGlite or PostgreSQL + NATS per file; on a loaded two-core machine a start
// can take several seconds, more than vitest's 5 s and 10 s defaults.
export default defineConfig({
  test: {
    include: ['test/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
