/** The smoke runner's `k6/metrics`: custom metrics recorded with the run's tags. */
import { recorder, type MetricType } from './recorder.js';

/** A k6 metric class of `type`: `new Trend(name, isTime)`, `.add(value, tags)`. */
function metricClass(type: MetricType) {
  return class {
    constructor(
      readonly name: string,
      isTime = false,
    ) {
      recorder.define(name, type, isTime);
    }

    add(value: number | boolean, tags?: Record<string, string>): void {
      recorder.add(this.name, Number(value), tags);
    }
  };
}

export const Counter = metricClass('counter');
export const Gauge = metricClass('gauge');
export const Rate = metricClass('rate');
export const Trend = metricClass('trend');
