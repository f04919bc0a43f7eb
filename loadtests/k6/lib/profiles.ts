/**
 * Load shapes, chosen by LOAD_PROFILE. Every script describes its work as scenarios with a peak
 * arrival rate (iterations per second); the profile turns each into a k6 scenario:
 *
 * - smoke: one VU, one iteration per scenario (proves the script against a live API);
 * - load:  ramping arrival rate, 0 -> peak over RAMP (2m), peak for HOLD (3m), down over 30s;
 * - spike: BASE_SHARE (10%) of peak for 1m, up to SPIKE_FACTOR (1.5) x peak in 10s, held
 *          SPIKE_HOLD (1m), back down in 10s, then 1m at the base rate (does it recover?);
 * - soak:  constant arrival rate at SOAK_SHARE (0.5) of peak for SOAK_DURATION (1h).
 *
 * Arrival-rate executors start iterations on a clock whatever the latency (an open model, as
 * real users arrive), so a server that falls behind shows as dropped_iterations, not as a
 * politely lower rate.
 */
import type { Scenario } from 'k6/options';
import { PROFILE, envNumber, envSeconds } from './env.ts';

export interface Work {
  /** The exported function the scenario runs. */
  exec: string;
  /** Iterations per second at the peak (LOAD_PROFILE=load). */
  peakRate: number;
  /** VUs k6 starts with; raise for slow iterations (rate x iteration seconds). */
  vus: number;
  /** The most VUs k6 may add when iterations take longer than planned. */
  maxVUs: number;
}

interface Stage {
  seconds: number;
  target: number;
}

const seconds = (value: number) => `${Math.round(value)}s`;

function stages(peak: number): Stage[] {
  if (PROFILE === 'spike') {
    const base = Math.max(1, Math.round(peak * envNumber('BASE_SHARE', 0.1)));
    const top = Math.round(peak * envNumber('SPIKE_FACTOR', 1.5));
    const hold = envSeconds('SPIKE_HOLD', '1m');
    return [
      { seconds: 10, target: base },
      { seconds: 60, target: base },
      { seconds: 10, target: top },
      { seconds: hold, target: top },
      { seconds: 10, target: base },
      { seconds: 60, target: base },
    ];
  }
  return [
    { seconds: envSeconds('RAMP', '2m'), target: peak },
    { seconds: envSeconds('HOLD', '3m'), target: peak },
    { seconds: 30, target: 0 },
  ];
}

/** The k6 scenario for `work` under the chosen profile, starting `startSeconds` into the run. */
export function scenarioFor(work: Work, startSeconds = 0): Scenario {
  const common = { exec: work.exec, startTime: seconds(startSeconds), tags: { work: work.exec } };
  switch (PROFILE) {
    case 'smoke':
      return { ...common, executor: 'per-vu-iterations', vus: 1, iterations: 1, maxDuration: '2m' };
    case 'soak':
      return {
        ...common,
        executor: 'constant-arrival-rate',
        rate: Math.max(1, Math.round(work.peakRate * envNumber('SOAK_SHARE', 0.5))),
        timeUnit: '1s',
        duration: seconds(envSeconds('SOAK_DURATION', '1h')),
        preAllocatedVUs: work.vus,
        maxVUs: work.maxVUs,
      };
    case 'load':
    case 'spike':
      return {
        ...common,
        executor: 'ramping-arrival-rate',
        startRate: 0,
        timeUnit: '1s',
        stages: stages(work.peakRate).map((stage) => ({
          duration: seconds(stage.seconds),
          target: stage.target,
        })),
        preAllocatedVUs: work.vus,
        maxVUs: work.maxVUs,
      };
    default:
      throw new Error(`LOAD_PROFILE must be smoke, load, spike or soak, not "${PROFILE}"`);
  }
}

/** How long the profile runs one scenario, in seconds (to start the next one after it). */
export function scenarioSeconds(work: Work): number {
  if (PROFILE === 'smoke') return 0;
  if (PROFILE === 'soak') return envSeconds('SOAK_DURATION', '1h');
  return stages(work.peakRate).reduce((sum, stage) => sum + stage.seconds, 0);
}

/** How many iterations the profile plans for `work` (the area under its rate curve). */
export function plannedIterations(work: Work): number {
  if (PROFILE === 'smoke') return 1;
  if (PROFILE === 'soak')
    return (
      Math.max(1, Math.round(work.peakRate * envNumber('SOAK_SHARE', 0.5))) *
      envSeconds('SOAK_DURATION', '1h')
    );
  let rate = 0;
  let total = 0;
  for (const stage of stages(work.peakRate)) {
    total += ((rate + stage.target) / 2) * stage.seconds;
    rate = stage.target;
  }
  return Math.ceil(total);
}

/** The most VUs the scenarios may use together (k6 numbers VUs 1..this across scenarios). */
export function totalMaxVUs(works: Work[]): number {
  return PROFILE === 'smoke' ? works.length : works.reduce((sum, work) => sum + work.maxVUs, 0);
}
