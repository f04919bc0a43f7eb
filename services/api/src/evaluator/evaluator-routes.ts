import { FILE_BODY } from '../http/openapi/operation-rules.js';
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  CV_MAX_BYTES,
  CV_SIZE_MESSAGE,
  CV_TYPE_MESSAGE,
  evaluatorStreamId,
  EXPERT_INTEREST_ALREADY_EXPRESSED,
  INDEED_RESUME_URL_PATTERN,
  INDEED_URL_MESSAGE,
  ZApplyReply,
  ZApplyRequest,
  ZEvaluatorStatusReply,
  ZMessageReply,
  ZUploadCvReply,
  type TApplyRequest,
  type TEvaluatorStatus,
} from '@evalmarket/contracts';
import { getWalletBalance } from '@evalmarket/projector';
import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { requireUser } from '../auth/guards.js';
import { createLocalBlobStore, type BlobStore } from '../blobs/blob-store.js';
import { createS3BlobStore } from '../blobs/s3-blob-store.js';
import { appendDecision } from '../events/append-decision.js';
import { eventMetadata } from '../events/record-events.js';
import { AppError, AppErrorCode, ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import { unstorableTextError } from '../http/storable-text.js';
import { sealPersonalData } from '../identity/personal-data.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { detectCvFileType } from './cv-file-type.js';
import { cvStructureProblem } from './cv-structure.js';
import { loadEvaluator } from './evaluator-state.js';
import { getPayoutStatus } from './payout-status.js';
import { cashableCredits } from '../payments/cashout.js';

/** A LinkedIn sign-in stays usable for an application this long after its callback. */
export const LINKEDIN_VERIFICATION_TTL_MS = 60 * 60 * 1000;
export const CV_URL_PREFIX = '/api/v1/evaluator/cv/';

const ALREADY_APPLIED: Record<string, string> = {
  pending: 'You have already applied; your application is pending review',
  verified: 'You are already a verified evaluator',
  rejected: 'Your application was rejected; register a new account to apply again',
};

/** The evaluator's own routes; CVs go to the local blob store under BLOB_DIR unless `blobs` is given. */
export function createEvaluatorRoutes(options: { blobs?: BlobStore } = {}) {
  return async function evaluatorRoutes(app: App, context: DomainContext): Promise<void> {
    const { config } = context;
    const blobs =
      options.blobs ?? (config.s3 ? createS3BlobStore(config.s3) : createLocalBlobStore(config.blobDir));
    // Signed in first, then validation: a signed-out request gets the spec's 401, not a 422.
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });
    await app.register(multipart, {
      // One byte more than allowed so that "too large" is detected rather than silently cut.
      limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 10, parts: 12 },
    });

    applyRoute(app, context);
    cvRoutes(app, context, blobs);
    statusRoutes(app, context);
  };
}

/**
 * POST /evaluator/apply: by LinkedIn (verified in the last hour), CV upload or Indeed resume.
 *
 * Longer than 100 lines: one route whose handler checks the three ways to apply in turn.
 */
