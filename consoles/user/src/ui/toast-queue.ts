/** At most this many toasts show at once; older ones give way to newer ones. */
export const MAX_TOASTS = 3;

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
  /** Stays until dismissed or the page changes (spec: errors about Langfuse do not auto-hide). */
  sticky: boolean;
}

/**
 * The toasts after one more arrives: a toast with the same kind and text as one already shown
 * replaces it (moved to the newest place, with the new id, so its timer starts again) instead of
 * piling up, and only the newest MAX_TOASTS remain.
 */
export function addToast(shown: readonly Toast[], next: Toast): Toast[] {
  const others = shown.filter((toast) => toast.kind !== next.kind || toast.message !== next.message);
  return [...others, next].slice(-MAX_TOASTS);
}

/** Leaving a page drops its sticky toasts: they describe a panel that is no longer on screen. */
export function dropSticky(shown: readonly Toast[]): Toast[] {
  return shown.some((toast) => toast.sticky) ? shown.filter((toast) => !toast.sticky) : (shown as Toast[]);
}
