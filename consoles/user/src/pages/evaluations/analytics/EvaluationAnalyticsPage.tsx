import { MESSAGES } from '@evalmarket/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Bar,
  Legend,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ApiError } from '../../../api/client';
import { exportVotesCsv, getBudget, getQualityMetrics } from '../../../api/evaluations';
import { ItemsTable } from '../detail/ItemsTable';
import { BudgetAlertsPanel } from '../detail/BudgetAlertsPanel';
import type { TBudget, TQualityMetrics } from '../types';
import '../evaluations.css';
import './EvaluationAnalyticsPage.css';
import { ChartDataTable } from '../../../ui/ChartDataTable';

/** Spec 001 section 2.10: sliders wait 500 ms after the last move. */
export const SLIDER_DEBOUNCE_MS = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const num = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
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

export function EvaluationAnalyticsPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const [lambda, setLambda] = useState(0.01);
  const decay = useDebounced(lambda, SLIDER_DEBOUNCE_MS);
  const [metrics, setMetrics] = useState<TQualityMetrics>();
  const [budget, setBudget] = useState<TBudget>();
  const [metricsError, setMetricsError] = useState<string>();
  const [budgetError, setBudgetError] = useState<string>();
  // The server answered 403 (signed in, not the owner) or 404 (private and not theirs, or gone).
  const [refusal, setRefusal] = useState<403 | 404>();
  const [attempt, setAttempt] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const firstLoad = useRef(true);

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    setMetricsError(undefined);
    getQualityMetrics(id, decay, controller.signal)
      .then(setMetrics)
      .catch((error: ApiError) => {
        if (controller.signal.aborted) return;
        if (error.status === 403 || error.status === 404) setRefusal(error.status);
        setMetricsError(error.message);
      });
    return () => controller.abort();
  }, [id, valid, decay, attempt]);

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    setBudgetError(undefined);
    getBudget(id, controller.signal)
      .then(setBudget)
      .catch((error: ApiError) => {
        if (controller.signal.aborted) return;
        if (error.status === 403 || error.status === 404) setRefusal(error.status);
        setBudgetError(
          error.status === 401
            ? 'Budget data is only available to project owners. Please sign in.'
            : 'Failed to load budget data',
        );
      });
    firstLoad.current = false;
    return () => controller.abort();
  }, [id, valid, attempt]);

  async function exportVotes() {
    setExporting(true);
    setExportError(undefined);
    try {
      const csv = await exportVotesCsv(id);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `evaluation-${id}-votes.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      setExportError((error as ApiError).message);
    } finally {
      setExporting(false);
    }
  }

  const back = (
    <Link to={`/evaluations/${id}`} className="button">
      ← Back to Evaluation
    </Link>
  );
  if (!valid)
    return (
      <section className="page">
        {back}
        <p className="form-error" role="alert">
          Invalid project ID
        </p>
      </section>
    );
  if (refusal)
    return (
      <section className="page">
        {back}
        <div className="panel dashboard-failed" role="alert">
          {refusal === 403 ? (
            <>
              <h1>No access to these analytics</h1>
              <p>
                Only the evaluation&apos;s owner can see its analytics. You are signed in with another
                account.
              </p>
            </>
          ) : (
            <h1>{MESSAGES.evaluationNotFound}</h1>
          )}
        </div>
      </section>
    );
  if (metricsError && budgetError && !metrics && !budget)
    return (
      <section className="page">
        {back}
        <div className="panel dashboard-failed" role="alert">
          <h1>Failed to Load Dashboard</h1>
          <p>Unable to load analytics data. Please check your connection and try again.</p>
          <button type="button" className="button button-primary" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </div>
      </section>
    );
  if (!metrics && !budget && !metricsError && !budgetError) return <p className="page-loading">Loading...</p>;

  const rate = budget?.budget_utilization_rate ?? 0;
  const alert = budget ? budgetAlert(rate) : undefined;
  const totalEvaluations = metrics?.total_evaluations ?? 0;
  const qualityRows: [string, number][] = metrics
    ? [
        ['Freshness', metrics.freshness * 100],
        ['Completeness', metrics.vote_completeness * 100],
        ['Confidence', metrics.population_confidence * 100],
        ['Majority good', metrics.majority_percentage],
      ]
    : [];
  const tierRows = budget
    ? [
        { name: 'Community', value: budget.community_evaluations_count, fill: COLOURS.community },
        { name: 'Expert', value: budget.expert_evaluations_count, fill: COLOURS.expert },
      ]
    : [];

  return (
    <section className="page analytics">
      <div className="page-head">
        <div>
          {back}
          <h1>Evaluation Analytics</h1>
        </div>
        <div className="row">
          <button type="button" className="button" onClick={() => void exportVotes()} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      </div>
      {exportError && (
        <p className="form-error" role="alert">
          Export failed: {exportError}
        </p>
      )}

      <div className="stat-grid">
        <div className="stat">
          <span className="muted">Total Evaluations</span>
          <strong>{num(totalEvaluations)}</strong>
        </div>
        <div className="stat">
          <span className="muted">Credits Consumed</span>
          <strong>{budget ? num(budget.total_spent) : '—'}</strong>
        </div>
        <div className="stat">
          <span className="muted">Budget Status</span>
          <strong>
            {budget ? (budget.total_budget_allocated == null ? 'No Limit' : `${rate.toFixed(1)}%`) : '—'}
          </strong>
        </div>
        <div className="stat">
          <span className="muted">Monthly Burn</span>
          <strong>
            {budget ? `${num(budget.average_cost_per_evaluation * totalEvaluations)} credits` : '—'}
          </strong>
        </div>
      </div>

      <section className="panel" aria-labelledby="params-title">
        <h2 id="params-title">Adjust Parameters</h2>
        <div className="field-grid">
          <div>
            <label htmlFor="an-lambda">Time Decay λ: {lambda.toFixed(2)}</label>
            <input
              id="an-lambda"
              type="range"
              min={0}
              max={1}
              step={0.01}
              value={lambda}
              onChange={(event) => setLambda(Number(event.target.value))}
            />
            <span className="muted">Weights recent votes more; updates the metrics.</span>
          </div>
        </div>
      </section>

      {metricsError && (
        <p className="form-error" role="alert">
          Failed to load quality metrics
        </p>
      )}
      {metrics && (
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
                <BarChart
                  data={qualityRows.map(([name, value]) => ({ name, value: Number(value.toFixed(1)) }))}
                >
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
      )}

      {budgetError && (
        <p className="form-error" role="alert">
          {budgetError}
        </p>
      )}
      {budget && (
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
            <span
              className={`util-fill util-${barColour(rate)}`}
              style={{ width: `${Math.min(100, rate)}%` }}
            />
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
      )}

      {budget && <BudgetAlertsPanel evaluationId={id} />}

      {metrics && (
        <section className="panel" aria-labelledby="verdicts-title">
          <h2 id="verdicts-title">Verdicts by item</h2>
          <ItemsTable evaluationId={id} reloadKey={attempt} />
        </section>
      )}

      <p className="muted footnote">
        These metrics describe quality patterns in human votes, not ground truth.
      </p>
    </section>
  );
}
