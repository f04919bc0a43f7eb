import { describe, expect, it } from 'vitest';
import { callerOf, routeCatalogueText } from '../src/http/openapi/route-catalogue.js';

describe('the route catalogue', () => {
  const document = {
    paths: {
      '/api/v1/wallet/': {
        get: {
          summary: 'Both balances',
          tags: ['wallet'],
          security: [{ bearerAuth: [] }],
          responses: { 200: {}, 401: {} },
        },
      },
      '/api/v1/admin/users': {
        get: {
          summary: 'People | staff',
          tags: ['admin'],
          security: [{ bearerAuth: [] }],
          responses: { 200: {} },
        },
      },
      '/api/v1/sdk/items': {
        post: {
          summary: 'Add\n items',
          tags: ['sdk'],
          security: [{ projectApiKey: [] }],
          responses: { 202: {}, 422: {} },
        },
      },
      '/api/v1/payments/webhook': { post: { summary: 'Webhook', tags: ['payments'], security: [] } },
    },
  };

  it('names who may call a route from its security and path', () => {
    expect(callerOf('/api/v1/wallet/', document.paths['/api/v1/wallet/'].get)).toBe('signed in');
    expect(callerOf('/api/v1/admin/users', document.paths['/api/v1/admin/users'].get)).toBe('admin');
    expect(callerOf('/api/v1/sdk/items', document.paths['/api/v1/sdk/items'].post)).toBe('API key');
    expect(callerOf('/api/v1/payments/webhook', document.paths['/api/v1/payments/webhook'].post)).toBe(
      'public',
    );
  });

  it('writes one table per domain, in document order, with cells that cannot break a table', () => {
    const text = routeCatalogueText(document);
    expect(text.indexOf('## wallet')).toBeLessThan(text.indexOf('## admin'));
    expect(text).toContain('| `GET /api/v1/wallet/` | signed in | Both balances | 401 |');
    expect(text).toContain('| `GET /api/v1/admin/users` | admin | People \\| staff |  |');
    expect(text).toContain('| `POST /api/v1/sdk/items` | API key | Add items | 422 |');
    expect(text.match(/^## /gm)).toHaveLength(4);
  });
});
