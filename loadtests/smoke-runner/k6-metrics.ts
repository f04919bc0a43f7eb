/** The smoke runner's `k6/metrics`: custom metrics recorded with the run's tags. */
import { recorder, type MetricType } from './recorder.js';

class Metric {
  constructor(
    readonly name: string,
    type: MetricType,
    isTime = false,
  ) {
    recorder.define(name, type, isTime);
  }

  add(value: number | boolean, tags?: Record<string, string>): void {
    recorder.add(this.name, Number(value), tags);
  }
}

export class Counter extends Metric {
  constructor(name: string) {
    super(name, 'counter');
  }
}

export class Gauge extends Metric {
  constructor(name: string, isTime = false) {
    super(name, 'gauge', isTime);
  }
}

export class Rate extends Metric {
  constructor(name: string) {
    super(name, 'rate');
  }
}

export class Trend extends Metric {
  constructor(name: string, isTime = false) {
    super(name, 'trend', isTime);
  }
}
