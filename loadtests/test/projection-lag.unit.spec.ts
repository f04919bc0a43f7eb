import { describe, expect, it } from 'vitest';
import {
  lagSamples,
  projectionLags,
  summariseLag,
  type CheckpointSample,
  type LagSample,
} from '../src/read-bench/projection-lag.js';

const sample = (at: number, head: number, applied: number): LagSample => ({ at, head, applied });

describe('projection lag from head and checkpoint samples', () => {
  it('gives each new head the time until every projection reached it', () => {
    const samples = [
      sample(0, 100, 100), // the baseline: committed before sampling, no lag of its own
      sample(10, 103, 100), // head 103 first seen
      sample(20, 105, 103), // 103 applied (10 ms); 105 first seen
      sample(30, 105, 104),
      sample(40, 105, 105), // 105 applied (20 ms)
      sample(50, 105, 105), // nothing new
      sample(60, 106, 106), // 106 seen and applied in one sample: 0 ms
    ];
    expect(projectionLags(samples)).toEqual({ lags: [10, 20, 0], unresolved: 0 });
  });

  it('counts the baseline head as no lag even when it is not applied yet', () => {
    const samples = [sample(0, 50, 40), sample(15, 50, 45), sample(30, 50, 50)];
    expect(projectionLags(samples)).toEqual({ lags: [], unresolved: 0 });
  });

  it('gives a head never applied the time to the last sample and counts it unresolved', () => {
    const samples = [sample(0, 10, 10), sample(10, 12, 10), sample(20, 14, 12), sample(30, 14, 13)];
    // 12 applied at 20 (10 ms); 14 seen at 20 and still not applied at 30: at least 10 ms.
    expect(projectionLags(samples)).toEqual({ lags: [10, 10], unresolved: 1 });
  });

  it('takes the nearest-rank p50, p99 and max over 100 heads, and the median sample gap', () => {
    // Heads 1..100 seen at t = 10 i ms; head h may be applied k(h) samples after it is seen: k is
    // 1, except 3 for head 50 and 5 for head 100 (so 5 more samples follow the last head).
    const later = (head: number) => (head === 100 ? 5 : head === 50 ? 3 : 1);
    const samples: LagSample[] = [sample(0, 0, 0)];
    for (let t = 1; t <= 105; t += 1) {
      const head = Math.min(t, 100);
      // Checkpoints move in order: a head is applied only once every head before it is.
      let applied = 0;
      while (applied < head && t >= applied + 1 + later(applied + 1)) applied += 1;
      samples.push(sample(t * 10, head, applied));
    }
    // Head 50 waits 30 ms and holds 51 back until then (20 ms); head 100 waits 50 ms; the other
    // 97 heads wait 10 ms. Nearest rank over 100 lags: p50 the 50th (10), p99 the 99th (30).
    expect(projectionLags(samples).lags.slice(48, 52)).toEqual([10, 30, 20, 10]);
    expect(summariseLag(samples)).toEqual({
      samples: 106,
      heads: 100,
      unresolved: 0,
      p50: 10,
      p99: 30,
      max: 50,
      resolutionMs: 10,
    });
  });

  it('has no figures without new heads', () => {
    const figures = summariseLag([sample(0, 5, 5)]);
    expect(figures.heads).toBe(0);
    expect(figures.p99).toBeNaN();
    expect(figures.max).toBeNaN();
  });

  it('reads every projection (the lowest checkpoint) or one of them from the sampled rows', () => {
    const sampled: CheckpointSample[] = [
      { at: 0, head: 10, checkpoints: { domain: 10, wallet: 10 } },
      { at: 10, head: 12, checkpoints: { domain: 10, wallet: 12 } },
      { at: 20, head: 12, checkpoints: { domain: 12, wallet: 12 } },
      { at: 30, head: 13, checkpoints: { wallet: 13 } },
    ];
    expect(lagSamples(sampled).map((one) => one.applied)).toEqual([10, 10, 12, 13]);
    expect(lagSamples(sampled, 'wallet').map((one) => one.applied)).toEqual([10, 12, 12, 13]);
    // A projection without its row has applied nothing.
    expect(lagSamples(sampled, 'domain').map((one) => one.applied)).toEqual([10, 10, 12, 0]);
    // The head 12 waited 10 ms for the domain projection, 0 for the wallet's.
    expect(projectionLags(lagSamples(sampled, 'domain')).lags[0]).toBe(10);
    expect(projectionLags(lagSamples(sampled, 'wallet')).lags[0]).toBe(0);
  });
});
