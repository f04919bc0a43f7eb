import type { TCreateEvaluationRequest, TUpdateEvaluationRequest } from '@evalmarket/contracts';
import { api, apiCall } from './client';
import { at, type Body, type Query } from './paths';

/**
 * The evaluations domain: an evaluation, its items, versions, status and owner settings. Each
 * function is one request; its `action` names the network-failure message the person sees.
 */

export function listPublicEvaluations(query: Query<'/api/v1/evaluations'>, signal?: AbortSignal) {
  return apiCall({ action: 'loading public evaluations', anonymous: true, signal }, (init) =>
    api.GET('/api/v1/evaluations', { ...init, params: { query: { ...query, public_only: 'true' } } }),
  );
}

export function listOwnEvaluations(signal?: AbortSignal) {
  return apiCall({ action: 'loading your evaluations', signal }, (init) =>
    api.GET('/api/v1/evaluations', { ...init, params: { query: { public_only: 'false', limit: 100 } } }),
  );
}

export function createEvaluation(body: TCreateEvaluationRequest) {
  const action = body.status === 'draft' ? 'saving the draft' : 'creating the evaluation';
  return apiCall({ action, idempotencyKey: crypto.randomUUID() }, (init) =>
    api.POST('/api/v1/jobs', { ...init, body }),
  );
}

export function getEvaluation(id: string, signal?: AbortSignal) {
  return apiCall({ action: 'loading the evaluation', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}', { ...init, ...at(id) }),
  );
}

export function updateEvaluation(id: string, changes: TUpdateEvaluationRequest) {
  return apiCall({ action: 'saving the evaluation' }, (init) =>
    api.PATCH('/api/v1/evaluations/{id}', { ...init, ...at(id), body: changes }),
  );
}

export function changeEvaluationStatus(
  id: string,
  status: Body<'/api/v1/evaluations/{id}/status', 'post'>['status'],
) {
  return apiCall({ action: 'changing the evaluation status' }, (init) =>
    api.POST('/api/v1/evaluations/{id}/status', { ...init, ...at(id), body: { status } }),
  );
}

export function listVersions(id: string, signal?: AbortSignal) {
  return apiCall({ action: 'loading the version history', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}/versions', { ...init, ...at(id) }),
  );
}

export function listItems(id: string, query: { limit: number; cursor?: string }, signal?: AbortSignal) {
  return apiCall({ action: 'loading the items', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}/items', { ...init, params: { path: { id }, query } }),
  );
}

export function uploadItems(id: string, items: Body<'/api/v1/evaluations/{id}/items', 'post'>['items']) {
  return apiCall({ action: 'uploading items' }, (init) =>
    api.POST('/api/v1/evaluations/{id}/items', { ...init, ...at(id), body: { items } }),
  );
}

export function getQualityMetrics(id: string, decayLambda: number, signal?: AbortSignal) {
  return apiCall({ action: 'loading quality metrics', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}/metrics', {
      ...init,
      params: { path: { id }, query: { decay_lambda: decayLambda } },
    }),
  );
}

export function getBudget(id: string, signal?: AbortSignal) {
  return apiCall({ action: 'loading budget data', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}/budget', { ...init, ...at(id) }),
  );
}

/** The votes as CSV text. */
export async function exportVotesCsv(id: string): Promise<string> {
  const csv = await apiCall({ action: 'exporting the votes' }, (init) =>
    api.GET('/api/v1/evaluations/{id}/export', {
      ...init,
      params: { path: { id }, query: { format: 'csv' } },
      parseAs: 'text',
    }),
  );
  return String(csv);
}

export function getBudgetAlerts(id: string, signal?: AbortSignal) {
  return apiCall({ action: 'loading budget alerts', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}/alerts', { ...init, ...at(id) }),
  );
}

export function saveBudgetAlerts(id: string, body: Body<'/api/v1/evaluations/{id}/alerts', 'post'>) {
  return apiCall({ action: 'saving budget alerts' }, (init) =>
    api.POST('/api/v1/evaluations/{id}/alerts', { ...init, ...at(id), body }),
  );
}
