import { MAX_INSTRUCTION_CHARS, MAX_VOTES_PER_ITEM, type TEvaluationConfig } from '@evalmarket/contracts';
import { INSTRUCTIONS, votesPerItem, type UpdateConfig } from './config-rules';

/** The sections shown whenever evaluation is on: votes per item, the app and the instructions. */

type SectionProps = { config: TEvaluationConfig; update: UpdateConfig };
export type UrlState = 'untested' | 'testing' | 'accessible' | 'not_accessible';

export function VotesSection({ config, update }: SectionProps) {
  return (
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
  );
}

/** The app URL, its Test URL button and what the last test found. */
export function AppSection(
  props: SectionProps & {
    urlState: UrlState;
    urlProblem: string | undefined;
    onUrlEdited: () => void;
    onTestUrl: () => void;
  },
) {
  const { update, urlState, urlProblem } = props;
  const app = props.config.app_detection;
  return (
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
            props.onUrlEdited();
            update({ app_detection: { ...app, primary_url: event.target.value } });
          }}
        />
        <button
          type="button"
          className="button"
          onClick={props.onTestUrl}
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
          Warning: the server could not reach this app URL ({urlProblem}). You can still save, but evaluators
          may not be able to open the app.
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
  );
}

export function InstructionsSection({ config, update }: SectionProps) {
  return (
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
  );
}
