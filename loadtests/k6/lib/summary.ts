/**
 * handleSummary for every script: the summary data as JSON and a short readable text (also on
 * stdout): each threshold with the value it was judged on, the checks, and the request groups'
 * latencies. Written to `{SUMMARY_DIR}/{script}-summary.json` and `.txt`.
 */
import { PROFILE, SUMMARY_DIR } from './env.ts';

/** The parts of k6's summary data this file reads (k6's handleSummary argument). */
export interface SummaryData {
  metrics: Record<
    string,
    {
      type: 'counter' | 'gauge' | 'rate' | 'trend';
      contains: 'default' | 'time' | 'data';
      values: Record<string, number>;
      thresholds?: Record<string, { ok: boolean }>;
    }
  >;
  root_group: SummaryGroup;
  state: { testRunDurationMs: number };
}

export interface SummaryGroup {
  name: string;
  path: string;
  groups: SummaryGroup[];
  checks: Array<{ name: string; path: string; passes: number; fails: number }>;
}

/** The trend statistics every script asks k6 to keep (p(99) is what the thresholds judge). */
export const TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)', 'count'];

function format(value: number | undefined, contains: string): string {
  if (value === undefined) return 'n/a';
  if (contains === 'time') return `${value.toFixed(2)} ms`;
  return Number.isInteger(value) ? String(value) : value.toFixed(4);
}

/** The statistic a threshold expression judges: p(99)<50 -> p(99); rate<0.01 -> rate. */
function judged(expression: string): string {
  return /^\s*([a-z]+(?:\(\d+(?:\.\d+)?\))?)/.exec(expression)?.[1] ?? expression;
}

function thresholdLines(data: SummaryData): { lines: string[]; failed: number; total: number } {
  const lines: string[] = [];
  let failed = 0;
  let total = 0;
  for (const name of Object.keys(data.metrics).sort()) {
    const metric = data.metrics[name]!;
    for (const [expression, verdict] of Object.entries(metric.thresholds ?? {})) {
      total += 1;
      if (!verdict.ok) failed += 1;
      const stat = judged(expression);
      // count and rate are plain numbers even on a time metric.
      const unit = stat === 'count' || stat === 'rate' ? 'default' : metric.contains;
      lines.push(
        `  ${verdict.ok ? 'ok  ' : 'FAIL'} ${name} ${expression} (${stat} = ${format(metric.values[stat], unit)})`,
      );
    }
  }
  return { lines, failed, total };
}

function checkLines(group: SummaryGroup, lines: string[]): void {
  for (const item of group.checks) {
    lines.push(
      `  ${item.fails === 0 ? 'ok  ' : 'FAIL'} ${group.path || '(root)'} :: ${item.name} (${item.passes} passed, ${item.fails} failed)`,
    );
  }
  for (const child of group.groups) checkLines(child, lines);
}

/** The readable summary. */
export function textSummary(script: string, data: SummaryData): string {
  const thresholds = thresholdLines(data);
  const checks: string[] = [];
  checkLines(data.root_group, checks);
  const latency = Object.keys(data.metrics)
    .filter((name) => name.startsWith('http_req_duration{'))
    .sort()
    .map((name) => {
      const values = data.metrics[name]!.values;
      return `  ${name}: count ${values.count ?? 'n/a'}, med ${format(values.med, 'time')}, p(99) ${format(values['p(99)'], 'time')}, max ${format(values.max, 'time')}`;
    });
  const requests = data.metrics.http_reqs?.values;
  return [
    `${script} (LOAD_PROFILE=${PROFILE}): ${thresholds.failed === 0 ? 'PASSED' : 'FAILED'}, ${thresholds.total - thresholds.failed} of ${thresholds.total} thresholds met, ${(data.state.testRunDurationMs / 1000).toFixed(1)} s`,
    `requests: ${requests?.count ?? 0} (${format(requests?.rate, 'default')}/s)`,
    'thresholds:',
    ...thresholds.lines,
    'checks:',
    ...checks,
    'request groups:',
    ...latency,
    '',
  ].join('\n');
}

/** handleSummary's reply: stdout and the two files. */
export function summaryOutputs(script: string, data: SummaryData): Record<string, string> {
  const text = textSummary(script, data);
  const prefix = SUMMARY_DIR ? `${SUMMARY_DIR}/` : '';
  return {
    stdout: text,
    [`${prefix}${script}-summary.json`]: JSON.stringify(data, null, 2),
    [`${prefix}${script}-summary.txt`]: text,
  };
}
