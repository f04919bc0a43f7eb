import type { TBudget, TQualityMetrics } from '../types';
import { num } from './analytics-sections';

/** The four headline numbers above the charts; a dash where the budget did not load. */
export function AnalyticsHeadline({ metrics, budget }: { metrics?: TQualityMetrics; budget?: TBudget }) {
  const rate = budget?.budget_utilization_rate ?? 0;
  const totalEvaluations = metrics?.total_evaluations ?? 0;
  return (
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
  );
}

/** The time-decay slider; the metrics follow it once it settles. */
export function DecayParameters({
  lambda,
  onChange,
}: {
  lambda: number;
  onChange: (lambda: number) => void;
}) {
  return (
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
            onChange={(event) => onChange(Number(event.target.value))}
          />
          <span className="muted">Weights recent votes more; updates the metrics.</span>
        </div>
      </div>
    </section>
  );
}
