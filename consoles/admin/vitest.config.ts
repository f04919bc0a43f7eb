import { defineConfig } from 'vitest/config';

// Unit tests of the data and auth providers run against a loopback HTTP server; browser tests
// start the real API (PGlite, in-process bus) serving the built console and drive Debian's
// Chromium with playwright-core. One file at a time keeps the two cores usable.
export default defineConfig({
  test: {
    include: ['test/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
