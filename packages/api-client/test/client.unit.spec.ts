import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/index.js';

describe('createApiClient', () => {
  it('sends typed requests to the documented paths and returns the reply body', async () => {
    const seen: Array<{ method?: string; url?: string; authorization?: string }> = [];
    const server = createServer((request: IncomingMessage, response) => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ credits_balance: 1500, usd_equivalent: 15 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createApiClient({
        baseUrl: `http://127.0.0.1:${port}`,
        headers: { authorization: 'Bearer t' },
      });
      const { data, error } = await client.GET('/api/v1/wallet/balance');
      expect(error).toBeUndefined();
      expect(data?.credits_balance).toBe(1500);
      expect(seen).toEqual([{ method: 'GET', url: '/api/v1/wallet/balance', authorization: 'Bearer t' }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
