import { api, apiCall } from './client';
import { at, type Body } from './paths';

/** An evaluation's configuration (spec 000 section 9): who may evaluate, rates, instructions, budget. */
export function getEvaluationConfig(id: string, signal?: AbortSignal) {
  return apiCall({ action: 'loading the configuration', signal }, (init) =>
    api.GET('/api/v1/projects/{id}/evaluation-config', { ...init, ...at(id) }),
  );
}

export function saveEvaluationConfig(
  id: string,
  body: Body<'/api/v1/projects/{id}/evaluation-config', 'post'>,
) {
  return apiCall({ action: 'saving the configuration' }, (init) =>
    api.POST('/api/v1/projects/{id}/evaluation-config', { ...init, ...at(id), body }),
  );
}

export function validateAppUrl(id: string, url: string) {
  return apiCall({ action: 'validating the URL' }, (init) =>
    api.POST('/api/v1/projects/{id}/validate-app-url', { ...init, ...at(id), body: { url } }),
  );
}
