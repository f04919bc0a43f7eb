import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createShutdown } from '../src/runtime/shutdown.js';

function recorder() {
  const lines: string[] = [];
  const exits: number[] = [];
  return {
    lines,
    exits,
    log: {
      info: (_fields: object, message: string) => lines.push(message),
      error: (_fields: object, message: string) => lines.push(message),
    },
    exit: (code: number) => exits.push(code),
  };
}

describe('createShutdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drains once and exits 0 when the drain ends within the bound', async () => {
    const seen = recorder();
    let finish = () => {};
    const drain = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const shutdown = createShutdown({ drain, timeoutMs: 1_000, ...seen });

    shutdown('SIGTERM');
    shutdown('SIGINT');
    await vi.advanceTimersByTimeAsync(900);
    expect(seen.exits).toEqual([]);
    finish();
    await vi.advanceTimersByTimeAsync(0);

    expect(drain).toHaveBeenCalledTimes(1);
    expect(seen.exits).toEqual([0]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen.exits).toEqual([0]);
  });

  it('exits 1 when the drain outlasts the bound', async () => {
    const seen = recorder();
    const shutdown = createShutdown({ drain: () => new Promise<void>(() => {}), timeoutMs: 1_000, ...seen });

    shutdown('SIGTERM');
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(seen.exits).toEqual([1]);
    expect(seen.lines).toContain('shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting with code 1');
  });

  it('exits 1 when the drain fails', async () => {
    const seen = recorder();
    const shutdown = createShutdown({
      drain: () => Promise.reject(new Error('database gone')),
      timeoutMs: 1_000,
      ...seen,
    });

    shutdown('SIGTERM');
    await vi.advanceTimersByTimeAsync(0);

    expect(seen.exits).toEqual([1]);
  });
});
