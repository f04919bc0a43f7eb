import type { paths } from '@evalmarket/api-client';

/** The JSON body a path's method takes, from the generated client (`Body<'/api/v1/jobs', 'post'>`). */
export type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The query parameters a path's GET takes. */
export type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;

/** The `params` of a call on one evaluation or project: `{ ...init, ...at(id) }`. */
export const at = (id: string) => ({ params: { path: { id } } });
