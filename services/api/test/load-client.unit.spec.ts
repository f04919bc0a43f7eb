import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAliveConnection } from './bench/load-client.js';

// The loop bench's figures are only as good as its client: these check that it reads replies
// however TCP splits them, keeps one connection for many requests and fails loudly otherwise.

type Responder = (request: string, socket: Socket) => void;

let server: Server | undefined;

/** A raw TCP server that hands each complete request (head and body) to `respond`. */
async function rawServer(respond: Responder): Promise<string> {
  server = createServer((socket) => {
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? 0);
      if (buffered.length < headEnd + 4 + length) return;
      const request = buffered.slice(0, headEnd + 4 + length);
      buffered = buffered.slice(request.length);
      respond(request, socket);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

function reply(status: string, body: string, extraHeaders = ''): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  return Buffer.concat([
    Buffer.from(
      `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\n${extraHeaders}content-length: ${bytes.length}\r\n\r\n`,
    ),
    bytes,
  ]);
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('the loop bench load client', () => {
  it('reads a reply split across packets, even inside a multi-byte character', async () => {
    const body = JSON.stringify({ assignment_id: 'a1', output: 'naïve café ✓' });
    const origin = await rawServer((_request, socket) => {
      const bytes = reply('201 Created', body);
      const cuts = [10, bytes.indexOf('\r\n\r\n') + 2, bytes.length - 3];
      let from = 0;
      cuts.forEach((cut, i) => {
        const part = bytes.subarray(from, cut);
        from = cut;
        setTimeout(() => socket.write(part), 5 * i);
      });
      setTimeout(() => socket.write(bytes.subarray(from)), 20);
    });
    const connection = await KeepAliveConnection.open(origin);
    const answer = await connection.request('POST', '/x', { authorization: 'Bearer t' }, { vote: 'good' });
    connection.close();
    expect(answer).toEqual({ status: 201, json: { assignment_id: 'a1', output: 'naïve café ✓' } });
  });

  it('sends the method, path, headers and JSON body, and keeps the connection for the next request', async () => {
    const requests: string[] = [];
    const sockets = new Set<Socket>();
    const origin = await rawServer((request, socket) => {
      requests.push(request);
      sockets.add(socket);
      socket.write(reply('200 OK', JSON.stringify({ n: requests.length })));
    });
    const connection = await KeepAliveConnection.open(origin);
    const first = await connection.request(
      'POST',
      '/api/v1/evaluator/assignments',
      { authorization: 'Bearer t' },
      {
        evaluation_id: 'e1',
      },
    );
    const second = await connection.request('GET', '/healthz', {});
    connection.close();
    expect([first.json, second.json]).toEqual([{ n: 1 }, { n: 2 }]);
    expect(sockets.size).toBe(1);
    expect(requests[0]).toMatch(/^POST \/api\/v1\/evaluator\/assignments HTTP\/1\.1\r\n/);
    expect(requests[0]).toContain('\r\nauthorization: Bearer t\r\n');
    expect(requests[0]).toContain('\r\ncontent-type: application/json\r\n');
    expect(requests[0]!.endsWith('\r\n\r\n{"evaluation_id":"e1"}')).toBe(true);
    expect(requests[1]).toMatch(/^GET \/healthz HTTP\/1\.1\r\n[^]*content-length: 0\r\n\r\n$/);
  });

  it('refuses a reply it cannot measure (no Content-Length)', async () => {
    const origin = await rawServer((_request, socket) => {
      socket.write('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n');
    });
    const connection = await KeepAliveConnection.open(origin);
    await expect(connection.request('GET', '/', {})).rejects.toThrow(
      'a reply without Content-Length: HTTP/1.1 200 OK',
    );
    connection.close();
  });

  it('fails a request whose connection the server closes, and a second request sent while one is in flight', async () => {
    const origin = await rawServer((_request, socket) => socket.end());
    const connection = await KeepAliveConnection.open(origin);
    const first = connection.request('GET', '/', {});
    await expect(connection.request('GET', '/', {})).rejects.toThrow('one request at a time per connection');
    await expect(first).rejects.toThrow('the server closed the connection');
    connection.close();
  });
});
