import { listItems } from '../../../api/evaluations';
import { usePagedLoad } from '../../../api/usePagedLoad';
import { ItemVotesTable } from './ItemVotesTable';

const PAGE_SIZE = 25;

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
  const {
    page,
    error: loadError,
    retry,
    loadMore,
  } = usePagedLoad(
    (after, signal) =>
      listItems(evaluationId, { limit: PAGE_SIZE, ...(after ? { cursor: after } : {}) }, signal).then(
        (loaded) => {
          onTotal?.(loaded.items_total);
          return loaded;
        },
      ),
    (shown, next) => ({ ...next, items: [...shown.items, ...next.items] }),
    [evaluationId, onTotal, reloadKey],
    { failure: (error) => error.message },
  );
  const items = page?.items;
  const total = page?.items_total ?? 0;
  const cursor = page?.next_cursor;

  return (
    <>
      {loadError ? (
        <div className="form-error" role="alert">
          <p>{loadError}</p>
          <button type="button" className="button" onClick={retry}>
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
