import { z } from 'zod';
import { ZMultiLineText, ZSingleLineText } from './text.js';

/*
 * Evaluations, their human-evaluation configuration, the observability (Langfuse) connection,
 * SDK ingestion and the evaluation loop (spec 000 sections 2-9, spec 001 section 3, DESIGN.md 6).
 * Their events are in evaluation-events.ts, what an owner reads about one in evaluation-reads.ts.
 */

export const EVALUATION_STATUSES = ['draft', 'active', 'completed', 'archived'] as const;
export const ZEvaluationStatus = z.enum(EVALUATION_STATUSES);
export type TEvaluationStatus = z.infer<typeof ZEvaluationStatus>;

/**
 * Allowed status changes (the spec does not show them; decided here):
 * draft -> active (needs the credit check of creation) | archived;
 * active -> completed | archived; completed -> active (reopen) | archived; archived is final.
 * Evaluators claim items only while the evaluation is active.
 */
export const EVALUATION_STATUS_TRANSITIONS: Readonly<
  Record<TEvaluationStatus, readonly TEvaluationStatus[]>
> = {
  draft: ['active', 'archived'],
  active: ['completed', 'archived'],
  completed: ['active', 'archived'],
  archived: [],
};

export const MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  inputItemRequired: 'At least one input item is required',
  apiEndpointRequired: 'API endpoint is required when using API input type',
  systemSourceRequired: 'System source is required when using system input type',
  signedOutCreate: 'You must be logged in to create an evaluation',
  evaluationNotFound: 'Evaluation not found',
  expertRateHigher: 'Expert rate must be higher than community rate',
  configNotFound: 'Evaluation configuration not found',
  langfuseRequired:
    'Langfuse connection required: connect this evaluation to Langfuse (or create a project API key for the SDK) before configuring human evaluation.',
  notOwnerConfig: 'You do not have permission to modify this configuration.',
  notOwnerIntegration: 'Only the evaluation owner can access integration settings.',
  notOwnerConfigRead: 'Only the evaluation owner can access evaluation configuration settings.',
  insufficientCredits: "You don't have enough credits to activate this evaluation project.",
  langfuseNotFound: 'Langfuse connection not found',
  langfuseFieldsRequired: 'Please fill in all required fields',
  langfuseProjectRequired: 'Please select a Langfuse project',
  connectionTestFailed: 'Connection test failed',
} as const;

export const MAX_MANUAL_INPUT_ITEMS = 5;
export const MAX_TITLE_CHARS = 200;
export const MAX_INSTRUCTION_CHARS = 2000;
/** The console sends these fixed values (spec 000 section 9). */
export const DEFAULT_BUDGET_AMOUNT = 100;
export const DEFAULT_REWARD_PER_VOTE = 10;
export const DEFAULT_VOTES_PER_ITEM = 3;
export const MAX_VOTES_PER_ITEM = 25;

const shortText = (max: number) => ZMultiLineText().max(max);
const lineText = (max: number) => ZSingleLineText().max(max);
/** The title's limit in words a person reads on the form (not the validator's own text). */
const titleText = () => ZSingleLineText().max(MAX_TITLE_CHARS, MESSAGES.titleTooLong);

/** Free-form JSON an owner attaches (parameters, input data): bounded so its event stays well within the store's limit. */
export const MAX_FREE_JSON_BYTES = 16_384;
const freeJson = <T extends z.ZodType>(schema: T) =>
  schema.refine(
    (value) => value === undefined || (JSON.stringify(value)?.length ?? 0) <= MAX_FREE_JSON_BYTES,
    `must be at most ${MAX_FREE_JSON_BYTES} bytes as JSON`,
  );

export const ZInputConfiguration = z.object({
  type: z.enum(['manual', 'api', 'system']).default('manual'),
  items: z.array(shortText(10_000)).max(MAX_MANUAL_INPUT_ITEMS).optional(),
  apiEndpoint: shortText(2_000).optional(),
  systemSource: z.enum(['random_bios', 'daily_news']).optional(),
});

export const ZModelConfiguration = z.object({
  type: z.enum(['gpt-3.5-turbo', 'gpt-4', 'custom']).default('gpt-3.5-turbo'),
  endpoint: shortText(2_000).optional(),
  /** Write-only; kept encrypted, never returned. */
  api_key: shortText(500).optional(),
});

