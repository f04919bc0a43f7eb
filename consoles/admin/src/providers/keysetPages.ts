import type { fetchUtils, GetListParams, GetListResult } from 'ra-core';

type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<{ headers: Headers; json: unknown }>;

/** The cursors of the pages a list has visited under one sort, filter and page size. */
interface Visit {
  key: string;
  /** cursors[n] is what page n + 1 asks `after` ('' for the first page). */
  cursors: string[];
}

/**
 * react-admin partial pagination over the API's keyset form (services/api/src/admin/ra-list.ts):
 * `after` and `limit` instead of `range`, `pageInfo` instead of a total, so a list of millions of
 * events never counts them. Page n + 1 asks after page n's last row, so it is known only once
 * page n has been read; a page never reached this way (a deep link, a new sort or filter) answers
 * undefined, and the caller uses the offset form for it.
 */
export function createKeysetPages(apiUrl: string, httpClient: HttpClient) {
  const visits = new Map<string, Visit>();
  return async function keysetPage(
    resource: string,
    params: GetListParams,
  ): Promise<GetListResult | undefined> {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const key = JSON.stringify([params.sort, params.filter, perPage]);
    let visit = visits.get(resource);
    if (!visit || visit.key !== key) {
      visit = { key, cursors: [''] };
      visits.set(resource, visit);
    }
    const after = visit.cursors[page - 1];
    if (after === undefined) return undefined;
    // `after` (empty on the first page) is what asks the API for keyset pages.
    const query = new URLSearchParams({
      filter: JSON.stringify(params.filter ?? {}),
      limit: String(perPage),
      after,
    });
    if (params.sort) query.set('sort', JSON.stringify([params.sort.field, params.sort.order]));
    const { headers, json } = await httpClient(`${apiUrl}/${resource}?${query}`, { signal: params.signal });
    const next = headers.get('x-next-cursor');
    visit.cursors.length = page;
    if (next) visit.cursors.push(next);
    const data = json as GetListResult['data'];
    return {
      data,
      pageInfo: { hasNextPage: Boolean(next), hasPreviousPage: page > 1 },
      // On the last page the count is known (every page before it was full): without it the
      // pagination reads "1-10 of 10" under a single row.
      ...(next ? {} : { total: (page - 1) * perPage + data.length }),
    };
  };
}
