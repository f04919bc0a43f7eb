import {
  DEFAULT_BUDGET_AMOUNT,
  DEFAULT_REWARD_PER_VOTE,
  MAX_MANUAL_INPUT_ITEMS,
  MAX_TITLE_CHARS,
  MESSAGES,
  type TCreateEvaluationRequest,
} from '@evalmarket/contracts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import ReactGridLayout, { type Layout } from 'react-grid-layout/legacy';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useNavigate } from 'react-router-dom';
import type { ApiError } from '../api/client';
import { apiCall, api } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { InsufficientCreditsModal } from '../evaluations/InsufficientCreditsModal';
import type { InsufficientCredits } from '../evaluations/types';
import './CreateEvaluationPage.css';

/** Spec 000 section 9: the create page's grid. */
export const GRID = { cols: 3, rowHeight: 100, width: 1200, margin: [24, 24] as const };
/** Below this width the cards stack in one column (a phone cannot hold three). */
const STACK_BELOW = 760;

type InputType = 'manual' | 'api' | 'system';
type SystemSource = '' | 'random_bios' | 'daily_news';
type ModelType = 'gpt-3.5-turbo' | 'gpt-4' | 'custom';

export interface CreateForm {
  title: string;
  description: string;
  inputType: InputType;
  items: string[];
  apiEndpoint: string;
  systemSource: SystemSource;
  machinePrompt: string;
  subjectMatterPrompt: string;
  modelType: ModelType;
  customEndpoint: string;
  customApiKey: string;
  foldsCount: number;
  requiresExpertise: boolean;
  isPublic: boolean;
}

export function defaultTitle(now = new Date()): string {
  return `Evaluation ${now.toLocaleString()}`;
}

/** Spec 000 section 5, in the order a person fixes them. */
export function validateCreate(form: CreateForm): string | undefined {
  if (!form.title.trim()) return MESSAGES.titleRequired;
  if (form.title.trim().length > MAX_TITLE_CHARS) return MESSAGES.titleTooLong;
  if (form.inputType === 'manual' && !form.items.some((item) => item.trim()))
    return MESSAGES.inputItemRequired;
  if (form.inputType === 'api' && !form.apiEndpoint.trim()) return MESSAGES.apiEndpointRequired;
  if (form.inputType === 'system' && !form.systemSource) return MESSAGES.systemSourceRequired;
  return undefined;
}

export function createPayload(form: CreateForm, status: 'draft' | 'active'): TCreateEvaluationRequest {
  const items = form.items.map((item) => item.trim()).filter(Boolean);
  return {
    title: form.title.trim(),
    description: form.description.trim() || undefined,
    data_selection_id: 'temp-selection-id',
    model_type: form.modelType,
    budget_amount: DEFAULT_BUDGET_AMOUNT,
    reward_per_vote: DEFAULT_REWARD_PER_VOTE,
    visibility_settings: { is_public: form.isPublic },
    status,
    input_configuration: {
      type: form.inputType,
      ...(form.inputType === 'manual' ? { items } : {}),
      ...(form.inputType === 'api' ? { apiEndpoint: form.apiEndpoint.trim() } : {}),
      ...(form.inputType === 'system' && form.systemSource ? { systemSource: form.systemSource } : {}),
    },
    model_configuration: {
      type: form.modelType,
      ...(form.modelType === 'custom'
        ? { endpoint: form.customEndpoint.trim(), api_key: form.customApiKey }
        : {}),
    },
    input_data: form.inputType === 'manual' ? items : undefined,
    foldsCount: Math.max(1, form.foldsCount || 1),
    machinePrompt: form.machinePrompt,
    subjectMatterPrompt: form.subjectMatterPrompt,
    requiresExpertise: form.requiresExpertise,
  };
}

const INITIAL_LAYOUT: Layout = [
  { i: 'description', x: 0, y: 0, w: 1, h: 3, minH: 2 },
  { i: 'input', x: 1, y: 0, w: 1, h: 4, minH: 3 },
  { i: 'model', x: 2, y: 0, w: 1, h: 3, minH: 2 },
  { i: 'machine', x: 0, y: 4, w: 1, h: 3, minH: 2 },
  { i: 'subject', x: 1, y: 4, w: 1, h: 3, minH: 2 },
  { i: 'settings', x: 2, y: 3, w: 1, h: 3, minH: 2 },
];

