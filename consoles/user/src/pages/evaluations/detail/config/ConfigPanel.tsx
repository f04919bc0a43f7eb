import type { TEvaluationConfig, TPermissionLevel } from '@evalmarket/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../../../api/client';
import { getEvaluationConfig, saveEvaluationConfig, validateAppUrl } from '../../../../api/evaluation-config';
import { useToasts } from '../../../../ui/Toasts';
import '../../evaluations.css';
import { AppSection, InstructionsSection, VotesSection, type UrlState } from './AppSections';
import {
  DEFAULT_COMMUNITY_SHARE,
  DEFAULT_CONFIG,
  DEFAULT_EVALUATIONS_PER_MONTH,
  LEVELS,
  loadErrorMessage,
  PAID,
  saveErrorMessage,
  type UpdateConfig,
} from './config-rules';
import { BudgetSection, CostCalculator, CreditRatesSection } from './PaidSections';

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
  const [urlState, setUrlState] = useState<UrlState>('untested');
  const [urlProblem, setUrlProblem] = useState<string>();
  const [perMonth, setPerMonth] = useState(DEFAULT_EVALUATIONS_PER_MONTH);
  const [share, setShare] = useState(DEFAULT_COMMUNITY_SHARE);

  useEffect(() => {
    const controller = new AbortController();
    setConfig(undefined);
    setLangfuseNotice(undefined);
    setLoadError(undefined);
    getEvaluationConfig(evaluationId, controller.signal)
      .then((reply) => setConfig(reply.data))
      .catch((error: ApiError) => {
        if (controller.signal.aborted) return;
        if (error.status === 404) return setConfig({ ...DEFAULT_CONFIG });
        if (error.status === 400 && /langfuse/i.test(error.message)) return setLangfuseNotice(error.message);
        setLoadError(loadErrorMessage(error));
      });
    return () => controller.abort();
  }, [evaluationId, reloadKey, attempt]);

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
  const budget = config.budget_control;
  const app = config.app_detection;
  // Disabled is a setting too (it stops claims), so it can be saved; other levels need the app URL.
  const canSave = !saving && (level === 'disabled' || app.primary_url.trim() !== '');

  /** Asks the server to call the URL; says why it failed in the panel (and a toast unless quiet). */
  async function testUrl(quiet = false): Promise<boolean> {
    const url = app.primary_url.trim();
    if (!url) return false;
    setUrlState('testing');
    setUrlProblem(undefined);
    try {
      const reply = await validateAppUrl(evaluationId, url);
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
      const reply = await saveEvaluationConfig(evaluationId, payload);
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
        <LevelSection level={level} update={update} />

        {paid && (
          <>
            <CreditRatesSection config={config} update={update} />
            <BudgetSection config={config} update={update} />
            <CostCalculator
              config={config}
              perMonth={perMonth}
              share={share}
              onPerMonth={setPerMonth}
              onShare={setShare}
            />
          </>
        )}

        {level !== 'disabled' && (
          <>
            <VotesSection config={config} update={update} />
            <AppSection
              config={config}
              update={update}
              urlState={urlState}
              urlProblem={urlProblem}
              onUrlEdited={() => setUrlState('untested')}
              onTestUrl={() => void testUrl()}
            />
            <InstructionsSection config={config} update={update} />
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

function LevelSection({ level, update }: { level: TPermissionLevel; update: UpdateConfig }) {
  return (
    <fieldset className="config-section">
      <legend>Evaluation Permission Level</legend>
      <div className="level-grid">
        {LEVELS.map((option) => (
          <label key={option.value} className={`level-option${level === option.value ? ' selected' : ''}`}>
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
  );
}
