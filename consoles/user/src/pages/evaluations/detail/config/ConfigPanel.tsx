import type { TPermissionLevel } from '@evalmarket/contracts';
import { useState } from 'react';
import '../../evaluations.css';
import { AppSection, InstructionsSection, VotesSection } from './AppSections';
import {
  DEFAULT_COMMUNITY_SHARE,
  DEFAULT_EVALUATIONS_PER_MONTH,
  LEVELS,
  PAID,
  type UpdateConfig,
} from './config-rules';
import { ConfigLoadFailed, ConfigLoading, LangfuseRequired } from './ConfigStates';
import { BudgetSection, CostCalculator, CreditRatesSection } from './PaidSections';
import { useAppUrlCheck, useEvaluationConfig } from './useEvaluationConfig';

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
  const { config, update, langfuseNotice, loadError, retry, saving, save } = useEvaluationConfig(
    evaluationId,
    reloadKey,
    onSaved,
  );
  const { urlState, urlProblem, markUntested, testUrl } = useAppUrlCheck(evaluationId);
  const [perMonth, setPerMonth] = useState(DEFAULT_EVALUATIONS_PER_MONTH);
  const [share, setShare] = useState(DEFAULT_COMMUNITY_SHARE);

  if (loadError) return <ConfigLoadFailed message={loadError} onRetry={retry} />;
  if (langfuseNotice) return <LangfuseRequired notice={langfuseNotice} />;
  if (!config) return <ConfigLoading />;

  const level = config.permission_level;
  const app = config.app_detection;
  // Disabled is a setting too (it stops claims), so it can be saved; other levels need the app URL.
  const canSave = !saving && (level === 'disabled' || app.primary_url.trim() !== '');

  return (
    <section className="panel config-panel" aria-labelledby="config-title">
      <h2 id="config-title">Human Evaluation Configuration</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSave) return;
          // An untested URL is checked before saving, so an unreachable one is said out loud.
          void save(async () => {
            if (level !== 'disabled' && urlState === 'untested') await testUrl(app.primary_url, true);
          });
        }}
      >
        <LevelSection level={level} update={update} />

        {PAID.has(level) && (
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
              onUrlEdited={markUntested}
              onTestUrl={() => void testUrl(app.primary_url)}
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
