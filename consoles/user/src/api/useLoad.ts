import {
  useCallback,
  useEffect,
  useState,
  type DependencyList,
  type Dispatch,
  type SetStateAction,
} from 'react';
import type { ApiError } from './client';

export interface Loaded<T> {
  /** The last reply; undefined while the first load runs or after it failed. */
  data: T | undefined;
  /** The failure's message (or the fallback) once a load failed; cleared when a new load starts. */
  error: string | undefined;
  /** The HTTP status of that failure (500 for a network failure), for screens that tell 404 apart. */
  errorStatus: number | undefined;
  loading: boolean;
  /** Loads again with the same dependencies (the Retry buttons). */
  retry: () => void;
  /** Replaces the data after a write, without a new request. */
  setData: Dispatch<SetStateAction<T | undefined>>;
}

export interface LoadOptions {
  /**
   * Shown when a failure carries no message of its own, e.g. 'Failed to load evaluations'; a
   * function words every failure itself (e.g. 'Failed to load version history: ...').
   */
  failure: string | ((error: ApiError) => string);
  /** Forget the old data when the dependencies change (a new page or search), not only on retry. */
  clearOnChange?: boolean;
}

/**
 * The one way a screen loads: runs `load` on mount and whenever `deps` change or retry is
 * pressed, and aborts the request in flight on unmount or change so a late reply never lands on
 * the wrong screen. `load` may return undefined to wait (e.g. until a status is known).
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T> | undefined,
  deps: DependencyList,
  options: LoadOptions,
): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<{ message: string; status: number }>();
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const { failure, clearOnChange } = options;

  useEffect(() => {
    const controller = new AbortController();
    setError(undefined);
    if (clearOnChange) setData(undefined);
    const pending = load(controller.signal);
    if (!pending) return () => controller.abort();
    setLoading(true);
    pending
      .then((reply) => {
        if (!controller.signal.aborted) setData(() => reply);
      })
      .catch((caught: ApiError) => {
        if (controller.signal.aborted) return;
        setError({ message: failureMessage(failure, caught), status: caught.status });
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // The caller's deps decide when to load again; `load` is a new closure every render.
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error: error?.message, errorStatus: error?.status, loading, retry, setData };
}

/** How a failed load reads: the caller's wording, else the error's own message or the fallback. */
export function failureMessage(failure: LoadOptions['failure'], caught: ApiError): string {
  return typeof failure === 'function' ? failure(caught) : caught.message || failure;
}
