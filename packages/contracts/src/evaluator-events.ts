import { z } from 'zod';

/** Personal data sealed with the person's key (see services/api/src/identity/personal-data.ts). */
export const ZSealedPersonalData = z.object({ sealed: z.string().min(1) });

export const EVALUATOR_STATUSES = ['not_applied', 'pending', 'verified', 'rejected'] as const;
export const ZEvaluatorStatus = z.enum(EVALUATOR_STATUSES);
export type TEvaluatorStatus = z.infer<typeof ZEvaluatorStatus>;

export const QUALIFICATION_TIERS = ['community', 'expert'] as const;
export const ZQualificationTier = z.enum(QUALIFICATION_TIERS);
export type TQualificationTier = z.infer<typeof ZQualificationTier>;

export const APPLICATION_METHODS = ['linkedin_oauth', 'cv_upload', 'indeed'] as const;
export const ZApplicationMethod = z.enum(APPLICATION_METHODS);
export type TApplicationMethod = z.infer<typeof ZApplicationMethod>;

/**
 * Evaluator onboarding events, on the stream `evaluator-{user_id}`. application_data (names,
 * emails, profile, CV and Indeed links) is sealed personal data.
 */
export const ZEvaluatorEventData = {
  EvaluatorApplied: z.object({
    user_id: z.string(),
    application_method: ZApplicationMethod,
    application_data: ZSealedPersonalData,
  }),
  EvaluatorVerified: z.object({
    user_id: z.string(),
    qualification_tier: ZQualificationTier,
    reviewed_by: z.string(),
  }),
  EvaluatorRejected: z.object({
    user_id: z.string(),
    /** Shown to the applicant; not personal data about them. */
    rejection_reason: z.string(),
    reviewed_by: z.string(),
  }),
  ExpertInterestExpressed: z.object({ user_id: z.string() }),
} as const;

export type TEvaluatorEventType = keyof typeof ZEvaluatorEventData;
export type TEvaluatorEventData<T extends TEvaluatorEventType> = z.infer<(typeof ZEvaluatorEventData)[T]>;

export const evaluatorStreamId = (userId: string) => `evaluator-${userId}`;
