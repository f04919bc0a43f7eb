/**
 * Synchronous HTTP for the smoke runner, because k6 scripts call `http.request` synchronously:
 * a worker thread does the fetch while this thread sleeps in Atomics.wait, then the reply is
 * taken off a MessagePort with receiveMessageOnPort. One request at a time, as one k6 VU makes them.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

export interface SyncRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
}

export interface SyncReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from sending the request to the last byte of the reply. */
  durationMs: number;
  /** Why there is no reply (refused, timed out); status is 0 then, as in k6. */
  error?: string;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { signal, port } = workerData;
parentPort.on('message', async (request) => {
  const started = performance.now();
  let reply;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? undefined,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const body = await response.text();
    reply = { status: response.status, headers: Object.fromEntries(response.headers), body, durationMs: performance.now() - started };
  } catch (error) {
    reply = { status: 0, headers: {}, body: '', durationMs: performance.now() - started, error: String(error && error.cause || error) };
  }
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

let channel: { worker: Worker; signal: Int32Array; port: MessagePort } | undefined;

export function syncFetch(request: SyncRequest): SyncReply {
  if (!channel) {
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { signal, port: port2 },
      transferList: [port2],
    });
    worker.unref();
    channel = { worker, signal, port: port1 };
  }
  Atomics.store(channel.signal, 0, 0);
  channel.worker.postMessage(request);
  // A little longer than the request's own timeout, which answers with status 0 first.
  if (Atomics.wait(channel.signal, 0, 0, request.timeoutMs + 5_000) === 'timed-out') {
    throw new Error(`no reply from the HTTP worker for ${request.method} ${request.url}`);
  }
  const received = receiveMessageOnPort(channel.port);
  if (!received) throw new Error('the HTTP worker signalled without a reply');
  return received.message as SyncReply;
}

/** Ends the worker (after a run). */
export async function closeSyncFetch(): Promise<void> {
  const open = channel;
  channel = undefined;
  if (open) {
    open.port.close();
    await open.worker.terminate();
  }
}
