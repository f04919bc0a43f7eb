import {
  MAX_INSTRUCTION_CHARS,
  MAX_VOTES_PER_ITEM,
  type TEvaluationConfig,
  type TPermissionLevel,
} from '@evalmarket/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../api/client';
import { apiCall, api } from '../api/client';
import { useToasts } from '../ui/Toasts';
import './evaluations.css';

/** Spec 000 section 9: the form's defaults; 50 and 60 are the calculator's starting points. */
export const DEFAULT_CONFIG: TEvaluationConfig = {
  evaluation_enabled: true,
  permission_level: 'disabled',
  credit_rates: { community_rate: 100, expert_rate: 100, custom_rates: [] },
  evaluation_instructions: {
    general_guidelines: '',
    evaluation_criteria: '',
    app_context: '',
    good_example: '',
    poor_example: '',
  },
  app_detection: { primary_url: '', app_identifier: null, access_level: 'public' },
  budget_control: {
    budget_enabled: false,
    max_budget_amount: 100,
    max_evaluations: 50,
    budget_period: 'monthly',
  },
  votes_per_item: 3,
};
export const DEFAULT_EVALUATIONS_PER_MONTH = 50;
export const DEFAULT_COMMUNITY_SHARE = 60;

const LEVELS: { value: TPermissionLevel; label: string; hint: string }[] = [
  { value: 'disabled', label: 'Disabled', hint: 'No human evaluation.' },
  { value: 'volunteer_only', label: 'Volunteer only', hint: 'Community volunteers evaluate without pay.' },
  { value: 'paid_only', label: 'Paid only', hint: 'Paid community and expert evaluators.' },
  { value: 'both', label: 'Volunteers and paid evaluators', hint: 'Paid evaluators, plus volunteers.' },
];
const PAID = new Set<TPermissionLevel>(['paid_only', 'both']);

/**
 * Spec 000 section 2: counts rounded; total = community × community rate + expert × expert rate.
 * Each evaluated item takes votes_per_item votes, so the counts are votes: evaluations × votes.
 */
export function costEstimate(
  perMonth: number,
  communityShare: number,
  communityRate: number,
  expertRate: number,
  votesPerItem = 1,
) {
  const votes = perMonth * votesPerItem;
  const community = Math.round((votes * communityShare) / 100);
  const expert = Math.round(votes - community);
  return { votes, community, expert, total: community * communityRate + expert * expertRate };
}

/** Rates: minimum 1, 100 when not a number. Budget fields: minimum 1, 1 when not a number. */
const rate = (raw: string) => (Number.isFinite(parseInt(raw, 10)) ? Math.max(1, parseInt(raw, 10)) : 100);
const atLeastOne = (raw: string) => (Number.isFinite(parseInt(raw, 10)) ? Math.max(1, parseInt(raw, 10)) : 1);
const votesPerItem = (raw: string) => Math.min(MAX_VOTES_PER_ITEM, atLeastOne(raw));

export function saveErrorMessage(error: ApiError): string {
  if (error.message.startsWith('Network error while'))
    return 'Network error: Unable to connect to the server. Please check your connection.';
  if (error.status === 401) return 'Authentication failed. Please sign in again.';
  if (error.status === 403) return 'You do not have permission to modify this configuration.';
  if (error.status === 422) return `Validation error: ${error.message}`;
  if (error.status === 400) return `Configuration error: ${error.message}`;
  if (error.status >= 500) return 'Server error. Please try again later.';
  return error.message || 'An unexpected error occurred while saving configuration.';
}

const INSTRUCTIONS: { key: keyof TEvaluationConfig['evaluation_instructions']; label: string }[] = [
  { key: 'general_guidelines', label: 'General guidelines' },
  { key: 'evaluation_criteria', label: 'Evaluation criteria' },
  { key: 'app_context', label: 'App context' },
  { key: 'good_example', label: 'Example of a good answer' },
  { key: 'poor_example', label: 'Example of a poor answer' },
];

