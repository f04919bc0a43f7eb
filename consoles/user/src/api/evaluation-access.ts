import { api, apiCall } from './client';
import { at, type Body } from './paths';

/** How items and evaluators reach an evaluation: SDK keys, invitations, a Langfuse connection. */

export function listApiKeys(id: string, signal?: AbortSignal) {
  return apiCall({ action: 'loading API keys', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}/api-keys', { ...init, ...at(id) }),
  );
}

export function createApiKey(id: string, name: string) {
  return apiCall({ action: 'creating an API key' }, (init) =>
    api.POST('/api/v1/evaluations/{id}/api-keys', { ...init, ...at(id), body: { name } }),
  );
}

export function revokeApiKey(id: string, keyId: string) {
  return apiCall({ action: 'revoking the API key' }, (init) =>
    api.DELETE('/api/v1/evaluations/{id}/api-keys/{keyId}', { ...init, params: { path: { id, keyId } } }),
  );
}

export function listInvitations(id: string, signal?: AbortSignal) {
  return apiCall({ action: 'loading invitations', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}/invitations', { ...init, ...at(id) }),
  );
}

export function inviteEvaluator(id: string, email: string) {
  return apiCall({ action: 'sending the invitation' }, (init) =>
    api.POST('/api/v1/evaluations/{id}/invitations', { ...init, ...at(id), body: { email } }),
  );
}

export function revokeInvitation(id: string, invitationId: string) {
  return apiCall({ action: 'revoking the invitation' }, (init) =>
    api.DELETE('/api/v1/evaluations/{id}/invitations/{invitationId}', {
      ...init,
      params: { path: { id, invitationId } },
    }),
  );
}

export function getLangfuseConnection(id: string, signal?: AbortSignal) {
  return apiCall({ action: 'loading connection settings', signal }, (init) =>
    api.GET('/api/v1/evaluations/{id}/langfuse', { ...init, ...at(id) }),
  );
}

export function testLangfuseConnection(
  id: string,
  body: Body<'/api/v1/evaluations/{id}/langfuse/test', 'post'>,
) {
  return apiCall({ action: 'testing the Langfuse connection' }, (init) =>
    api.POST('/api/v1/evaluations/{id}/langfuse/test', { ...init, ...at(id), body }),
  );
}

/** Connects (POST) or, when a connection exists, replaces it (PUT). */
export function saveLangfuseConnection(
  id: string,
  body: Body<'/api/v1/evaluations/{id}/langfuse/connect', 'post'>,
  replace: boolean,
) {
  const target = { ...at(id), body };
  return apiCall({ action: 'saving the Langfuse connection' }, (init) =>
    replace
      ? api.PUT('/api/v1/evaluations/{id}/langfuse', { ...init, ...target })
      : api.POST('/api/v1/evaluations/{id}/langfuse/connect', { ...init, ...target }),
  );
}

export function removeLangfuseConnection(id: string) {
  return apiCall({ action: 'removing the Langfuse connection' }, (init) =>
    api.DELETE('/api/v1/evaluations/{id}/langfuse', { ...init, ...at(id) }),
  );
}