function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(GRID.width);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function CreateEvaluationPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState<CreateForm>(() => ({
    title: defaultTitle(),
    description: '',
    inputType: 'manual',
    items: [''],
    apiEndpoint: '',
    systemSource: '',
    machinePrompt: '',
    subjectMatterPrompt: '',
    modelType: 'gpt-3.5-turbo',
    customEndpoint: '',
    customApiKey: '',
    foldsCount: 1,
    requiresExpertise: false,
    isPublic: false,
  }));
  const [layout, setLayout] = useState<Layout>(INITIAL_LAYOUT);
  const [running, setRunning] = useState<'draft' | 'active'>();
  const [error, setError] = useState<string>();
  const [credits, setCredits] = useState<InsufficientCredits>();
  const [wrapper, width] = useWidth();
  const closeCredits = useCallback(() => setCredits(undefined), []);

  const set = <K extends keyof CreateForm>(key: K, value: CreateForm[K]) => {
    setError(undefined);
    setForm((current) => ({ ...current, [key]: value }));
  };

  async function submit(kind: 'draft' | 'active') {
    setError(undefined);
    if (status !== 'signed_in') return setError(MESSAGES.signedOutCreate);
    const problem = validateCreate(form);
    if (problem) return setError(problem);
    setRunning(kind);
    try {
      const created = await apiCall(
        {
          action: kind === 'draft' ? 'saving the draft' : 'creating the evaluation',
          idempotencyKey: crypto.randomUUID(),
        },
        (init) => api.POST('/api/v1/jobs', { ...init, body: createPayload(form, kind) }),
      );
      navigate(`/evaluations/${created.id}`);
    } catch (failure) {
      const apiError = failure as ApiError;
      if (apiError.status === 402 && apiError.detail && typeof apiError.detail === 'object') {
        setCredits(apiError.detail as unknown as InsufficientCredits);
      } else {
        setError(apiError.message || 'Failed to create evaluation');
      }
    } finally {
      setRunning(undefined);
    }
  }

  function discard() {
    if (window.confirm('Are you sure you want to discard this evaluation?')) navigate('/');
  }

  const cards: Record<string, { title: string; body: ReactNode }> = {
    description: {
      title: 'Description',
      body: (
        <>
          <label htmlFor="ce-description">Description</label>
          <textarea
            id="ce-description"
            rows={4}
            value={form.description}
            placeholder="What should evaluators look at?"
            onChange={(event) => set('description', event.target.value)}
          />
        </>
      ),
    },
    input: {
      title: 'Input Configuration',
      body: (
        <>
          <label htmlFor="ce-input-type">Input type</label>
          <select
            id="ce-input-type"
            value={form.inputType}
            onChange={(event) => set('inputType', event.target.value as InputType)}
          >
            <option value="manual">Manual</option>
            <option value="api">API endpoint</option>
            <option value="system">System source</option>
          </select>
          {form.inputType === 'manual' && (
            <fieldset className="ce-items">
              <legend>Input items</legend>
              {form.items.map((item, index) => (
                <div className="ce-item" key={index}>
                  <input
                    aria-label={`Input item ${index + 1}`}
                    value={item}
                    placeholder={`Input item ${index + 1}`}
                    onChange={(event) =>
                      set(
                        'items',
                        form.items.map((value, at) => (at === index ? event.target.value : value)),
                      )
                    }
                  />
                  <button
                    type="button"
                    className="button"
                    aria-label={`Remove input item ${index + 1}`}
                    disabled={form.items.length <= 1}
                    onClick={() =>
                      set(
                        'items',
                        form.items.filter((_, at) => at !== index),
                      )
                    }
                  >
                    ×
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="button"
                disabled={form.items.length >= MAX_MANUAL_INPUT_ITEMS}
                onClick={() => set('items', [...form.items, ''])}
              >
                + Add Item
              </button>
              <p className="muted">
                {form.items.length} of {MAX_MANUAL_INPUT_ITEMS} items
              </p>
            </fieldset>
          )}
          {form.inputType === 'api' && (
            <>
              <label htmlFor="ce-api-endpoint">API endpoint</label>
              <input
                id="ce-api-endpoint"
                type="url"
                value={form.apiEndpoint}
                placeholder="https://example.com/api/inputs"
                onChange={(event) => set('apiEndpoint', event.target.value)}
              />
            </>
          )}
          {form.inputType === 'system' && (
            <>
              <label htmlFor="ce-system-source">System source</label>
              <select
                id="ce-system-source"
                value={form.systemSource}
                onChange={(event) => set('systemSource', event.target.value as SystemSource)}
              >
                <option value="">Choose a source</option>
                <option value="random_bios">Random bios</option>
                <option value="daily_news">Daily news</option>
              </select>
            </>
          )}
        </>
      ),
    },
    machine: {
      title: 'Machine Prompt',
      body: (
        <>
          <label htmlFor="ce-machine">Machine prompt</label>
          <textarea
            id="ce-machine"
            rows={4}
            value={form.machinePrompt}
            placeholder="The prompt sent to the model"
            onChange={(event) => set('machinePrompt', event.target.value)}
          />
        </>
      ),
    },
    subject: {
      title: 'Subject Matter Prompt',
      body: (
        <>
          <label htmlFor="ce-subject">Subject matter prompt</label>
          <textarea
            id="ce-subject"
            rows={4}
            value={form.subjectMatterPrompt}
            placeholder="What an expert should know"
            onChange={(event) => set('subjectMatterPrompt', event.target.value)}
          />
        </>
      ),
    },
    model: {
      title: 'Model Configuration',
      body: (
        <>
          <label htmlFor="ce-model">Model</label>
          <select
            id="ce-model"
            value={form.modelType}
            onChange={(event) => set('modelType', event.target.value as ModelType)}
          >
            <option value="gpt-3.5-turbo">gpt-3.5-turbo</option>
            <option value="gpt-4">gpt-4</option>
            <option value="custom">Custom</option>
          </select>
          {form.modelType === 'custom' && (
            <>
              <label htmlFor="ce-model-endpoint">Model endpoint</label>
              <input
                id="ce-model-endpoint"
                type="url"
                value={form.customEndpoint}
                placeholder="https://models.example.com/v1"
                onChange={(event) => set('customEndpoint', event.target.value)}
              />
              <label htmlFor="ce-model-key">Model API key</label>
              <input
                id="ce-model-key"
                type="password"
                autoComplete="off"
                value={form.customApiKey}
                onChange={(event) => set('customApiKey', event.target.value)}
              />
            </>
          )}
        </>
      ),
    },
    settings: {
      title: 'Additional Settings',
      body: (
        <>
          <label htmlFor="ce-folds">Folds count</label>
          <input
            id="ce-folds"
            type="number"
            min={1}
            value={form.foldsCount}
            onChange={(event) => set('foldsCount', Math.max(1, Number(event.target.value) || 1))}
          />
          <label className="ce-check">
            <input
              type="checkbox"
              checked={form.requiresExpertise}
              onChange={(event) => set('requiresExpertise', event.target.checked)}
            />
            Requires expertise
          </label>
          <label className="ce-check">
            <input
              type="checkbox"
              checked={form.isPublic}
              onChange={(event) => set('isPublic', event.target.checked)}
            />
            Public evaluation
          </label>
        </>
      ),
    },
  };

  const stacked = width < STACK_BELOW;
  const renderCard = (key: string) => (
    <section key={key} className="ce-card panel" aria-label={cards[key]!.title}>
      <h2 className="ce-card-head" title="Drag to move">
        {cards[key]!.title}
      </h2>
      <div className="ce-card-body">{cards[key]!.body}</div>
    </section>
  );

  return (
    <section className="page create-evaluation">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit('active');
        }}
        noValidate
      >
        <div className="page-head ce-head">
          <div className="ce-title">
            <label htmlFor="ce-title" className="visually-hidden">
              Title
            </label>
            <input
              id="ce-title"
              className="ce-title-input"
              value={form.title}
              onChange={(event) => set('title', event.target.value)}
            />
          </div>
          <div className="ce-actions">
            <button type="button" className="button" onClick={discard} disabled={Boolean(running)}>
              Discard
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void submit('draft')}
              disabled={Boolean(running)}
            >
              {running === 'draft' ? 'Saving...' : 'Save Draft'}
            </button>
            <button type="submit" className="button button-primary" disabled={Boolean(running)}>
              {running === 'active' ? 'Creating...' : 'Create'}
            </button>
          </div>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p className="ce-sources muted" aria-label="Where items come from">
          Evaluators vote on <strong>items</strong>. They come through manual entry (the items below, added
          when you create), a CSV or JSONL upload on the evaluation page, the SDK (project ID and API key) or
          a Langfuse connection.
          {form.inputType !== 'manual' &&
            ' An API endpoint or system source is kept with the evaluation; add its items by upload, the SDK or Langfuse.'}
        </p>
        <div ref={wrapper} className="ce-grid-wrapper">
          {stacked ? (
            <div className="ce-stack">{INITIAL_LAYOUT.map((item) => renderCard(item.i))}</div>
          ) : (
            <ReactGridLayout
              width={Math.min(GRID.width, width)}
              cols={GRID.cols}
              rowHeight={GRID.rowHeight}
              margin={GRID.margin}
              containerPadding={[0, 0]}
              layout={layout}
              onLayoutChange={setLayout}
              isDraggable
              isResizable
              draggableHandle=".ce-card-head"
            >
              {layout.map((item) => renderCard(item.i))}
            </ReactGridLayout>
          )}
        </div>
      </form>
      {credits && <InsufficientCreditsModal detail={credits} onClose={closeCredits} />}
    </section>
  );
}
