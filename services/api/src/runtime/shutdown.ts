/**
 * Stopping on SIGTERM or SIGINT the way a supervisor (systemd, Docker, Kubernetes, haproxy's
 * rolling restart) expects: the first signal starts the drain (the HTTP server stops accepting and
 * finishes the requests in flight, then the processes, projectors, bus, writer and database stop
 * in that order, see `startRuntime`) and the process exits 0 once it is done. A drain that takes
 * longer than the bound exits 1, so a stuck request or consumer cannot keep a replica half alive;
 * the supervisor then sees a failed stop instead of waiting for its own kill timer.
 */

export type StopSignal = 'SIGTERM' | 'SIGINT';

export interface ShutdownLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ShutdownOptions {
  /** Stops everything; resolves once the last part has stopped. */
  drain(): Promise<void>;
  /** How long the drain may take before the process exits 1 anyway. */
  timeoutMs: number;
  log: ShutdownLog;
  /** `process.exit` in production; tests pass their own. */
  exit(code: number): void;
}

/**
 * The stop sequence for one signal. The returned function is idempotent: a second signal during
 * the drain changes nothing (the bound already runs), so pressing Ctrl-C twice does not cut a
 * drain short.
 */
export function createShutdown(options: ShutdownOptions): (signal: StopSignal) => void {
  let stopping = false;
  return (signal) => {
    if (stopping) return;
    stopping = true;
    const startedAt = Date.now();
    options.log.info({ signal, timeout_ms: options.timeoutMs }, 'shutting down: draining');
    const bound = setTimeout(() => {
      options.log.error(
        { signal, timeout_ms: options.timeoutMs },
        'shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting with code 1',
      );
      options.exit(1);
    }, options.timeoutMs);
    options.drain().then(
      () => {
        clearTimeout(bound);
        options.log.info({ signal, took_ms: Date.now() - startedAt }, 'shut down');
        options.exit(0);
      },
      (error: unknown) => {
        clearTimeout(bound);
        options.log.error({ signal, err: error }, 'shutdown failed; exiting with code 1');
        options.exit(1);
      },
    );
  };
}

/** Installs `createShutdown` on SIGTERM and SIGINT of this process. */
export function exitOnStopSignals(options: ShutdownOptions): void {
  const shutdown = createShutdown(options);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
}
