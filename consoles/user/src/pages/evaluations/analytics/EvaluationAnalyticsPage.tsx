import { MESSAGES } from '@evalmarket/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ApiError } from '../../../api/client';
import { exportVotesCsv, getBudget, getQualityMetrics } from '../../../api/evaluations';
import { ItemsTable } from '../detail/ItemsTable';
import { BudgetAlertsPanel } from '../detail/BudgetAlertsPanel';
import type { TBudget, TQualityMetrics } from '../types';
import '../evaluations.css';
import './EvaluationAnalyticsPage.css';
import { BudgetSection, num, QualityMetricsSection } from './analytics-sections';

/** Spec 001 section 2.10: sliders wait 500 ms after the last move. */
export const SLIDER_DEBOUNCE_MS = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
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
  const totalEvaluations = metrics?.total_evaluations ?? 0;

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
      {metrics && <QualityMetricsSection metrics={metrics} />}

      {budgetError && (
        <p className="form-error" role="alert">
          {budgetError}
        </p>
      )}
      {budget && <BudgetSection budget={budget} />}

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
