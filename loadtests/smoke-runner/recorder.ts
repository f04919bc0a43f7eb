/**
 * The smoke runner's memory of one run: metric samples with their tags, the group the code is
 * in, the checks per group; and from them k6's threshold verdicts and summary data (the shape
 * handleSummary receives). Only what the scripts use; not a load generator.
 */
export type MetricType = 'counter' | 'gauge' | 'rate' | 'trend';
type Contains = 'default' | 'time';
type Tags = Record<string, string>;

interface MetricStore {
  type: MetricType;
  contains: Contains;
  samples: Array<{ value: number; tags: Tags }>;
}

interface GroupNode {
  name: string;
  path: string;
  groups: Map<string, GroupNode>;
  checks: Map<string, { passes: number; fails: number }>;
}

const newGroup = (name: string, path: string): GroupNode => ({
  name,
  path,
  groups: new Map(),
  checks: new Map(),
});

/** k6's own metrics the scripts' thresholds and the summary read. */
const BUILTIN: Record<string, [MetricType, Contains]> = {
  http_reqs: ['counter', 'default'],
  http_req_duration: ['trend', 'time'],
  http_req_failed: ['rate', 'default'],
  checks: ['rate', 'default'],
  group_duration: ['trend', 'time'],
  iterations: ['counter', 'default'],
  iteration_duration: ['trend', 'time'],
  dropped_iterations: ['counter', 'default'],
};

export interface Context {
  vu: number;
  iteration: number;
  scenario: string;
}

class Recorder {
  metrics = new Map<string, MetricStore>();
  root = newGroup('', '');
  current = this.root;
  context: Context = { vu: 0, iteration: 0, scenario: '' };
  startedAt = Date.now();

  reset(): void {
    this.metrics = new Map();
    this.root = newGroup('', '');
    this.current = this.root;
    this.context = { vu: 0, iteration: 0, scenario: '' };
    this.startedAt = Date.now();
    for (const [name, [type, contains]] of Object.entries(BUILTIN))
      this.define(name, type, contains === 'time');
  }

  define(name: string, type: MetricType, isTime = false): void {
    const known = this.metrics.get(name);
    if (known && known.type !== type) throw new Error(`metric ${name} is a ${known.type}, not a ${type}`);
    if (!known) this.metrics.set(name, { type, contains: isTime ? 'time' : 'default', samples: [] });
  }

  /** A sample with the run's tags (group, scenario) under `tags`, as k6 tags its samples. */
  add(name: string, value: number, tags: Tags = {}): void {
    const metric = this.metrics.get(name);
    if (!metric) throw new Error(`metric ${name} was never defined`);
    const base: Tags = { group: this.current.path };
    if (this.context.scenario) base.scenario = this.context.scenario;
    metric.samples.push({ value, tags: { ...base, ...tags } });
  }

  check(name: string, passed: boolean, tags: Tags = {}): void {
    const counts = this.current.checks.get(name) ?? { passes: 0, fails: 0 };
    if (passed) counts.passes += 1;
    else counts.fails += 1;
    this.current.checks.set(name, counts);
    this.add('checks', passed ? 1 : 0, { check: name, ...tags });
  }

  group<T>(name: string, body: () => T): T {
    const parent = this.current;
    const path = `${parent.path}::${name}`;
    let node = parent.groups.get(name);
    if (!node) parent.groups.set(name, (node = newGroup(name, path)));
    this.current = node;
    const started = performance.now();
    try {
      return body();
    } finally {
      this.current = parent;
      // k6 tags a group's duration with the group itself.
      this.metrics.get('group_duration')!.samples.push({
        value: performance.now() - started,
        tags: { group: path, scenario: this.context.scenario },
      });
    }
  }

  /** Every check of every group, flattened. */
  allChecks(): Array<{ path: string; name: string; passes: number; fails: number }> {
    const out: Array<{ path: string; name: string; passes: number; fails: number }> = [];
    const walk = (node: GroupNode) => {
      for (const [name, counts] of node.checks) out.push({ path: node.path, name, ...counts });
      for (const child of node.groups.values()) walk(child);
    };
    walk(this.root);
    return out;
  }
}

declare global {
  var __k6SmokeRecorder: Recorder | undefined;
}

/**
 * One recorder per process, kept on globalThis: the test re-imports the scripts and these
 * modules for each run (vi.resetModules), and the shims of every import must record into the
 * same one the runner reads.
 */
export const recorder = (globalThis.__k6SmokeRecorder ??= new Recorder());

