import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { listItems } from '../../../api/evaluations';
import { useLoad } from '../../../api/useLoad';
import { ItemVotesTable } from './ItemVotesTable';

const PAGE_SIZE = 25;

type ItemsPage = Awaited<ReturnType<typeof listItems>>;

/**
 * Owner only: the items in the order evaluators get them, with votes, the verdict once complete
 * and the comments (never who voted); keyset paged by the API's cursor.
 */
export function ItemsTable({
  evaluationId,
  reloadKey,
  onTotal,
}: {
  evaluationId: string;
  reloadKey: number;
  onTotal?: (total: number) => void;
}) {
  // A failed Load More shows like a failed first page; Retry (a new first page) clears it.
  const [moreError, setMoreError] = useState<string>();
  const reported = (page: ItemsPage) => {
    onTotal?.(page.items_total);
    return page;
  };
  const firstPage = useLoad(
    (signal) => {
      setMoreError(undefined);
      return listItems(evaluationId, { limit: PAGE_SIZE }, signal).then(reported);
    },
    [evaluationId, onTotal, reloadKey],
    { failure: (error) => error.message },
  );
  const loadError = firstPage.error ?? moreError;
  const items = firstPage.data?.items;
  const total = firstPage.data?.items_total ?? 0;
  const cursor = firstPage.data?.next_cursor;

  function loadMore(after: string) {
    listItems(evaluationId, { limit: PAGE_SIZE, cursor: after })
      .then(reported)
      .then((page) =>
        firstPage.setData((shown) => ({ ...page, items: [...(shown?.items ?? []), ...page.items] })),
      )
      .catch((error: ApiError) => setMoreError(error.message));
  }

  return (
    <>
      {loadError ? (
        <div className="form-error" role="alert">
          <p>{loadError}</p>
          <button type="button" className="button" onClick={firstPage.retry}>
            Retry
          </button>
        </div>
      ) : !items ? (
        <p className="muted">Loading items...</p>
      ) : items.length === 0 ? (
        <p className="muted">No items yet.</p>
      ) : (
        <>
          <p className="muted" data-testid="items-total">
            {total.toLocaleString('en-US')} {total === 1 ? 'item' : 'items'}
          </p>
          <ItemVotesTable items={items} />
          {cursor && (
            <button type="button" className="button" onClick={() => loadMore(cursor)}>
              Load more items
            </button>
          )}
        </>
      )}
    </>
  );
}
