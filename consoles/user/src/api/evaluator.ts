import type { TApplyRequest } from '@evalmarket/contracts';
import { api, apiCall } from './client';
import type { Body } from './paths';

/** The evaluator domain: status and application, the workspace's projects and assignments, votes, cash-out. */

/** Where the browser goes to apply with LinkedIn (a redirect to LinkedIn, or 503 when unconfigured). */
export const LINKEDIN_AUTHORIZE = '/api/v1/auth/linkedin/authorize';

/** Every reader ignores or rewords this call's failure, so one action serves them all. */
export function getEvaluatorStatus(signal?: AbortSignal) {
  return apiCall({ action: 'loading your evaluator status', signal }, (init) =>
    api.GET('/api/v1/evaluator/status', init),
  );
}

export function applyAsEvaluator(request: TApplyRequest) {
  return apiCall({ action: 'submitting the application' }, (init) =>
    api.POST('/api/v1/evaluator/apply', { ...init, body: request }),
  );
}

/** Sent as multipart form data: the server reads the file part named `file`. */
export function uploadCv(file: File) {
  return apiCall({ action: 'uploading the CV' }, (init) =>
    api.POST('/api/v1/evaluator/upload/cv', {
      ...init,
      body: { file } as unknown as Body<'/api/v1/evaluator/upload/cv', 'post'>,
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', (body as unknown as { file: File }).file);
        return form;
      },
    }),
  );
}

export function expressExpertInterest() {
  return apiCall({ action: 'expressing expert interest' }, (init) =>
    api.POST('/api/v1/evaluator/express-expert-interest', init),
  );
}

export function listOpenProjects(signal?: AbortSignal) {
  return apiCall({ action: 'loading the projects you may evaluate', signal }, (init) =>
    api.GET('/api/v1/evaluator/projects', init),
  );
}

export function claimItem(evaluationId: string) {
  return apiCall({ action: 'claiming an item', idempotencyKey: crypto.randomUUID() }, (init) =>
    api.POST('/api/v1/evaluator/assignments', { ...init, body: { evaluation_id: evaluationId } }),
  );
}

/** The assignment id keys the vote, so a retried send counts once. */
export function castVote(
  assignmentId: string,
  body: Body<'/api/v1/evaluator/assignments/{id}/vote', 'post'>,
) {
  return apiCall({ action: 'sending your vote', idempotencyKey: `vote-${assignmentId}` }, (init) =>
    api.POST('/api/v1/evaluator/assignments/{id}/vote', {
      ...init,
      params: { path: { id: assignmentId } },
      body,
    }),
  );
}

export function releaseAssignment(assignmentId: string) {
  return apiCall({ action: 'skipping the item' }, (init) =>
    api.POST('/api/v1/evaluator/assignments/{id}/release', {
      ...init,
      params: { path: { id: assignmentId } },
    }),
  );
}

export function listOwnVotes(before: string | null | undefined, signal?: AbortSignal) {
  return apiCall({ action: 'loading your votes', signal }, (init) =>
    api.GET('/api/v1/evaluator/votes', { ...init, params: { query: before ? { before } : {} } }),
  );
}

export function listPayouts() {
  return apiCall({ action: 'loading the payout history' }, (init) =>
    api.GET('/api/v1/evaluator/cashouts', init),
  );
}

export function requestCashout(idempotencyKey: string) {
  return apiCall({ action: 'processing the cashout', idempotencyKey }, (init) =>
    api.POST('/api/v1/evaluator/cashout', init),
  );
}
