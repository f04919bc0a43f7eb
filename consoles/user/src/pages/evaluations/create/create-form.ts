import {
  DEFAULT_BUDGET_AMOUNT,
  DEFAULT_REWARD_PER_VOTE,
  createEvaluationProblem,
  type TCreateEvaluationRequest,
} from '@evalmarket/contracts';

export type InputType = 'manual' | 'api' | 'system';
export type SystemSource = '' | 'random_bios' | 'daily_news';
export type ModelType = 'gpt-3.5-turbo' | 'gpt-4' | 'custom';

/** What the create page holds while a person types; createPayload turns it into the request. */
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

/** Sets one field of the form (each card edits its own fields). */
export type SetField = <K extends keyof CreateForm>(key: K, value: CreateForm[K]) => void;

export function defaultTitle(now = new Date()): string {
  return `Evaluation ${now.toLocaleString()}`;
}

export function initialCreateForm(): CreateForm {
  return {
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
  };
}

/** The form's first problem in the spec's words: the same check the API runs on the request. */
export function validateCreate(form: CreateForm): string | undefined {
  return createEvaluationProblem(createPayload(form, 'active'))?.message;
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
