import type { TEvaluatorStatusReply } from '@evalmarket/contracts';
import { useEffect, useState } from 'react';
import { getEvaluatorStatus } from '../api/evaluator';
import { useLoad } from '../api/useLoad';

const STATUS_CHANGED = 'evalmarket:evaluator-status-changed';

/** Tells the menu that this person's evaluator status changed (an application was sent). */
export function announceEvaluatorStatusChange(): void {
  window.dispatchEvent(new Event(STATUS_CHANGED));
}

/**
 * The signed-in person's evaluator status for the menu, read again on each page change and when
 * a page announces a change, so the menu follows an application or a verification. A failed read
 * leaves the last known value: the menu then shows only the links that need no status.
 */
export function useEvaluatorStatus(signedIn: boolean, pathname: string): TEvaluatorStatusReply | undefined {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const changed = () => setChanges((count) => count + 1);
    window.addEventListener(STATUS_CHANGED, changed);
    return () => window.removeEventListener(STATUS_CHANGED, changed);
  }, []);
  // Signed out resolves to nothing, so the next person never sees the last one's status.
  const { data: status } = useLoad<TEvaluatorStatusReply | undefined>(
    (signal) => (signedIn ? getEvaluatorStatus(signal) : Promise.resolve(undefined)),
    [signedIn, pathname, changes],
    { failure: 'Evaluator status unavailable' },
  );
  return signedIn ? status : undefined;
}
