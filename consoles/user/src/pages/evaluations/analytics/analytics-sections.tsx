import { Link } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartDataTable } from '../../../ui/ChartDataTable';
import type { TBudget, TQualityMetrics } from '../types';

/* The analytics page's two panels: the quality metrics and the cost and budget status. */

export interface BudgetAlert {
  level: 'success' | 'warning' | 'alert' | 'exhausted';
  title: string;
  message?: string;
}

/** Spec 001 section 4 "Budget alert levels". */
export function budgetAlert(rate: number): BudgetAlert | undefined {
  if (rate >= 100)
    return {
      level: 'exhausted',
      title: 'Budget Exhausted',
      message: 'Budget exhausted. Consider purchasing additional credits to continue evaluations.',
    };
  if (rate >= 80)
    return {
      level: 'alert',
      title: 'Budget Alert: 80% Threshold Reached',
      message: 'Budget running low. Buy 500 credits now and save 15% with bulk discount.',
    };
  if (rate >= 50)
    return {
      level: 'warning',
      title: 'Budget Warning: 50% Threshold Reached',
      message: "You're halfway through your budget. Consider adding credits to avoid interruptions.",
    };
  if (rate > 0) return { level: 'success', title: 'Budget On Track' };
  return undefined;
}
export const barColour = (rate: number) => (rate >= 80 ? 'red' : rate >= 50 ? 'yellow' : 'green');

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
export const num = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const COLOURS = { community: '#4f46e5', expert: '#0d9488', bar: '#6366f1' };

function ChartTable({ caption, rows }: { caption: string; rows: [string, string][] }) {
  return (
    <ChartDataTable
      caption={caption}
      headers={['Label', 'Value']}
      rows={rows.map(([label, value]) => ({ key: label, cells: [label, value] }))}
      rowHeader
    />
  );
}

/** The quality metrics with their chart (spec 001 section 3). */
export function QualityMetricsSection({ metrics }: { metrics: TQualityMetrics }) {
  const qualityRows: [string, number][] = [
    ['Freshness', metrics.freshness * 100],
    ['Completeness', metrics.vote_completeness * 100],
    ['Confidence', metrics.population_confidence * 100],
    ['Majority good', metrics.majority_percentage],
  ];
  return (
    <section className="panel" aria-labelledby="quality-title">
      <h2 id="quality-title">Quality Metrics</h2>
      <div className="stat-grid">
        <div className="stat">
          <span className="muted">Time-Weighted Score</span>
          <strong data-testid="tws">
            {metrics.time_weighted_score == null ? '—' : metrics.time_weighted_score.toFixed(3)}
          </strong>
        </div>
        <div className="stat">
          <span className="muted">Vote Freshness</span>
          <strong>{pct(metrics.freshness)}</strong>
        </div>
        <div className="stat">
          <span className="muted">Vote Completeness</span>
          <strong>{pct(metrics.vote_completeness)}</strong>
        </div>
        <div className="stat">
          <span className="muted">Population Confidence</span>
          <strong>{pct(metrics.population_confidence)}</strong>
        </div>
        <div className="stat">
          <span className="muted">Majority Good Votes</span>
          <strong>
            {metrics.majority_good_votes} ({metrics.majority_percentage.toFixed(1)}% of traces)
          </strong>
        </div>
        <div className="stat">
          <span className="muted">Agreement (Krippendorff&apos;s α)</span>
          <strong data-testid="alpha">
            {metrics.krippendorff_alpha == null ? '—' : metrics.krippendorff_alpha.toFixed(3)}
          </strong>
          <span className="muted">
            {metrics.krippendorff_alpha == null
              ? 'Needs items with two or more votes that are not all the same.'
              : '1 = evaluators always agree, 0 = no better than chance.'}
          </span>
        </div>
        <div className="stat">
          <span className="muted">Vote Distribution</span>
          <strong>{metrics.average_votes_per_trace.toFixed(2)} votes per trace</strong>
        </div>
      </div>
      <figure className="chart" aria-labelledby="quality-chart-title">
        <figcaption id="quality-chart-title">Quality at a glance (%)</figcaption>
        <div aria-hidden="true" className="chart-box">
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={qualityRows.map(([name, value]) => ({ name, value: Number(value.toFixed(1)) }))}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis domain={[0, 100]} />
              <Tooltip />
              <Bar dataKey="value" fill={COLOURS.bar} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <ChartTable
          caption="Quality at a glance (%)"
          rows={qualityRows.map(([name, value]) => [name, `${value.toFixed(1)}%`])}
        />
      </figure>
    </section>
  );
}

/** Cost breakdown and budget status, with the evaluations by tier. */
export function BudgetSection({ budget }: { budget: TBudget }) {
  const rate = budget.budget_utilization_rate;
  const alert = budgetAlert(rate);
  const tierRows = [
    { name: 'Community', value: budget.community_evaluations_count, fill: COLOURS.community },
    { name: 'Expert', value: budget.expert_evaluations_count, fill: COLOURS.expert },
  ];
  return (
    <section className="panel" aria-labelledby="budget-title">
      <h2 id="budget-title">Cost Breakdown &amp; Budget Status</h2>
      {alert && (
        <div
          className={`banner ${alert.level === 'success' ? 'banner-green' : alert.level === 'warning' ? 'banner-yellow' : 'banner-red'}`}
          role={alert.level === 'success' ? 'status' : 'alert'}
        >
          <strong>{alert.title}</strong>
          {alert.message && <p>{alert.message}</p>}
          {alert.level !== 'success' && <Link to="/wallet/purchase">Buy credits</Link>}
        </div>
      )}
      <div
        className="util-bar"
        role="progressbar"
        aria-label="Budget utilization"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, Math.round(rate))}
      >
        <span className={`util-fill util-${barColour(rate)}`} style={{ width: `${Math.min(100, rate)}%` }} />
      </div>
      <dl className="facts">
        <div>
          <dt>Utilization</dt>
          <dd>{budget.total_budget_allocated == null ? 'No Limit' : `${rate.toFixed(1)}%`}</dd>
        </div>
        <div>
          <dt>Remaining credits</dt>
          <dd>{budget.budget_remaining == null ? 'No Limit' : num(budget.budget_remaining)}</dd>
        </div>
        <div>
          <dt>Average cost per evaluation</dt>
          <dd>{num(budget.average_cost_per_evaluation)} credits</dd>
        </div>
        <div>
          <dt>Community evaluations</dt>
          <dd>{budget.community_evaluations_count}</dd>
        </div>
        <div>
          <dt>Expert evaluations</dt>
          <dd>{budget.expert_evaluations_count}</dd>
        </div>
      </dl>
      <figure className="chart" aria-labelledby="tier-chart-title">
        <figcaption id="tier-chart-title">Evaluations by evaluator tier</figcaption>
        <div aria-hidden="true" className="chart-box">
          {tierRows.some((row) => row.value > 0) ? (
            <ResponsiveContainer width="100%" height={220}>
              <PieChart>
                <Pie
                  data={tierRows.filter((row) => row.value > 0)}
                  dataKey="value"
                  nameKey="name"
                  outerRadius={80}
                  isAnimationActive={false}
                >
                  {tierRows
                    .filter((row) => row.value > 0)
                    .map((row) => (
                      <Cell key={row.name} fill={row.fill} />
                    ))}
                </Pie>
                <Tooltip />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          ) : (
            <p className="empty">No evaluations yet.</p>
          )}
        </div>
        <ChartTable
          caption="Evaluations by evaluator tier"
          rows={tierRows.map((row) => [row.name, String(row.value)])}
        />
      </figure>
    </section>
  );
}
