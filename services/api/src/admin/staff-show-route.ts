import { z } from 'zod';
import type { App } from '../app/build-app.js';
import { NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';

/** How one record of a staff resource is found and shaped (react-admin getOne). */
export interface ShowRoute {
  resource: string;
  /** A table or a subquery with its alias. */
  from: string;
  /** The expression the id is compared with. */
  id: string;
  record: z.ZodType;
  toRecord: (row: Record<string, unknown>) => unknown;
}

/** GET /admin/{resource}/{id}: one record, 404 'Not Found' when there is none. */
export function registerShowRoute(app: App, sql: DomainContext['sql'], show: ShowRoute): void {
  app.get(
    `/admin/${show.resource}/:id`,
    {
      schema: {
        tags: ['admin'],
        summary: `One of ${show.resource}`,
        params: z.object({ id: z.string().max(128) }),
        response: { 200: show.record },
      },
    },
    async (request) => {
      const { rows } = await sql.query(`SELECT * FROM ${show.from} WHERE ${show.id} = $1`, [
        request.params.id,
      ]);
      if (!rows[0]) throw new NotFoundError('Not Found');
      return show.toRecord(rows[0]);
    },
  );
}
