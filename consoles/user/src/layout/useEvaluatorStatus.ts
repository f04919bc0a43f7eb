import type { TEvaluatorStatusReply } from '@evalmarket/contracts';
import { useEffect, useState } from 'react';
import { apiCall, api } from '../api/client';

/**
 * The signed-in person's evaluator status for the menu, read again on each page change so the
 * menu follows an application or a verification. A failed read leaves the last known value: the
 * menu then shows only the links that need no status.
 */
export function useEvaluatorStatus(signedIn: boolean, pathname: string): TEvaluatorStatusReply | undefined {
  const [status, setStatus] = useState<TEvaluatorStatusReply>();
  useEffect(() => {
    if (!signedIn) {
      setStatus(undefined);
      return;
    }
    const controller = new AbortController();
    apiCall({ action: 'loading your evaluator status', signal: controller.signal }, (init) =>
      api.GET('/api/v1/evaluator/status', init),
    )
      .then(setStatus)
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn, pathname]);
  return status;
}
