import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.spec.ts'],
    // Runtime tests start PGlite or PostgreSQL + NATS per file; on a loaded two-core machine a
    // start can take several seconds, more than vitest's 5 s and 10 s defaults.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one worker on two cores, which leaves
    // a core idle while a file waits on PostgreSQL, NATS, a child process or its own timers. Two
    // files at a time took the suite from 922 s to 567 s on the two-core machine (all 819 pass).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
