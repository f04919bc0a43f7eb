/*
 * The load generator of the evaluation loop bench, run in a child process of its own (as wrk or
 * autocannon would be) so that the client's work does not share the API's event loop. Each
 * simulated user has one keep-alive connection and one request in flight, like a person in a
 * browser. Requests go out as prebuilt HTTP/1.1 text and replies are read by their
 * Content-Length: a few microseconds per request instead of node:http's ClientRequest and Agent,
 * which took about a fifth of the API's thread when they ran inside it.
 *
 * Protocol (IPC): the parent sends a LoadJob; the child opens and warms its connections, sends
 * 'warmed', waits for 'go', runs the job and sends its LoadResult.
 */
import { connect, type Socket } from 'node:net';

export interface LoadJob {
  kind: 'bare' | 'claim-then-vote' | 'vote-next';
  /** http://host:port of the server under load. */
  origin: string;
  /** Request headers of each simulated user (one connection each). */
  users: Record<string, string>[];
  /** The evaluation the loop works on (loops only). */
  evaluationId?: string;
  /** Requests to send in all (the bare route only). */
  requests?: number;
  /**
   * Loops only: claim no more after this many seconds (a bounded run, as the read bench's
   * projection-lag phase needs); without it, until the evaluation has nothing left.
   */
  seconds?: number;
}

export interface LoadResult {
  votes: number;
  /** Latency of every request, in ms. */
  requests: number[];
  /** Time from a vote's claim to its recorded vote, in ms (loops only). */
  perVote: number[];
  seconds: number;
  /** CPU time (user + system) this client process used while running, in microseconds. */
  clientCpuMicros: number;
}

interface Reply {
  status: number;
  json: Record<string, unknown>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive HTTP/1.1 connection with at most one request in flight. */
export class KeepAliveConnection {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly host: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  static open(origin: string): Promise<KeepAliveConnection> {
    const url = new URL(origin);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.off('error', reject);
        resolve(new KeepAliveConnection(socket, url.host));
      });
      socket.once('error', reject);
    });
  }

  request(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
    if (this.waiting) return Promise.reject(new Error('one request at a time per connection'));
    const payload = body === undefined ? '' : JSON.stringify(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined) head += 'content-type: application/json\r\n';
    head += `content-length: ${Buffer.byteLength(payload)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + payload);
    });
  }

  close(): void {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }

  private received(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.buffered.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.fail(new Error(`a reply without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const bodyStart = headerEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.buffered.length < bodyEnd) return;
    const status = Number(head.slice(9, 12));
    const text = this.buffered.toString('utf8', bodyStart, bodyEnd);
    this.buffered = this.buffered.subarray(bodyEnd);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ status, json: parseBody(text) });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}

/**
 * A reply's JSON body; a body that is not JSON (a load balancer's own error page) is kept as
 * `{ text }` so that the failure reports its status and what it said.
 */
function parseBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text: text.slice(0, 200) };
  }
}

/** CPU time (user + system, all threads) this process used since `start`, in microseconds. */
export function cpuMicrosSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const ballot = () => (Math.random() < 0.7 ? 'good' : 'bad');

