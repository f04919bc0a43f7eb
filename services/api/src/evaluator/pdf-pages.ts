import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * pdf.js counts a PDF's pages in a worker thread of its own, never in the API's realm. Its legacy
 * build (the one that runs on Node 20) bundles core-js polyfills that replace the realm's
 * JSON.stringify and JSON.parse with JavaScript versions: loaded in the API, every reply it
 * serialised paid 11x for the stringify, and every parse with a reviver 6x (a 25-KB event-log
 * page took 4 ms of the API's CPU, a fifth of it in the polyfills). The worker also keeps a
 * hostile file's cost off the event loop: it has a heap limit and a deadline, and a file that
 * crosses either is refused as unreadable.
 */

/** Longer than any real CV takes to open (a few milliseconds); a file that takes longer is refused. */
const PDF_CHECK_TIMEOUT_MS = 10_000;
/** The worker's old generation; pdf.js opening a real CV uses a few MB. */
const PDF_WORKER_HEAP_MB = 256;

/**
 * The worker's code, plain JavaScript run by `eval` (it loads pdf.js from the URL it is given,
 * so it needs no file of its own next to the bundle). A file pdf.js cannot open has 0 pages; a
 * failure to load pdf.js itself is reported as such, since that is the server's fault.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const pdfjs = import(workerData.pdfjsUrl);
// Handled here so a failed load is reported to the check that awaits it, not a crash on its own.
pdfjs.catch(() => undefined);
parentPort.on('message', async ({ id, bytes }) => {
  let getDocument;
  try {
    ({ getDocument } = await pdfjs);
  } catch (error) {
    parentPort.postMessage({ id, error: 'pdf.js did not load: ' + String(error) });
    return;
  }
  const task = getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, stopAtErrors: true, verbosity: 0 });
  let pages = 0;
  try {
    pages = (await task.promise).numPages;
  } catch {
    pages = 0;
  } finally {
    await task.destroy().catch(() => undefined);
  }
  parentPort.postMessage({ id, pages });
});
`;

type WorkerReply = { id: number; pages: number } | { id: number; error: string };

interface PendingCheck {
  bytes: Uint8Array;
  resolve(pages: number): void;
  reject(error: Error): void;
}

export interface PdfPageCounterOptions {
  /** The module the worker imports for `getDocument` (pdf.js's legacy build by default). */
  pdfjsUrl?: string;
  timeoutMs?: number;
}

function defaultPdfjsUrl(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
}

/**
 * One worker, started at the first check and unreferenced (it keeps no process alive), checking
 * one file at a time: a file that runs out the deadline or the heap ends the worker, and the next
 * check starts a new one.
 */
export class PdfPageCounter {
  private worker: Worker | undefined;
  private readonly queue: PendingCheck[] = [];
  private current: { id: number; check: PendingCheck; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;
  private readonly pdfjsUrl: string;
  private readonly timeoutMs: number;

  constructor(options: PdfPageCounterOptions = {}) {
    this.pdfjsUrl = options.pdfjsUrl ?? defaultPdfjsUrl();
    this.timeoutMs = options.timeoutMs ?? PDF_CHECK_TIMEOUT_MS;
  }

  /** The number of pages pdf.js finds in `bytes`; 0 when it cannot open them in time. */
  count(bytes: Uint8Array): Promise<number> {
    return new Promise((resolve, reject) => {
      // A copy: the worker is handed (and pdf.js detaches) the buffer it is sent.
      this.queue.push({ bytes: new Uint8Array(bytes), resolve, reject });
      this.startNext();
    });
  }

  /** Ends the worker; checks still waiting are refused as unreadable. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    // The queue first: settling the current check would otherwise start the next in a new worker.
    for (const check of this.queue.splice(0)) check.resolve(0);
    this.finishCurrent(0);
    await worker?.terminate();
  }

  private startNext(): void {
    if (this.current || this.queue.length === 0) return;
    const check = this.queue.shift()!;
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const timer = setTimeout(() => this.endWorker(worker), this.timeoutMs);
    this.current = { id, check, timer };
    worker.ref();
    worker.postMessage({ id, bytes: check.bytes }, [check.bytes.buffer as ArrayBuffer]);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { pdfjsUrl: this.pdfjsUrl },
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
    });
    worker.on('message', (reply: WorkerReply) => {
      if (reply.id !== this.current?.id) return;
      if ('error' in reply) this.failCurrent(new Error(reply.error));
      else this.finishCurrent(reply.pages);
    });
    // A worker that dies (out of its heap, or ended at the deadline) refuses the file it held.
    worker.on('error', () => this.endWorker(worker));
    worker.on('exit', () => this.endWorker(worker));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private endWorker(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    this.finishCurrent(0);
  }

  private finishCurrent(pages: number): void {
    this.settleCurrent((check) => check.resolve(pages));
  }

  private failCurrent(error: Error): void {
    this.settleCurrent((check) => check.reject(error));
  }

  private settleCurrent(settle: (check: PendingCheck) => void): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    clearTimeout(current.timer);
    this.worker?.unref();
    settle(current.check);
    this.startNext();
  }
}

let shared: PdfPageCounter | undefined;

/** The process's counter, made at the first PDF checked. */
export function countPdfPages(bytes: Uint8Array): Promise<number> {
  shared ??= new PdfPageCounter();
  return shared.count(bytes);
}
