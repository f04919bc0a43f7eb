/** Errors as Stripe answers them: `{error: {type, code, message, param}}` with its statuses. */

export class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

export const invalidRequest = (message: string, param?: string, code = 'resource_missing', status = 400) =>
  new FakeError(status, { type: 'invalid_request_error', message, ...(param ? { param } : {}), code });

export const missing = (kind: string, id: string, param = 'id') =>
  invalidRequest(`No such ${kind}: '${id}'`, param, 'resource_missing', 404);

export const PUBLISHABLE_KEY_FORBIDDEN =
  'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.';

export const RATE_LIMITED = {
  type: 'invalid_request_error',
  code: 'rate_limit',
  message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
};
