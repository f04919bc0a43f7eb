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

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Words for the network-failure message: "Network error while {action}". */
  action: string;
  /** Sent as Idempotency-Key, so a retried write happens once. */
  idempotencyKey?: string;
  /** Skip the bearer token (public calls such as the email-change link). */
  anonymous?: boolean;
  signal?: AbortSignal;
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

export async function apiRequest<T>(path: string, request: ApiRequest): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, request)).data;
}

/** As apiRequest, with the reply headers too (cursor paging reads x-next-before). */
export async function apiRequestWithHeaders<T>(
  path: string,
  request: ApiRequest,
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const multipart = typeof FormData !== 'undefined' && request.body instanceof FormData;
  if (request.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  const token = request.anonymous ? undefined : currentToken();
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body:
        request.body === undefined
          ? undefined
          : multipart
            ? (request.body as FormData)
            : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(`Network error while ${request.action}`, 500);
  }

  const text = await response.text();
  const payload: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const reply = (payload ?? {}) as Partial<TErrorReply>;
    const error = new ApiError(
      detailMessage(reply.detail) ?? `Request failed (${response.status})`,
      response.status,
      reply.detail,
      reply.code,
    );
    if (response.status === 401 && token) onUnauthorized(error);
    throw error;
  }
  return { data: payload as T, headers: response.headers };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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
