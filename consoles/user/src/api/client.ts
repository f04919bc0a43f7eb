import { createApiClient, type ApiClient } from '@evalmarket/api-client';
import type { TErrorReply } from '@evalmarket/contracts';

/**
 * The one way the console calls the API: JSON bodies, the bearer access token, and errors as
 * ApiError {message, status, detail, code}. A failed network call becomes
 * `Network error while {action}` with status 500, as the spec says.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly detail?: TErrorReply['detail'],
    readonly code?: string,
  ) {
    super(message);
  }
}

type TokenSource = () => string | undefined;
type UnauthorizedHandler = (error: ApiError) => void;

let currentToken: TokenSource = () => undefined;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** Wired once by the AuthProvider. */
export function configureApiClient(options: {
  token: TokenSource;
  onUnauthorized: UnauthorizedHandler;
}): void {
  currentToken = options.token;
  onUnauthorized = options.onUnauthorized;
}

/** The text of an error reply's detail: a string, a 422 list of {msg}, or an object with message. */
export function detailMessage(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const messages = detail
      .map((issue) => (issue && typeof issue === 'object' && 'msg' in issue ? String(issue.msg) : undefined))
      .filter((message): message is string => Boolean(message));
    return messages.length ? messages.join('; ') : undefined;
  }
  if (detail && typeof detail === 'object' && 'message' in detail) return String(detail.message);
  return undefined;
}

/** The typed client: paths, parameters and replies come from the API's OpenAPI document. */
export const api: ApiClient = createApiClient({
  baseUrl: '',
  headers: { accept: 'application/json' },
  // The global fetch at call time (tests and the fake Stripe.js may replace it).
  fetch: (input) => fetch(input),
});

/** What each call adds to its request: the bearer token, the Idempotency-Key, the abort signal. */
export type CallInit = {
  headers: Record<string, string>;
  signal?: AbortSignal;
};

export interface CallOptions {
  /** Words for the network-failure message: "Network error while {action}". */
  action: string;
  /** Sent as Idempotency-Key, so a retried write happens once. */
  idempotencyKey?: string;
  /** Skip the bearer token (public calls such as the email-change link). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

type CallResult<D> = { data?: D; error?: unknown; response: Response };

/**
 * Runs one typed call, e.g. `apiCall({ action: 'loading the wallet' }, (init) =>
 * api.GET('/api/v1/wallet/', init))`, and returns its reply, or throws ApiError.
 */
export async function apiCall<D>(
  options: CallOptions,
  send: (init: CallInit) => Promise<CallResult<D>>,
): Promise<D> {
  return (await apiCallWithHeaders(options, send)).data;
}

/** As apiCall, with the reply headers too (cursor paging reads x-next-before). */
export async function apiCallWithHeaders<D>(
  options: CallOptions,
  send: (init: CallInit) => Promise<CallResult<D>>,
): Promise<{ data: D; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const token = options.anonymous ? undefined : currentToken();
  if (token) headers.authorization = `Bearer ${token}`;

  let result: CallResult<D>;
  try {
    result = await send({ headers, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(`Network error while ${options.action}`, 500);
  }
  const { response } = result;
  if (!response.ok) {
    const reply = (result.error ?? {}) as Partial<TErrorReply>;
    const error = new ApiError(
      detailMessage(reply.detail) ?? `Request failed (${response.status})`,
      response.status,
      reply.detail,
      reply.code,
    );
    if (response.status === 401 && token) onUnauthorized(error);
    throw error;
  }
  return { data: result.data as D, headers: response.headers };
}

/** Downloads a file that needs the bearer token (an invoice PDF) and hands it to the browser. */
export async function apiDownload(path: string, fileName: string, action: string): Promise<void> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(`Network error while ${action}`, 500);
  }
  if (!response.ok) throw new ApiError(`Request failed (${response.status})`, response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