/** POST /api/v1/jobs. Save Draft sends the same payload with status 'draft'. */
export const ZCreateEvaluationRequest = z.object({
  title: titleText(),
  description: shortText(5_000).nullish(),
  data_selection_id: shortText(200).optional(),
  model_type: shortText(100).default('gpt-3.5-turbo'),
  budget_amount: z.number().int().min(0).max(1_000_000_000).default(DEFAULT_BUDGET_AMOUNT),
  reward_per_vote: z.number().int().min(0).max(1_000_000).default(DEFAULT_REWARD_PER_VOTE),
  visibility_settings: z.object({ is_public: z.boolean().default(false) }).default({ is_public: false }),
  status: z.enum(['draft', 'active']).default('active'),
  input_configuration: ZInputConfiguration.optional(),
  model_configuration: ZModelConfiguration.optional(),
  parameters: freeJson(z.record(z.string(), z.unknown())).optional(),
  input_data: freeJson(z.unknown()).optional(),
  foldsCount: z.number().int().min(1).max(100).optional(),
  machinePrompt: shortText(10_000).optional(),
  subjectMatterPrompt: shortText(10_000).optional(),
  requiresExpertise: z.boolean().optional(),
});
export type TCreateEvaluationRequest = z.infer<typeof ZCreateEvaluationRequest>;

/** PATCH /api/v1/evaluations/{id}: the owner's edits. */
export const ZUpdateEvaluationRequest = z
  .object({
    title: titleText().optional(),
    description: shortText(5_000).nullable().optional(),
    model_type: shortText(100).optional(),
    is_public: z.boolean().optional(),
    parameters: freeJson(z.record(z.string(), z.unknown())).optional(),
  })
  .strict();
export type TUpdateEvaluationRequest = z.infer<typeof ZUpdateEvaluationRequest>;

export const ZChangeEvaluationStatusRequest = z.object({ status: ZEvaluationStatus });

