import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself `ms` after it was last shown (a newer one restarts the clock);
 * the timer stops when the screen goes away.
 */
export function useFlash<T>(ms: number): [T | undefined, (value: T) => void] {
  const [value, setValue] = useState<T>();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const flash = useCallback(
    (next: T) => {
      setValue(next);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setValue(undefined), ms);
    },
    [ms],
  );
  return [value, flash];
}
