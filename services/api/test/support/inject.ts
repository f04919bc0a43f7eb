import type { InjectOptions, LightMyRequestResponse } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Headers = Record<string, string>;

interface Injectable {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface Injector {
  /** Any request as light-my-request takes it: absolute URL, headers and payload as written. */
  send(options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * `/api/v1` + `path`, with the caller's headers (a signed-in person's `headers`, or none for
   * nobody) and a JSON payload only when one is given: an explicit `undefined` payload would
   * otherwise reach a route as an empty body.
   */
  call(method: Method, path: string, headers?: Headers, payload?: unknown): Promise<LightMyRequestResponse>;
}

/**
 * The one way API tests call the app in memory (`app.inject`, no socket). `app` is read at each
 * call, so a suite can create its injector before `beforeAll` has started the runtime.
 */
export function injector(app: () => Injectable): Injector {
  const send = (options: InjectOptions) => app().inject(options);
  return {
    send,
    call: (method, path, headers = {}, payload) =>
      send({
        method,
        url: `/api/v1${path}`,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/**
 * A react-admin list query string: strings as they are, anything else (sort, range, filter) as
 * JSON, each URL-encoded.
 */
export const raQuery = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(
      ([key, value]) =>
        `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
    )
    .join('&');
