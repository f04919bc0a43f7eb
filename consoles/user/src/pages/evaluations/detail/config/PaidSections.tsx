import type { TEvaluationConfig } from '@evalmarket/contracts';
import { atLeastOne, costEstimate, rate, type UpdateConfig } from './config-rules';

/** The sections shown when evaluators are paid: rates, budget limits and the cost calculator. */

type SectionProps = { config: TEvaluationConfig; update: UpdateConfig };

export function CreditRatesSection({ config, update }: SectionProps) {
  const rates = config.credit_rates;
  return (
    <fieldset className="config-section">
      <legend>Credit Rates</legend>
      <div className="field-grid">
        <div>
          <label htmlFor="cfg-community-rate">Community rate (credits per vote)</label>
          <input
            id="cfg-community-rate"
            type="number"
            min={1}
            value={rates.community_rate}
            onChange={(event) =>
              update({ credit_rates: { ...rates, community_rate: rate(event.target.value) } })
            }
          />
          <span className="counter">${(rates.community_rate / 1000).toFixed(2)} USD per vote</span>
        </div>
        <div>
          <label htmlFor="cfg-expert-rate">Expert rate (credits per vote)</label>
          <input
            id="cfg-expert-rate"
            type="number"
            min={1}
            value={rates.expert_rate}
            onChange={(event) =>
              update({ credit_rates: { ...rates, expert_rate: rate(event.target.value) } })
            }
          />
          <span className="counter">${(rates.expert_rate / 1000).toFixed(2)} USD per vote</span>
        </div>
      </div>
    </fieldset>
  );
}

export function BudgetSection({ config, update }: SectionProps) {
  const budget = config.budget_control;
  return (
    <fieldset className="config-section">
      <legend>Budget Controls</legend>
      {config.current_credit_balance !== undefined && (
        <p className="muted">Current credit balance: ${config.current_credit_balance.toFixed(2)}</p>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={budget.budget_enabled}
          onChange={(event) =>
            update({
              budget_control: {
                ...budget,
                budget_enabled: event.target.checked,
                max_budget_amount: budget.max_budget_amount ?? 100,
                max_evaluations: budget.max_evaluations ?? 50,
              },
            })
          }
        />
        Enable budget limits
      </label>
      {budget.budget_enabled && (
        <div className="field-grid">
          <div>
            <label htmlFor="cfg-max-budget">Maximum budget (USD)</label>
            <input
              id="cfg-max-budget"
              type="number"
              min={1}
              value={budget.max_budget_amount ?? 1}
              onChange={(event) =>
                update({
                  budget_control: { ...budget, max_budget_amount: atLeastOne(event.target.value) },
                })
              }
            />
          </div>
          <div>
            <label htmlFor="cfg-max-evaluations">Maximum evaluations</label>
            <input
              id="cfg-max-evaluations"
              type="number"
              min={1}
              value={budget.max_evaluations ?? 1}
              onChange={(event) =>
                update({
                  budget_control: { ...budget, max_evaluations: atLeastOne(event.target.value) },
                })
              }
            />
          </div>
          <div>
            <label htmlFor="cfg-period">Budget period</label>
            <select
              id="cfg-period"
              value={budget.budget_period}
              onChange={(event) =>
                update({
                  budget_control: {
                    ...budget,
                    budget_period: event.target.value as 'monthly' | 'total',
                  },
                })
              }
            >
              <option value="monthly">Monthly</option>
              <option value="total">Total</option>
            </select>
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** What a month would cost at the chosen rates; the two sliders are the panel's own state. */
export function CostCalculator(props: {
  config: TEvaluationConfig;
  perMonth: number;
  share: number;
  onPerMonth: (value: number) => void;
  onShare: (value: number) => void;
}) {
  const { config, perMonth, share } = props;
  const rates = config.credit_rates;
  const estimate = costEstimate(
    perMonth,
    share,
    rates.community_rate,
    rates.expert_rate,
    config.votes_per_item,
  );
  return (
    <fieldset className="config-section calculator">
      <legend>Cost Simulation Calculator</legend>
      <label htmlFor="calc-per-month">Evaluations per month: {perMonth}</label>
      <input
        id="calc-per-month"
        type="range"
        min={1}
        max={200}
        value={perMonth}
        onChange={(event) => props.onPerMonth(Number(event.target.value))}
      />
      <label htmlFor="calc-share">Community share: {share}%</label>
      <input
        id="calc-share"
        type="range"
        min={0}
        max={100}
        value={share}
        onChange={(event) => props.onShare(Number(event.target.value))}
      />
      <dl className="facts" aria-live="polite">
        <div>
          <dt>Votes ({config.votes_per_item} per item)</dt>
          <dd data-testid="calc-votes">{estimate.votes}</dd>
        </div>
        <div>
          <dt>Community evaluations</dt>
          <dd>{estimate.community}</dd>
        </div>
        <div>
          <dt>Expert evaluations</dt>
          <dd>{estimate.expert}</dd>
        </div>
        <div>
          <dt>Estimated monthly cost</dt>
          <dd data-testid="calc-total">
            {estimate.total.toLocaleString('en-US')} credits (${(estimate.total / 1000).toFixed(2)})
          </dd>
        </div>
      </dl>
    </fieldset>
  );
}
