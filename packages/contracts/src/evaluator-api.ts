import { z } from 'zod';
import { ZEvaluatorStatus, ZQualificationTier } from './evaluator-events.js';
import { ZConnectStatus } from './wallet-payments.js';
import { ZMultiLineText, ZSingleLineText } from './text.js';

/** Spec 001 section 5 "Indeed URL": http(s), optional www, indeed.com, /r/ and at least one more character. */
export const INDEED_RESUME_URL_PATTERN = /^https?:\/\/(www\.)?indeed\.com\/r\/.+$/i;
export const INDEED_URL_MESSAGE = 'Please enter a valid Indeed resume URL';
export const CV_TYPE_MESSAGE = 'Please upload a PDF or Word document';
export const CV_SIZE_MESSAGE = 'File size must be less than 5MB';
/** "Under 5 MB": a file of exactly 5 MiB is accepted, one byte more is refused. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const REJECTION_REASON_MIN_LENGTH = 10;
export const REJECTION_REASON_MESSAGE = 'Rejection reason must be at least 10 characters';
export const EXPERT_INTEREST_ALREADY_EXPRESSED = 'Expert tier interest already expressed';
export const ADMIN_APPLICATIONS_LIMIT_DEFAULT = 50;

export const ZLinkedinOauthData = z.object({
  linkedin_id: z.string().min(1).max(200),
  name: z.string().max(300).default(''),
  email: z.string().max(320).default(''),
});

/** POST /api/v1/evaluator/apply (spec 001 section 3 "Apply request"). */
export const ZApplyRequest = z.object({
  application_method: z.enum(['linkedin_oauth', 'cv_upload', 'indeed']),
  linkedin_oauth_data: ZLinkedinOauthData.nullish(),
  cv_file_url: ZSingleLineText().max(2000).nullish(),
  indeed_url: ZSingleLineText(undefined, INDEED_URL_MESSAGE).max(2000).nullish(),
});
export type TApplyRequest = z.infer<typeof ZApplyRequest>;

export const ZApplyReply = z.object({
  message: z.string(),
  evaluator_status: ZEvaluatorStatus,
  application_method: z.string(),
  applied_at: z.string(),
});

export const ZUploadCvReply = z.object({
  file_url: z.string(),
  file_id: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
});

/** GET /api/v1/evaluator/status (spec 001 section 3 "Evaluator status"). */
export const ZEvaluatorStatusReply = z.object({
  evaluator_status: ZEvaluatorStatus,
  qualification_tier: ZQualificationTier.nullable(),
  rejection_reason: z.string().nullable(),
  earning_balance: z.number().int(),
  minimum_cashout_credits: z.number().int(),
  can_cashout: z.boolean(),
  expert_tier_interest_expressed: z.boolean(),
  stripe_connect_status: ZConnectStatus,
});
export type TEvaluatorStatusReply = z.infer<typeof ZEvaluatorStatusReply>;

/** Opened application data as the admin sees it (spec 001 section 3 "Evaluator application"). */
export const ZApplicationData = z.object({
  imported_name: z.string().nullable(),
  imported_email: z.string().nullable(),
  method: z.string(),
  linkedin_oauth: z.object({ linkedin_id: z.string(), profile_url: z.string().nullable() }).nullable(),
  linkedin_url: z.string().nullable(),
  indeed_url: z.string().nullable(),
  cv_url: z.string().nullable(),
});
export type TApplicationData = z.infer<typeof ZApplicationData>;

export const ZEvaluatorApplicationItem = z.object({
  /** The user id again, for react-admin. */
  id: z.string(),
  user_id: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  evaluator_status: ZEvaluatorStatus,
  qualification_tier: ZQualificationTier.nullable(),
  application_method: z.string(),
  applied_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /** No reputation system yet: null until votes are reviewed (see README). */
  reputation_score: z.number().nullable(),
  expert_tier_interest_expressed: z.boolean(),
  /** Null once the person is erased. */
  application_data: ZApplicationData.nullable(),
});
export type TEvaluatorApplicationItem = z.infer<typeof ZEvaluatorApplicationItem>;

export const ZApplicationStatusFilter = z.enum(['pending', 'verified', 'rejected', 'all']);

export const ZApplicationsQuery = z.object({
  status: ZApplicationStatusFilter.default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(ADMIN_APPLICATIONS_LIMIT_DEFAULT),
  // react-admin (ra-data-simple-rest) parameters; when present the reply is a bare array.
  sort: z.string().max(200).optional(),
  range: z.string().max(200).optional(),
  filter: z.string().max(4000).optional(),
  // Keyset pages of the react-admin list (services/api/src/admin/ra-list.ts).
  after: z.string().max(2000).optional(),
});

export const ZApplicationsReply = z.object({
  applications: z.array(ZEvaluatorApplicationItem),
  total: z.number().int(),
});

export const ZApproveRequest = z.object({ qualification_tier: ZQualificationTier.default('community') });
export const ZRejectRequest = z.object({ rejection_reason: ZMultiLineText().max(2000) });

export const ZReviewReply = z.object({
  message: z.string(),
  application: ZEvaluatorApplicationItem,
});
