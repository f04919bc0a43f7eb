import { percentile } from './bench-args.js';

/*
 * Projection lag from samples of the log's head and the projections' checkpoints (issue 22,
 * point 4), pure so that it is unit-tested. A sampler (lag-sampler.ts) reads, in one statement
 * and so one snapshot, the store's head and every projection's checkpoint, every few
 * milliseconds. An event at position p is committed no later than the first sample whose head
 * reaches p, and applied by every projection no later than the first sample whose lowest
 * checkpoint reaches p; the lag of a sampled head is the time between those two samples. Both
 * ends are seen up to one sampling interval late, so each lag is exact to within one interval.
 */

export interface LagSample {
  /** When the sample's reply arrived, in ms (performance.now()). */
  at: number;
  /** The store's head position. */
  head: number;
  /** The lowest checkpoint of every projection: every projection has applied up to here. */
  applied: number;
}

/** What the sampler reads: the head and each projection's checkpoint, by name. */
export interface CheckpointSample {
  at: number;
  head: number;
  checkpoints: Record<string, number>;
}

/**
 * The samples as lag samples: applied is the lowest checkpoint of every projection, or the
 * checkpoint of `projection` alone (0 in a sample without its row: it has applied nothing).
 */
export function lagSamples(sampled: readonly CheckpointSample[], projection?: string): LagSample[] {
  return sampled.map(({ at, head, checkpoints }) => {
    const positions = projection === undefined ? Object.values(checkpoints) : [checkpoints[projection] ?? 0];
    // Without any projection there is nothing to wait for.
    return { at, head, applied: positions.length ? Math.min(...positions) : head };
  });
}

export interface LagFigures {
  /** Samples taken. */
  samples: number;
  /** Heads seen for the first time after the first sample: one lag each. */
  heads: number;
  /** Of those, heads no later sample saw applied everywhere (their lag is a lower bound). */
  unresolved: number;
  p50: number;
  p99: number;
  max: number;
  /** Median time between samples, in ms: the measurement's resolution. */
  resolutionMs: number;
}

/**
 * One lag (ms) per head seen for the first time after the first sample, in head order. The first
 * sample is the baseline: what it shows was committed before the sampling began, so its commit
 * time is unknown. A head no later sample saw applied gets the time to the last sample, a lower
 * bound, and is counted in `unresolved`.
 */
export function projectionLags(samples: readonly LagSample[]): { lags: number[]; unresolved: number } {
  const lags: number[] = [];
  let unresolved = 0;
  let seenHead = samples[0]?.head ?? 0;
  let applier = 0;
  for (let index = 1; index < samples.length; index += 1) {
    const sample = samples[index]!;
    if (sample.head <= seenHead) continue;
    seenHead = sample.head;
    // Checkpoints only move forward, so the first sample applying this head is at or after the
    // one that applied the previous head: one pass over the samples in all.
    applier = Math.max(applier, index);
    while (applier < samples.length && samples[applier]!.applied < sample.head) applier += 1;
    if (applier === samples.length) {
      unresolved += 1;
      lags.push(samples[samples.length - 1]!.at - sample.at);
      applier = samples.length - 1;
      continue;
    }
    lags.push(samples[applier]!.at - sample.at);
  }
  return { lags, unresolved };
}

/** p50, p99 and max of the lags in `samples`, with the sampling resolution. */
export function summariseLag(samples: readonly LagSample[]): LagFigures {
  const { lags, unresolved } = projectionLags(samples);
  const sorted = [...lags].sort((a, b) => a - b);
  const gaps = samples
    .slice(1)
    .map((sample, index) => sample.at - samples[index]!.at)
    .sort((a, b) => a - b);
  return {
    samples: samples.length,
    heads: lags.length,
    unresolved,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    resolutionMs: percentile(gaps, 50),
  };
}
