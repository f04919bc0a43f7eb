/**
 * The smoke runner: runs a k6 script once under Node to prove it against a live API (the k6
 * binary is not installable here). It is NOT a load generator: one VU per scenario, one
 * iteration each, requests one at a time; load figures come from `npm run bench` (or real k6).
 *
 * Order as in k6: the init code (importing the script, with __ENV set), setup() once, each
 * scenario's exec function with a JSON copy of setup's data, teardown(), then handleSummary()
 * with k6-shaped summary data; the files it returns are written (relative paths from the
 * working directory). The `k6`, `k6/http`, `k6/metrics` and `k6/execution` imports of the
 * scripts resolve to this folder's modules (loadtests/vitest.config.ts aliases them). The caller
 * resets the module registry before each run (vi.resetModules), so the script's init code runs
 * again with this run's __ENV, as k6 runs it afresh in each VU.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { recorder, samplesOf, summaryData } from './recorder.js';
import { closeSyncFetch } from './sync-http.js';

/** k6's default trend statistics, for scripts that name none. */
const K6_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)'];

interface ScriptModule {
  options?: {
    scenarios?: Record<string, { exec?: string }>;
    thresholds?: Record<string, Array<string | { threshold: string }>>;
    summaryTrendStats?: string[];
  };
  setup?: () => unknown;
  teardown?: (data: unknown) => void;
  handleSummary?: (data: unknown) => Record<string, string>;
  [exported: string]: unknown;
}

export interface SmokeRun {
  /** The handleSummary argument. */
  summary: {
    metrics: Record<string, { values: Record<string, number>; thresholds?: Record<string, { ok: boolean }> }>;
  };
  /** What handleSummary returned (stdout and files), by target. */
  outputs: Record<string, string>;
  checks: Array<{ path: string; name: string; passes: number; fails: number }>;
  /** Each threshold's metric key with the number of samples it selected. */
  thresholdSamples: Record<string, number>;
  /** Errors that ended an iteration (k6 logs these and goes on; the smoke test fails on them). */
  iterationErrors: string[];
}

declare global {
  var __ENV: Record<string, string>;
  var __VU: number;
  var __ITER: number;
}

export async function runScript(scriptPath: string, env: Record<string, string>): Promise<SmokeRun> {
  recorder.reset();
  globalThis.__ENV = { ...env };
  globalThis.__VU = 0;
  globalThis.__ITER = 0;
  try {
    const script = (await import(/* @vite-ignore */ scriptPath)) as ScriptModule;
    const options = script.options ?? {};
    const data: unknown = JSON.parse(JSON.stringify(script.setup?.() ?? null));
    const iterationErrors: string[] = [];
    const scenarios = Object.entries(options.scenarios ?? { default: {} });
    scenarios.forEach(([name, scenario], index) => {
      recorder.context = { vu: index + 1, iteration: 0, scenario: name };
      globalThis.__VU = index + 1;
      const exec = script[scenario.exec ?? 'default'];
      if (typeof exec !== 'function')
        throw new Error(`scenario ${name}: the script exports no ${scenario.exec}`);
      const started = performance.now();
      try {
        exec(data);
      } catch (error) {
        iterationErrors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      recorder.add('iterations', 1);
      recorder.add('iteration_duration', performance.now() - started);
    });
    recorder.context = { vu: 0, iteration: 0, scenario: '' };
    script.teardown?.(data);
    const thresholds = options.thresholds ?? {};
    const summary = summaryData(thresholds, options.summaryTrendStats ?? K6_TREND_STATS);
    const outputs = script.handleSummary?.(summary) ?? {};
    for (const [target, content] of Object.entries(outputs)) {
      if (target === 'stdout' || target === 'stderr') continue;
      await mkdir(path.dirname(path.resolve(target)), { recursive: true });
      await writeFile(target, content);
    }
    return {
      summary: summary as SmokeRun['summary'],
      outputs,
      checks: recorder.allChecks(),
      thresholdSamples: Object.fromEntries(
        Object.keys(thresholds).map((key) => [key, samplesOf(key).values.length]),
      ),
      iterationErrors,
    };
  } finally {
    await closeSyncFetch();
  }
}