export const ZEvaluation = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  is_public: z.boolean(),
  model_type: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  input_data: z.unknown().nullable(),
  creator_id: z.string(),
  budget_amount: z.number(),
  reward_per_vote: z.number(),
  sdk_project_id: z.string(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TEvaluation = z.infer<typeof ZEvaluation>;

/** An item of GET /evaluations; the owner's own list (public_only=false) adds each one's progress. */
export const ZEvaluationListItem = ZEvaluation.extend({
  progress: z
    .object({
      items_total: z.number(),
      /** Items with votes_per_item votes. */
      items_complete: z.number(),
      votes_cast: z.number(),
    })
    .optional(),
});
export type TEvaluationListItem = z.infer<typeof ZEvaluationListItem>;

export const ZEvaluationListQuery = z.object({
  public_only: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /**
   * The x-next-before header of the previous page: evaluations listed after it (keyset paging,
   * stable while evaluations are added; skip then counts from the cursor).
   */
  before: z.string().max(400).optional(),
  status: ZEvaluationStatus.optional(),
  evaluation_type: shortText(100).optional(),
  /** Words to find in the title or description (case-insensitive). */
  q: lineText(100).optional(),
});

export const ZEvaluationVersion = z.object({
  version: z.number(),
  event_type: z.string(),
  changes: z.record(z.string(), z.unknown()),
  actor: z.string().nullable(),
  recorded_at: z.string(),
});

/** SDK project ID: the evaluation id with hyphens replaced by underscores, prefixed 'proj_'. */
export const sdkProjectId = (evaluationId: string) => `proj_${evaluationId.replace(/-/g, '_')}`;
/** The evaluation id of an SDK project id, or undefined when it is not one. */
export function evaluationIdOfProject(projectId: string): string | undefined {
  const match = /^proj_([0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12})$/.exec(projectId);
  return match ? match[1]!.replace(/_/g, '-') : undefined;
}

// ---------------------------------------------------------------- configuration

export const PERMISSION_LEVELS = ['disabled', 'paid_only', 'volunteer_only', 'both'] as const;
export const ZPermissionLevel = z.enum(PERMISSION_LEVELS);
export type TPermissionLevel = z.infer<typeof ZPermissionLevel>;

const instruction = z
  .string()
  .max(MAX_INSTRUCTION_CHARS, `must be at most ${MAX_INSTRUCTION_CHARS} characters`);

export const ZEvaluationConfig = z.object({
  evaluation_enabled: z.boolean().default(true),
  permission_level: ZPermissionLevel.default('disabled'),
  credit_rates: z
    .object({
      community_rate: z.number().int().min(1).max(1_000_000).default(100),
      expert_rate: z.number().int().min(1).max(1_000_000).default(100),
      custom_rates: z
        .array(z.object({ name: shortText(100), rate: z.number().int().min(1).max(1_000_000) }))
        .max(20)
        .default([]),
    })
    .default({ community_rate: 100, expert_rate: 100, custom_rates: [] }),
  evaluation_instructions: z
    .object({
      general_guidelines: instruction.default(''),
      evaluation_criteria: instruction.default(''),
      app_context: instruction.default(''),
      good_example: instruction.default(''),
      poor_example: instruction.default(''),
    })
    .default({
      general_guidelines: '',
      evaluation_criteria: '',
      app_context: '',
      good_example: '',
      poor_example: '',
    }),
  app_detection: z
    .object({
      primary_url: shortText(2_000).default(''),
      app_identifier: shortText(200).nullish(),
      access_level: z.enum(['public', 'private']).default('public'),
    })
    .default({ primary_url: '', access_level: 'public' }),
  budget_control: z
    .object({
      budget_enabled: z.boolean().default(false),
      /** Dollars (1 USD = 1,000 credits). */
      max_budget_amount: z.number().int().min(1).max(1_000_000_000).nullish(),
      max_evaluations: z.number().int().min(1).max(100_000_000).nullish(),
      budget_period: z.enum(['monthly', 'total']).default('monthly'),
    })
    .default({ budget_enabled: false, budget_period: 'monthly' }),
  votes_per_item: z.number().int().min(1).max(MAX_VOTES_PER_ITEM).default(DEFAULT_VOTES_PER_ITEM),
  /** Read-only in replies: the owner's spending balance in dollars. */
  current_credit_balance: z.number().optional(),
});
export type TEvaluationConfig = z.infer<typeof ZEvaluationConfig>;

// ---------------------------------------------------------------- app URL, Langfuse

export const ZValidateAppUrlRequest = z.object({ url: shortText(2_000) });
export const ZValidateAppUrlReply = z.object({
  success: z.boolean(),
  data: z.object({
    accessible: z.boolean(),
    status_code: z.number().nullable(),
    error_message: z.string().nullable(),
  }),
});

export const ZLangfuseTestRequest = z.object({
  langfuse_public_key: shortText(500),
  langfuse_secret_key: shortText(500),
  langfuse_host: shortText(2_000).default('https://cloud.langfuse.com'),
});
export const ZLangfuseConnectRequest = ZLangfuseTestRequest.extend({
  langfuse_project_id: shortText(200),
  langfuse_project_name: shortText(500).default(''),
});
export const ZLangfuseUpdateRequest = z.object({
  langfuse_public_key: shortText(500).optional(),
  langfuse_secret_key: shortText(500).optional(),
  langfuse_host: shortText(2_000).optional(),
  langfuse_project_id: shortText(200).optional(),
  langfuse_project_name: shortText(500).optional(),
});
/**
 * State of one Langfuse job (trace sync, score push): working, or why it stopped. `keys_refused`
 * is Langfuse's 401 (wrong keys), `access_denied` its 403 (an organization-level key, suspended
 * ingestion), `unsupported` a Langfuse without the observations v2 API (before v4).
 */
export const ZLangfuseJobStatus = z.enum([
  'connected',
  'keys_refused',
  'access_denied',
  'unsupported',
  'rate_limited',
  'failing',
]);
export type TLangfuseJobStatus = z.infer<typeof ZLangfuseJobStatus>;

export const ZLangfuseConnection = z.object({
  evaluation_id: z.string(),
  langfuse_public_key: z.string(),
  langfuse_host: z.string(),
  langfuse_project_id: z.string(),
  langfuse_project_name: z.string(),
  /** 'connected', or what stops the trace sync or the score push (see LangfuseStatusChanged). */
  connection_status: z.string(),
  /** Why the sync or the score push is failing (null while both work). */
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

// ---------------------------------------------------------------- SDK

export const MAX_SDK_BATCH_ITEMS = 1_000;
/**
 * Serialised JSON sizes per item; together they keep one item inside one event (the event store
 * takes at most 64 KiB of data per event), and a batch is split over as many events as needed.
 */
export const MAX_ITEM_INPUT_BYTES = 24 * 1024;
export const MAX_ITEM_OUTPUT_BYTES = 24 * 1024;
export const MAX_ITEM_METADATA_BYTES = 8 * 1024;

export const ZCreateApiKeyRequest = z.object({ name: lineText(100).default('default') });
export const ZApiKey = z.object({
  key_id: z.string(),
  name: z.string(),
  key_prefix: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export const ZCreatedApiKey = ZApiKey.extend({ api_key: z.string(), project_id: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZSdkItem = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'must be letters, digits, _ . : -'),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export const ZSdkItemsRequest = z.object({
  project_id: shortText(200),
  items: z.array(ZSdkItem).min(1).max(MAX_SDK_BATCH_ITEMS),
});
/**
 * Where an item came from: the create page's manual items, the owner's CSV/JSONL upload, the SDK
 * or the Langfuse trace sync.
 */
export const ITEM_SOURCES = ['manual', 'upload', 'sdk', 'langfuse'] as const;
export const ZItemSource = z.enum(ITEM_SOURCES);

/** Rows per upload request: the console sends a larger file in batches of this size. */
export const MAX_UPLOAD_BATCH_ITEMS = 500;

/**
 * POST /api/v1/evaluations/{id}/items: the owner's upload (one CSV row or JSONL line per item).
 * Without an id the item is named by its content, so sending the same file twice adds nothing.
 */
export const ZUploadItem = z
  .object({
    id: ZSdkItem.shape.id.optional(),
    input: z.unknown().optional(),
    output: z.unknown().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((item) => item.input !== undefined || item.output !== undefined, {
    message: 'needs an input or an output',
  });
export const ZUploadItemsRequest = z.object({
  items: z.array(ZUploadItem).min(1).max(MAX_UPLOAD_BATCH_ITEMS),
});
export const ZUploadItemsReply = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  item_ids: z.array(z.string()),
  items_total: z.number(),
});

export const ZItemListQuery = z.object({
  /** Keyset paging: the `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
/** One item as its owner sees it, with the votes so far (verdicts and comments, no voter). */
export const ZEvaluationItem = z.object({
  item_id: z.string(),
  external_id: z.string(),
  source: z.string(),
  /** JSON as sent (null when absent). */
  input: z.unknown(),
  output: z.unknown(),
  metadata: z.unknown(),
  ingested_at: z.string(),
  vote_count: z.number(),
  good_count: z.number(),
  bad_count: z.number(),
  /** 'good' / 'bad' by majority once votes_per_item votes are in; 'tie'; null while incomplete. */
  verdict: z.enum(['good', 'bad', 'tie']).nullable(),
  comments: z.array(z.object({ vote: z.enum(['good', 'bad']), comment: z.string(), voted_at: z.string() })),
});
export type TEvaluationItem = z.infer<typeof ZEvaluationItem>;
export const ZEvaluationItemPage = z.object({
  items: z.array(ZEvaluationItem),
  items_total: z.number(),
  votes_per_item: z.number(),
  next_cursor: z.string().nullable(),
});

export const ZSdkItemsReply = z.object({
  project_id: z.string(),
  accepted: z.number(),
  duplicates: z.number(),
  item_ids: z.array(z.string()),
});

// ---------------------------------------------------------------- evaluator loop

export const ZClaimRequest = z.object({ evaluation_id: z.string().uuid().optional() });
export const ZAssignment = z.object({
  assignment_id: z.string(),
  evaluation_id: z.string(),
  item_id: z.string(),
  external_id: z.string(),
  input: z.unknown().nullable(),
  output: z.unknown().nullable(),
  metadata: z.unknown().nullable(),
  reward_credits: z.number(),
  tier: z.string(),
  expires_at: z.string(),
  instructions: z.unknown().nullable(),
});
export type TAssignment = z.infer<typeof ZAssignment>;
export const ZVoteRequest = z.object({
  vote: z.enum(['good', 'bad']),
  comment: shortText(2_000).optional(),
  /** Also claim the next item of the same evaluation (one request per item in steady state). */
  next: z.boolean().optional(),
});
export const ZVoteReply = z.object({
  vote_id: z.string(),
  assignment_id: z.string(),
  item_id: z.string(),
  vote: z.enum(['good', 'bad']),
  reward_credits: z.number(),
  /** With `next: true`: the next assignment, or null with why there is none (the claim's 404/409 code and detail). */
  next: ZAssignment.nullable().optional(),
  next_problem: z.object({ status: z.number(), code: z.string(), detail: z.string() }).optional(),
});
export const ZEvaluatorProject = z.object({
  evaluation_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  model_type: z.string(),
  permission_level: ZPermissionLevel,
  reward_credits: z.number(),
  open_items: z.number(),
  instructions: z.unknown(),
});
