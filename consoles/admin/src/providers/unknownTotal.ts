import type { GetListResult } from 'ra-core';

/**
 * The API's offset form counts a list only so far past the page (services/api/src/admin/ra-list.ts,
 * COUNTED_PAST_PAGE); when the list goes on further, its Content-Range ends in `*` (an unknown
 * total), which ra-data-simple-rest reads as NaN. Such a page has rows after it, so it gets
 * react-admin's partial pagination (pageInfo) instead of a total.
 */
export function withUnknownTotal<Result extends GetListResult>(result: Result, page: number): Result {
  if (result.total === undefined || !Number.isNaN(result.total)) return result;
  return { ...result, total: undefined, pageInfo: { hasNextPage: true, hasPreviousPage: page > 1 } };
}
