import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

/** The named schemas of the API's document (`Schemas['Evaluation']`, `Schemas['ErrorReply']`). */
export type Schemas = components['schemas'];

/** The typed client of the Evalmarket API: paths, parameters, bodies and replies from its OpenAPI document. */
export type ApiClient = Client<paths>;

/** A client for `baseUrl` (the API's origin; '' in a console served by the API itself). */
export function createApiClient(options: ClientOptions = {}): ApiClient {
  return createClient<paths>(options);
}

/** The JSON body an operation answers with `status`, e.g. `JsonReply<'getAdminFinanceSummary'>`. */
export type JsonReply<
  K extends keyof operations,
  S extends number = 200,
> = operations[K]['responses'] extends {
  [status in S]: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
