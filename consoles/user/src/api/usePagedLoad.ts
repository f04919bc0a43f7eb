import { useRef, useState, type DependencyList } from 'react';
import type { ApiError } from './client';
import { failureMessage, useLoad, type LoadOptions } from './useLoad';

/**
 * A keyset-paged list on useLoad: the first page loads (again when `deps` change or on Retry,
 * which also cancels a Load More in flight); `loadMore(cursor)` appends the next page with
 * `append`, and its failure shows as the list's error, worded by `options.failure`, until the
 * next first page.
 */
export function usePagedLoad<Page>(
  loadPage: (cursor: string | null, signal: AbortSignal) => Promise<Page>,
  append: (shown: Page, next: Page) => Page,
  deps: DependencyList,
  options: LoadOptions,
) {
  const [more, setMore] = useState<{ loading: boolean; error?: string }>({ loading: false });
  const moreRequest = useRef<AbortController>(undefined);
  const firstPage = useLoad(
    (signal) => {
      moreRequest.current?.abort();
      setMore({ loading: false });
      return loadPage(null, signal);
    },
    deps,
    options,
  );

  function loadMore(cursor: string) {
    const controller = new AbortController();
    moreRequest.current = controller;
    setMore({ loading: true });
    loadPage(cursor, controller.signal)
      .then((next) => {
        firstPage.setData((shown) => (shown ? append(shown, next) : next));
        setMore({ loading: false });
      })
      .catch((caught: ApiError) => {
        if (!controller.signal.aborted)
          setMore({ loading: false, error: failureMessage(options.failure, caught) });
      });
  }

  return {
    page: firstPage.data,
    loading: firstPage.loading || more.loading,
    error: firstPage.error ?? more.error,
    retry: firstPage.retry,
    loadMore,
  };
}
