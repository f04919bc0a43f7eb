import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BudgetAlertsPanel } from '../detail/BudgetAlertsPanel';
import { ItemsTable } from '../detail/ItemsTable';
import '../evaluations.css';
import './EvaluationAnalyticsPage.css';
import { AnalyticsRefusal, DashboardFailed } from './AnalyticsFallbacks';
import { AnalyticsHeadline, DecayParameters } from './AnalyticsHeadline';
import { BudgetSection, QualityMetricsSection } from './analytics-sections';
import {
  SLIDER_DEBOUNCE_MS,
  useDebounced,
  useEvaluationAnalytics,
  useVotesExport,
} from './useEvaluationAnalytics';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function EvaluationAnalyticsPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const [lambda, setLambda] = useState(0.01);
  const decay = useDebounced(lambda, SLIDER_DEBOUNCE_MS);
  const { metrics, metricsError, budget, budgetError, refusal, attempt, retry } = useEvaluationAnalytics(
    id,
    valid,
    decay,
  );
  const { exporting, exportError, exportVotes } = useVotesExport(id);

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
  if (refusal) return <AnalyticsRefusal back={back} refusal={refusal} />;
  if (metricsError && budgetError && !metrics && !budget)
    return <DashboardFailed back={back} onRetry={retry} />;
  if (!metrics && !budget && !metricsError && !budgetError) return <p className="page-loading">Loading...</p>;

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

      <AnalyticsHeadline metrics={metrics} budget={budget} />
      <DecayParameters lambda={lambda} onChange={setLambda} />

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