function applyRoute(app: App, context: DomainContext): void {
  const { sql, store } = context;
  app.post(
    '/evaluator/apply',
    {
      schema: {
        tags: ['evaluator'],
        summary: 'Apply as an evaluator by LinkedIn, CV upload or Indeed resume; makes the person pending',
        body: ZApplyRequest,
        response: { 201: ZApplyReply },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const body = request.body;
      const state = await loadEvaluator(store, userId);
      if (state.status !== 'not_applied') throw new ConflictError(ALREADY_APPLIED[state.status]!);
      const applicationData = await applicationDataFor(userId, body);
      const sealed = await sealPersonalData(sql, userId, applicationData);
      const [event] = await appendDecision(
        context,
        evaluatorStreamId(userId),
        [
          {
            type: 'EvaluatorApplied',
            data: {
              user_id: userId,
              application_method: body.application_method,
              application_data: sealed,
            },
          },
        ],
        {
          expectedVersion: state.version,
          metadata: eventMetadata(request),
          conflictDetail: ALREADY_APPLIED.pending!,
        },
      );
      reply.status(201);
      return {
        message:
          'Application submitted. We review applications within 48 hours; you can start evaluating now, and earnings become cashable once you are approved.',
        evaluator_status: 'pending' as const,
        application_method: body.application_method,
        applied_at: new Date(event!.recorded_at).toISOString(),
      };
    },
  );

  async function applicationDataFor(userId: string, body: TApplyRequest): Promise<Record<string, unknown>> {
    const base = { method: body.application_method };
    switch (body.application_method) {
      case 'indeed': {
        const url = body.indeed_url?.trim() ?? '';
        if (!INDEED_RESUME_URL_PATTERN.test(url))
          throw ValidationError.at(['body', 'indeed_url'], INDEED_URL_MESSAGE);
        return { ...base, indeed_url: url };
      }
      case 'cv_upload': {
        const url = body.cv_file_url?.trim() ?? '';
        const fileId = url.startsWith(CV_URL_PREFIX) ? url.slice(CV_URL_PREFIX.length) : '';
        const { rows } = await sql.query<{ id: string }>(
          'SELECT id FROM evaluator_cv_files WHERE id = $1 AND user_id = $2',
          [fileId, userId],
        );
        if (!rows[0]) {
          throw ValidationError.at(['body', 'cv_file_url'], 'must be the file_url of a CV you uploaded');
        }
        return { ...base, cv_url: url };
      }
      case 'linkedin_oauth': {
        const data = body.linkedin_oauth_data;
        if (!data)
          throw ValidationError.at(['body', 'linkedin_oauth_data'], 'is required for LinkedIn applications');
        const { rows } = await sql.query<{
          name: string;
          email: string;
          profile_url: string | null;
          verified_at: Date | string;
        }>(
          'SELECT name, email, profile_url, verified_at FROM linkedin_verifications WHERE linkedin_id = $1',
          [data.linkedin_id],
        );
        const verified = rows[0];
        if (
          !verified ||
          context.now().getTime() - new Date(verified.verified_at).getTime() > LINKEDIN_VERIFICATION_TTL_MS
        ) {
          throw ValidationError.at(
            ['body', 'linkedin_oauth_data', 'linkedin_id'],
            'LinkedIn sign-in could not be confirmed; connect LinkedIn again',
          );
        }
        // What LinkedIn said wins over what the browser sent back.
        return {
          ...base,
          imported_name: verified.name || data.name,
          imported_email: verified.email || data.email,
          linkedin_oauth: { linkedin_id: data.linkedin_id, profile_url: verified.profile_url },
          linkedin_url: verified.profile_url,
        };
      }
    }
  }
}

/**
 * The CV: uploaded (type recognised by content, structure checked), downloaded by its owner or an admin.
 *
 * Longer than 100 lines: its routes, one after another with their schemas, read as one list; each
 * handler is short or calls out.
 */
function cvRoutes(app: App, context: DomainContext, blobs: BlobStore): void {
  const { sql } = context;
  app.post(
    '/evaluator/upload/cv',
    {
      config: {
        idempotency: false,
        openapi: {
          body: { contentType: 'multipart/form-data', schema: z.object({ file: FILE_BODY }) },
        },
      },
      schema: {
        tags: ['evaluator'],
        summary: 'Upload a CV (multipart field `file`): PDF, DOC or DOCX recognised by content, under 5 MB',
        consumes: ['multipart/form-data'],
        response: { 201: ZUploadCvReply },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      if (!request.isMultipart()) {
        throw ValidationError.at(['body', 'file'], 'send the CV as multipart/form-data in the field "file"');
      }
      let part;
      try {
        part = await request.file();
      } catch (error) {
        throw uploadError(error);
      }
      if (!part || part.fieldname !== 'file') throw ValidationError.at(['body', 'file'], 'is required');
      const unstorableName = unstorableTextError(part.filename, ['body', 'file', 'filename']);
      if (unstorableName) throw unstorableName;
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        throw uploadError(error);
      }
      if (part.file.truncated || bytes.length > CV_MAX_BYTES) throw tooLarge();
      if (bytes.length === 0) throw ValidationError.at(['body', 'file'], CV_TYPE_MESSAGE);
      const kind = detectCvFileType(bytes);
      if (!kind) throw ValidationError.at(['body', 'file'], CV_TYPE_MESSAGE, 'unsupported_file_type');
      const problem = await cvStructureProblem(bytes, kind);
      if (problem) throw ValidationError.at(['body', 'file'], problem, 'malformed_file');
      const fileId = randomUUID();
      const storageKey = `cv/${userId}/${fileId}.${kind.extension}`;
      await blobs.put(storageKey, bytes, kind.contentType);
      await sql.query(
        `INSERT INTO evaluator_cv_files (id, user_id, storage_key, content_type, size_bytes, original_name)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          fileId,
          userId,
          storageKey,
          kind.contentType,
          bytes.length,
          part.filename ? Array.from(part.filename).slice(0, 255).join('') : null,
        ],
      );
      reply.status(201);
      return {
        file_url: `${CV_URL_PREFIX}${fileId}`,
        file_id: fileId,
        content_type: kind.contentType,
        size_bytes: bytes.length,
      };
    },
  );

  app.get(
    '/evaluator/cv/:file_id',
    {
      config: {
        openapi: {
          reply: {
            status: 200,
            description: 'The CV as uploaded',
            content: {
              'application/pdf': FILE_BODY,
              'application/msword': FILE_BODY,
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document': FILE_BODY,
            },
          },
        },
      },
      schema: {
        tags: ['evaluator'],
        summary: 'Download an uploaded CV (its owner or a platform admin)',
        params: z.object({ file_id: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const { rows } = await sql.query<{ user_id: string; storage_key: string; content_type: string }>(
        'SELECT user_id, storage_key, content_type FROM evaluator_cv_files WHERE id = $1',
        [request.params.file_id],
      );
      const row = rows[0];
      if (!row || (row.user_id !== userId && !request.isAdmin)) throw new NotFoundError('CV not found');
      const blob = await blobs.get(row.storage_key);
      if (!blob) throw new NotFoundError('CV not found');
      const extension = row.storage_key.slice(row.storage_key.lastIndexOf('.'));
      return reply
        .type(row.content_type)
        .header('content-disposition', `attachment; filename="cv${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .send(blob.bytes);
    },
  );
}

/** The evaluator's status and the expert-tier interest. */
function statusRoutes(app: App, context: DomainContext): void {
  const { sql, store, config } = context;
  app.get(
    '/evaluator/status',
    {
      schema: {
        tags: ['evaluator'],
        summary: 'Evaluator status, earning balance and whether a cash-out is possible',
        response: { 200: ZEvaluatorStatusReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const { rows } = await sql.query<{
        evaluator_status: 'pending' | 'verified' | 'rejected';
        qualification_tier: 'community' | 'expert' | null;
        rejection_reason: string | null;
        expert_tier_interest_expressed: boolean;
      }>(
        `SELECT evaluator_status, qualification_tier, rejection_reason, expert_tier_interest_expressed
         FROM evaluator_applications WHERE user_id = $1`,
        [userId],
      );
      const row = rows[0];
      const balance = await getWalletBalance(sql, userId, 'earning');
      const payout = await getPayoutStatus(sql, userId);
      const status: TEvaluatorStatus = row?.evaluator_status ?? 'not_applied';
      return {
        evaluator_status: status,
        qualification_tier: row?.qualification_tier ?? null,
        rejection_reason: row?.rejection_reason ?? null,
        earning_balance: balance.credits_balance,
        minimum_cashout_credits: config.minimumCashoutCredits,
        can_cashout:
          status === 'verified' &&
          payout.payouts_enabled &&
          cashableCredits(balance.credits_balance) >= config.minimumCashoutCredits,
        expert_tier_interest_expressed: row?.expert_tier_interest_expressed ?? false,
        stripe_connect_status: payout,
      };
    },
  );

  app.post(
    '/evaluator/express-expert-interest',
    {
      schema: {
        tags: ['evaluator'],
        summary: 'A pending or verified evaluator asks to be considered for the expert tier (once)',
        response: { 201: ZMessageReply },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const state = await loadEvaluator(store, userId);
      if (state.expertInterestExpressed) throw new ConflictError(EXPERT_INTEREST_ALREADY_EXPRESSED);
      if (state.status !== 'pending' && state.status !== 'verified') {
        throw new ConflictError('Only pending or verified evaluators can express expert tier interest');
      }
      await appendDecision(
        context,
        evaluatorStreamId(userId),
        [{ type: 'ExpertInterestExpressed', data: { user_id: userId } }],
        {
          expectedVersion: state.version,
          metadata: eventMetadata(request),
          conflictDetail: EXPERT_INTEREST_ALREADY_EXPRESSED,
        },
      );
      reply.status(201);
      return { message: 'Expert tier interest recorded. We will be in touch.' };
    },
  );
}

function tooLarge(): AppError {
  return new AppError(413, AppErrorCode.PayloadTooLarge, CV_SIZE_MESSAGE);
}

/**
 * Errors while reading the multipart stream (truncated bodies, missing boundary, limits) are about
 * the request, never a 500.
 */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  const message = error instanceof Error && error.message ? error.message : 'could not be read';
  return ValidationError.at(['body', 'file'], `The upload could not be read: ${message}`);
}
