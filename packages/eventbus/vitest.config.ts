import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration tests wait on a real NATS server and PostgreSQL.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
