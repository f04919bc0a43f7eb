import { defineConfig } from 'vitest/config';

// Property-based and integration tests are CPU-bound; on a busy two-core machine they can take
// longer than vitest's 5 s default without anything being wrong.
export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000 },
});