/** Runs `job` on open, warmed connections (one per user). */
async function run(
  job: LoadJob,
  connections: KeepAliveConnection[],
): Promise<Omit<LoadResult, 'seconds' | 'clientCpuMicros'>> {
  const result = { votes: 0, requests: [] as number[], perVote: [] as number[] };
  const timed = async (
    connection: KeepAliveConnection,
    path: string,
    headers: Record<string, string>,
    body: unknown,
  ) => {
    const t0 = performance.now();
    const reply = await connection.request('POST', path, headers, body);
    result.requests.push(performance.now() - t0);
    return reply;
  };
  const claimPath = '/api/v1/evaluator/assignments';
  const votePath = (assignmentId: unknown) => `/api/v1/evaluator/assignments/${String(assignmentId)}/vote`;

  if (job.kind === 'bare') {
    let left = job.requests ?? 0;
    await Promise.all(
      connections.map(async (connection, i) => {
        while (left > 0) {
          left -= 1;
          await timed(connection, '/bare', job.users[i]!, {});
        }
      }),
    );
    return result;
  }

  let failures = 0;
  const deadline = job.seconds === undefined ? Infinity : performance.now() + job.seconds * 1000;
  const timeLeft = () => performance.now() < deadline;
  await Promise.all(
    connections.map(async (connection, i) => {
      const headers = job.users[i]!;
      const claimBody = { evaluation_id: job.evaluationId };
      if (job.kind === 'claim-then-vote') {
        // Claim then vote: two requests per completed vote, until nothing is left (or the time).
        while (timeLeft()) {
          const t0 = performance.now();
          const claim = await timed(connection, claimPath, headers, claimBody);
          if (claim.status === 404) return;
          if (claim.status !== 201) {
            failures += 1;
            if (failures > 100)
              throw new Error(`claims failing: ${claim.status} ${JSON.stringify(claim.json)}`);
            continue;
          }
          const vote = await timed(connection, votePath(claim.json.assignment_id), headers, {
            vote: ballot(),
          });
          if (vote.status !== 201)
            throw new Error(`vote failed: ${vote.status} ${JSON.stringify(vote.json)}`);
          result.votes += 1;
          result.perVote.push(performance.now() - t0);
        }
        return;
      }
      // One claim, then each vote claims the next item (next: true): one request per vote.
      const claim = await timed(connection, claimPath, headers, claimBody);
      if (claim.status === 404) return;
      if (claim.status !== 201)
        throw new Error(`claim failed: ${claim.status} ${JSON.stringify(claim.json)}`);
      let assignmentId: unknown = claim.json.assignment_id;
      while (assignmentId !== undefined) {
        const t0 = performance.now();
        const vote = await timed(connection, votePath(assignmentId), headers, { vote: ballot(), next: true });
        if (vote.status !== 201) throw new Error(`vote failed: ${vote.status} ${JSON.stringify(vote.json)}`);
        result.votes += 1;
        result.perVote.push(performance.now() - t0);
        const next = vote.json.next as { assignment_id: string } | null;
        const problem = vote.json.next_problem as { code: string } | undefined;
        if (!next && problem?.code !== 'no_item_available')
          throw new Error(`next claim failed: ${JSON.stringify(problem)}`);
        assignmentId = timeLeft() ? next?.assignment_id : undefined;
      }
    }),
  );
  return result;
}

/** Serves one job per message from the parent (see the protocol above). */
function serve(): void {
  let go: (() => void) | null = null;
  process.on('message', (message: LoadJob | 'go') => {
    if (message === 'go') {
      go?.();
      return;
    }
    void (async () => {
      const job = message;
      const connections = await Promise.all(job.users.map(() => KeepAliveConnection.open(job.origin)));
      // Warm: one request per connection before measuring, so no measurement includes them.
      const warmPath = job.kind === 'bare' ? '/bare' : '/healthz';
      await Promise.all(
        connections.map((connection, i) =>
          connection.request(
            job.kind === 'bare' ? 'POST' : 'GET',
            warmPath,
            job.users[i]!,
            job.kind === 'bare' ? {} : undefined,
          ),
        ),
      );
      await new Promise<void>((resolve) => {
        go = resolve;
        process.send!('warmed');
      });
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const measured = await run(job, connections);
      const result: LoadResult = {
        ...measured,
        seconds: (performance.now() - start) / 1000,
        clientCpuMicros: cpuMicrosSince(cpuStart),
      };
      for (const connection of connections) connection.close();
      process.send!(result);
    })().catch((error: Error) => {
      process.send!({ error: error.stack ?? error.message });
    });
  });
}

/** The flag the bench forks this file with; imported elsewhere (a test), the file serves nothing. */
export const SERVE_FLAG = '--serve-load-jobs';

if (process.send && process.argv.includes(SERVE_FLAG)) serve();
