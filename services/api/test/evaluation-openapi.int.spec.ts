import { describe, expect, it } from 'vitest';
import { startTestRuntime } from './support/runtime.js';

describe('OpenAPI document of the evaluation routes', () => {
  it('describes every evaluation route', async () => {
    const runtime = await startTestRuntime();
    try {
      const reply = await runtime.app.inject({ method: 'GET', url: '/docs/json' });
      expect(reply.statusCode).toBe(200);
      const paths = Object.keys(reply.json().paths as Record<string, unknown>);
      for (const path of [
        '/api/v1/jobs',
        '/api/v1/evaluations',
        '/api/v1/evaluations/{id}',
        '/api/v1/evaluations/{id}/status',
        '/api/v1/evaluations/{id}/versions',
        '/api/v1/projects/{id}/evaluation-config',
        '/api/v1/projects/{id}/validate-app-url',
        '/api/v1/evaluations/{id}/langfuse',
        '/api/v1/evaluations/{id}/langfuse/test',
        '/api/v1/evaluations/{id}/langfuse/connect',
        '/api/v1/evaluations/{id}/api-keys',
        '/api/v1/sdk/items',
        '/api/v1/evaluator/projects',
        '/api/v1/evaluator/assignments',
        '/api/v1/evaluator/assignments/{id}/vote',
        '/api/v1/evaluator/assignments/{id}/release',
        '/api/v1/evaluations/{id}/metrics',
        '/api/v1/evaluations/{id}/budget',
        '/api/v1/evaluations/{id}/freshness',
        '/api/v1/evaluations/{id}/export',
        '/api/v1/evaluations/{id}/alerts',
      ]) {
        expect(paths, path).toContain(path);
      }
    } finally {
      await runtime.stop();
    }
  }, 120_000);
});