/** Spec 000 "Human-evaluation configuration panel" (owner only). */
export function ConfigPanel({
  evaluationId,
  reloadKey,
  onSaved,
}: {
  evaluationId: string;
  reloadKey: number;
  /** Tells the page, so the cost preview prices the new rates and votes per item. */
  onSaved?: () => void;
}) {
  const toasts = useToasts();
  const [config, setConfig] = useState<TEvaluationConfig>();
  const [langfuseNotice, setLangfuseNotice] = useState<string>();
  // A failed load shows no form: defaults saved over the real settings would lose them.
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const [saving, setSaving] = useState(false);
  const [urlState, setUrlState] = useState<'untested' | 'testing' | 'accessible' | 'not_accessible'>(
    'untested',
  );
  const [urlProblem, setUrlProblem] = useState<string>();
  const [perMonth, setPerMonth] = useState(DEFAULT_EVALUATIONS_PER_MONTH);
  const [share, setShare] = useState(DEFAULT_COMMUNITY_SHARE);
  const path = `/api/v1/projects/${evaluationId}/evaluation-config`;

  useEffect(() => {
    const controller = new AbortController();
    setConfig(undefined);
    setLangfuseNotice(undefined);
    setLoadError(undefined);
    apiCall({ action: 'loading the configuration', signal: controller.signal }, (init) =>
      api.GET('/api/v1/projects/{id}/evaluation-config', { ...init, params: { path: { id: evaluationId } } }),
    )
      .then((reply) => setConfig(reply.data))
      .catch((error: ApiError) => {
        if (controller.signal.aborted) return;
        if (error.status === 404) return setConfig({ ...DEFAULT_CONFIG });
        if (error.status === 400 && /langfuse/i.test(error.message)) return setLangfuseNotice(error.message);
        if (error.status === 401) return setLoadError('Authentication required. Please sign in.');
        if (error.message.startsWith('Network error while')) return setLoadError(error.message);
        setLoadError(error.status >= 500 ? 'Failed to load configuration' : 'Failed to fetch configuration');
      });
    return () => controller.abort();
  }, [path, reloadKey, attempt]);

  if (loadError)
    return (
      <section className="panel" aria-labelledby="config-title">
        <h2 id="config-title">Human Evaluation Configuration</h2>
        <div className="form-error" role="alert">
          <p>{loadError}</p>
          <p>The settings are not shown until they load, so nothing can overwrite them.</p>
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </div>
      </section>
    );

  if (langfuseNotice)
    return (
      <section className="panel" aria-labelledby="config-title">
        <h2 id="config-title">Human Evaluation Configuration</h2>
        <div className="notice-yellow" role="status">
          <h3>Langfuse Connection Required</h3>
          <p>{langfuseNotice}</p>
        </div>
      </section>
    );
  if (!config)
    return (
      <section className="panel" aria-labelledby="config-title" aria-busy="true">
        <h2 id="config-title">Human Evaluation Configuration</h2>
        <div className="skeleton" />
        <div className="skeleton wide" />
        <div className="skeleton" />
      </section>
    );

  const level = config.permission_level;
  const paid = PAID.has(level);
  const update = (next: Partial<TEvaluationConfig>) => setConfig((current) => ({ ...current!, ...next }));
  const rates = config.credit_rates;
  const budget = config.budget_control;
  const app = config.app_detection;
  const estimate = costEstimate(
    perMonth,
    share,
    rates.community_rate,
    rates.expert_rate,
    config.votes_per_item,
  );
  // Disabled is a setting too (it stops claims), so it can be saved; other levels need the app URL.
  const canSave = !saving && (level === 'disabled' || app.primary_url.trim() !== '');

  /** Asks the server to call the URL; says why it failed in the panel (and a toast unless quiet). */
  async function testUrl(quiet = false): Promise<boolean> {
    const url = app.primary_url.trim();
    if (!url) return false;
    setUrlState('testing');
    setUrlProblem(undefined);
    try {
      const reply = await apiCall({ action: 'validating the URL' }, (init) =>
        api.POST('/api/v1/projects/{id}/validate-app-url', {
          ...init,
          params: { path: { id: evaluationId } },
          body: { url },
        }),
      );
      setUrlState(reply.data.accessible ? 'accessible' : 'not_accessible');
      if (!reply.data.accessible) {
        setUrlProblem(reply.data.error_message ?? 'The app did not answer');
        if (reply.data.error_message && !quiet)
          toasts.error(`URL validation failed: ${reply.data.error_message}`);
      }
      return reply.data.accessible;
    } catch (error) {
      setUrlState('not_accessible');
      const apiError = error as ApiError;
      const message = apiError.message.startsWith('Network error while')
        ? 'Network error: Unable to validate URL. Please check your connection.'
        : 'Failed to validate URL. Please try again.';
      setUrlProblem(message);
      if (!quiet) toasts.error(message);
      return false;
    }
  }

  async function save() {
    if (!canSave || !config) return;
    setSaving(true);
    // An untested URL is checked before saving, so an unreachable one is said out loud.
    if (level !== 'disabled' && urlState === 'untested') await testUrl(true);
    try {
      const { current_credit_balance: _balance, ...body } = config;
      const payload: TEvaluationConfig = {
        ...body,
        budget_control: budget.budget_enabled
          ? budget
          : { budget_enabled: false, budget_period: budget.budget_period },
      };
      const reply = await apiCall({ action: 'saving the configuration' }, (init) =>
        api.POST('/api/v1/projects/{id}/evaluation-config', {
          ...init,
          params: { path: { id: evaluationId } },
          body: payload,
        }),
      );
      setConfig(reply.data);
      toasts.success('Configuration saved successfully! Your settings are now active.');
      onSaved?.();
    } catch (error) {
      toasts.error(saveErrorMessage(error as ApiError));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel config-panel" aria-labelledby="config-title">
      <h2 id="config-title">Human Evaluation Configuration</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <fieldset className="config-section">
          <legend>Evaluation Permission Level</legend>
          <div className="level-grid">
            {LEVELS.map((option) => (
              <label
                key={option.value}
                className={`level-option${level === option.value ? ' selected' : ''}`}
              >
                <input
                  type="radio"
                  name="permission_level"
                  value={option.value}
                  checked={level === option.value}
                  onChange={() => update({ permission_level: option.value })}
                />
                <span>
                  <strong>{option.label}</strong>
                  <span className="muted">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {paid && (
          <>
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

            <fieldset className="config-section calculator">
              <legend>Cost Simulation Calculator</legend>
              <label htmlFor="calc-per-month">Evaluations per month: {perMonth}</label>
              <input
                id="calc-per-month"
                type="range"
                min={1}
                max={200}
                value={perMonth}
                onChange={(event) => setPerMonth(Number(event.target.value))}
              />
              <label htmlFor="calc-share">Community share: {share}%</label>
              <input
                id="calc-share"
                type="range"
                min={0}
                max={100}
                value={share}
                onChange={(event) => setShare(Number(event.target.value))}
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
          </>
        )}

        {level !== 'disabled' && (
          <>
            <fieldset className="config-section">
              <legend>Votes</legend>
              <label htmlFor="cfg-votes-per-item">Votes per item</label>
              <input
                id="cfg-votes-per-item"
                type="number"
                min={1}
                max={MAX_VOTES_PER_ITEM}
                value={config.votes_per_item}
                onChange={(event) => update({ votes_per_item: votesPerItem(event.target.value) })}
              />
              <span className="counter">
                Distinct evaluators who vote on each item before it is complete (1 to {MAX_VOTES_PER_ITEM}).
              </span>
            </fieldset>

            <fieldset className="config-section">
              <legend>App Configuration</legend>
              <label htmlFor="cfg-url">App URL (required)</label>
              <div className="row nowrap">
                <input
                  id="cfg-url"
                  type="url"
                  required
                  aria-required="true"
                  value={app.primary_url}
                  placeholder="https://your-app.example.com"
                  onChange={(event) => {
                    setUrlState('untested');
                    update({ app_detection: { ...app, primary_url: event.target.value } });
                  }}
                />
                <button
                  type="button"
                  className="button"
                  onClick={() => void testUrl()}
                  disabled={urlState === 'testing' || !app.primary_url.trim()}
                >
                  {urlState === 'testing' ? 'Testing...' : 'Test URL'}
                </button>
              </div>
              <p role="status" className="url-status">
                {urlState === 'accessible' && <span className="status-ok">✓ URL is accessible</span>}
                {urlState === 'not_accessible' && <span className="status-bad">✗ URL is not accessible</span>}
              </p>
              {urlState === 'not_accessible' && urlProblem && (
                <p className="notice-yellow url-warning" role="alert">
                  Warning: the server could not reach this app URL ({urlProblem}). You can still save, but
                  evaluators may not be able to open the app.
                </p>
              )}
              <div className="field-grid">
                <div>
                  <label htmlFor="cfg-app-id">App identifier (optional)</label>
                  <input
                    id="cfg-app-id"
                    value={app.app_identifier ?? ''}
                    onChange={(event) =>
                      update({ app_detection: { ...app, app_identifier: event.target.value || null } })
                    }
                  />
                </div>
                <div>
                  <label htmlFor="cfg-access">Access level</label>
                  <select
                    id="cfg-access"
                    value={app.access_level}
                    onChange={(event) =>
                      update({
                        app_detection: { ...app, access_level: event.target.value as 'public' | 'private' },
                      })
                    }
                  >
                    <option value="public">Public</option>
                    <option value="private">Private</option>
                  </select>
                </div>
              </div>
            </fieldset>

            <fieldset className="config-section">
              <legend>Evaluation Instructions</legend>
              {INSTRUCTIONS.map(({ key, label }) => {
                const value = config.evaluation_instructions[key];
                return (
                  <div key={key}>
                    <label htmlFor={`cfg-${key}`}>{label}</label>
                    <textarea
                      id={`cfg-${key}`}
                      rows={3}
                      maxLength={MAX_INSTRUCTION_CHARS}
                      value={value}
                      aria-describedby={`cfg-${key}-count`}
                      onChange={(event) =>
                        update({
                          evaluation_instructions: {
                            ...config.evaluation_instructions,
                            [key]: event.target.value.slice(0, MAX_INSTRUCTION_CHARS),
                          },
                        })
                      }
                    />
                    <span className="counter" id={`cfg-${key}-count`}>
                      {value.length}/{MAX_INSTRUCTION_CHARS}
                    </span>
                  </div>
                );
              })}
            </fieldset>
          </>
        )}

        <div className="row form-actions">
          <button type="submit" className="button button-primary" disabled={!canSave}>
            {saving ? 'Saving...' : 'Save Configuration'}
          </button>
        </div>
      </form>
    </section>
  );
}
