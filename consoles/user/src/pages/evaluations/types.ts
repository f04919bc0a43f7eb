import type {
  ZApiKey,
  ZAssignment,
  ZBudget,
  ZBudgetAlerts,
  ZCreatedApiKey,
  ZEvaluationVersion,
  ZEvaluatorProject,
  ZLangfuseConnection,
  ZQualityMetrics,
  ZValidateAppUrlReply,
  ZVoteReply,
} from '@evalmarket/contracts';
import type { z } from 'zod';

/* Shapes of the evaluation API, inferred from the contracts (never hand-copied). */
export type TLangfuseConnection = z.infer<typeof ZLangfuseConnection>;
export type TValidateAppUrlReply = z.infer<typeof ZValidateAppUrlReply>;
export type TApiKey = z.infer<typeof ZApiKey>;
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
export type TEvaluatorProject = z.infer<typeof ZEvaluatorProject>;
export type TAssignment = z.infer<typeof ZAssignment>;
export type TVoteReply = z.infer<typeof ZVoteReply>;
export type TQualityMetrics = z.infer<typeof ZQualityMetrics>;
export type TBudget = z.infer<typeof ZBudget>;
export type TBudgetAlerts = z.infer<typeof ZBudgetAlerts>;
export type TEvaluationVersion = z.infer<typeof ZEvaluationVersion>;

/** The 402 detail of creation (spec 000 section 3). */
export interface InsufficientCredits {
  credits_required: number;
  credits_current: number;
  credits_shortfall: number;
}