/** `http_req_duration{endpoint:claim,group:::x}` -> the metric name and the tags it selects. */
export function parseMetricKey(key: string): { name: string; selector: Tags } {
  const match = /^([^{]+)(?:\{(.*)\})?$/.exec(key);
  if (!match) throw new Error(`bad metric key ${key}`);
  const selector: Tags = {};
  for (const part of (match[2] ?? '').split(',').filter(Boolean)) {
    const colon = part.indexOf(':');
    selector[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
  }
  return { name: match[1]!.trim(), selector };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** One statistic of a metric's samples: avg, min, med, max, count, rate, value or p(N). */
function statistic(metric: MetricStore, values: number[], stat: string, seconds: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const percentileMatch = /^p\((\d+(?:\.\d+)?)\)$/.exec(stat);
  if (percentileMatch) return percentile(sorted, Number(percentileMatch[1]));
  switch (stat) {
    case 'count':
      return metric.type === 'counter' ? values.reduce((sum, v) => sum + v, 0) : values.length;
    case 'rate':
      if (metric.type === 'counter') return values.reduce((sum, v) => sum + v, 0) / seconds;
      return values.length === 0 ? 0 : values.filter((v) => v !== 0).length / values.length;
    case 'avg':
      return values.length === 0 ? NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
    case 'min':
      return sorted[0] ?? NaN;
    case 'max':
      return sorted[sorted.length - 1] ?? NaN;
    case 'med':
      return percentile(sorted, 50);
    case 'value':
      return values[values.length - 1] ?? NaN;
    case 'passes':
      return values.filter((v) => v !== 0).length;
    case 'fails':
      return values.filter((v) => v === 0).length;
    default:
      throw new Error(`unknown statistic ${stat}`);
  }
}

const OPERATORS: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** The samples of `key` (a metric with an optional tag selector). */
export function samplesOf(key: string): { metric: MetricStore; values: number[] } {
  const { name, selector } = parseMetricKey(key);
  const metric = recorder.metrics.get(name);
  if (!metric) throw new Error(`threshold on ${key}: no metric ${name} is defined`);
  const values = metric.samples
    .filter((sample) => Object.entries(selector).every(([tag, value]) => sample.tags[tag] === value))
    .map((sample) => sample.value);
  return { metric, values };
}

function verdict(metric: MetricStore, values: number[], expression: string, seconds: number): boolean {
  const match = /^\s*([a-z]+(?:\(\d+(?:\.\d+)?\))?)\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(
    expression,
  );
  if (!match) throw new Error(`threshold expression the smoke runner cannot read: ${expression}`);
  return OPERATORS[match[2]!]!(statistic(metric, values, match[1]!, seconds), Number(match[3]));
}

type ThresholdSpec = Record<string, Array<string | { threshold: string }>>;

/** k6's summary data (the handleSummary argument) for the run so far. */
export function summaryData(thresholds: ThresholdSpec, trendStats: string[]): Record<string, unknown> {
  const durationMs = Date.now() - recorder.startedAt;
  const seconds = Math.max(durationMs / 1000, 0.001);
  const keys = new Set<string>([
    ...[...recorder.metrics].filter(([, metric]) => metric.samples.length > 0).map(([name]) => name),
    ...Object.keys(thresholds),
  ]);
  const metrics: Record<string, unknown> = {};
  for (const key of keys) {
    const { metric, values } = samplesOf(key);
    const stats = {
      counter: ['count', 'rate'],
      rate: ['rate', 'passes', 'fails'],
      gauge: ['value', 'min', 'max'],
      trend: trendStats,
    }[metric.type];
    const entry: Record<string, unknown> = {
      type: metric.type,
      contains: metric.contains,
      values: Object.fromEntries(stats.map((stat) => [stat, statistic(metric, values, stat, seconds)])),
    };
    const expressions = thresholds[key];
    if (expressions) {
      entry.thresholds = Object.fromEntries(
        expressions.map((item) => {
          const expression = typeof item === 'string' ? item : item.threshold;
          return [expression, { ok: verdict(metric, values, expression, seconds) }];
        }),
      );
    }
    metrics[key] = entry;
  }
  const group = (node: GroupNode): Record<string, unknown> => ({
    name: node.name,
    path: node.path,
    id: node.path,
    groups: [...node.groups.values()].map(group),
    checks: [...node.checks].map(([name, counts]) => ({
      name,
      path: `${node.path}::${name}`,
      id: name,
      ...counts,
    })),
  });
  return {
    metrics,
    root_group: group(recorder.root),
    options: { summaryTrendStats: trendStats, summaryTimeUnit: '' },
    state: { isStdOutTTY: false, isStdErrTTY: false, testRunDurationMs: durationMs },
  };
}
