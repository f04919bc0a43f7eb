import type { TEvaluationItem } from '@evalmarket/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../../api/client';
import { listItems } from '../../../api/evaluations';
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
  const [items, setItems] = useState<TEvaluationItem[]>();
  const [total, setTotal] = useState(0);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string>();
  const [loadKey, setLoadKey] = useState(0);

  const loadPage = useCallback(
    async (after: string | null, signal?: AbortSignal) => {
      const page = await listItems(
        evaluationId,
        { limit: PAGE_SIZE, ...(after ? { cursor: after } : {}) },
        signal,
      );
      setTotal(page.items_total);
      onTotal?.(page.items_total);
      setCursor(page.next_cursor);
      setItems((current) => (after ? [...(current ?? []), ...page.items] : page.items));
    },
    [evaluationId, onTotal],
  );

  useEffect(() => {
    // Not useLoad: Load More appends pages and shares the error and its Retry with the first page.
    const controller = new AbortController();
    setLoadError(undefined);
    loadPage(null, controller.signal).catch(
      (error: ApiError) => !controller.signal.aborted && setLoadError(error.message),
    );
    return () => controller.abort();
  }, [loadPage, reloadKey, loadKey]);

  return (
    <>
      {loadError ? (
        <div className="form-error" role="alert">
          <p>{loadError}</p>
          <button type="button" className="button" onClick={() => setLoadKey((key) => key + 1)}>
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
            <button
              type="button"
              className="button"
              onClick={() => void loadPage(cursor).catch((error: ApiError) => setLoadError(error.message))}
            >
              Load more items
            </button>
          )}
        </>
      )}
    </>
  );
}
