import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { addToast, dropSticky, type Toast } from './toast-queue';

/**
 * The spec's timers: successes hide after 5 s, errors after 8 s, Langfuse errors stay (until
 * dismissed or the page changes). Repeats replace each other and at most MAX_TOASTS show.
 */
export const SUCCESS_TOAST_MS = 5_000;
export const ERROR_TOAST_MS = 8_000;

interface ToastApi {
  success(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<ToastApi | undefined>(undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const { pathname } = useLocation();
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  useEffect(() => setToasts(dropSticky), [pathname]);
  const push = useCallback(
    (kind: Toast['kind'], message: string) => {
      const id = nextId.current++;
      const sticky = kind === 'error' && /langfuse/i.test(message);
      setToasts((all) => addToast(all, { id, kind, message, sticky }));
      if (!sticky)
        window.setTimeout(() => dismiss(id), kind === 'success' ? SUCCESS_TOAST_MS : ERROR_TOAST_MS);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({ success: (message) => push('success', message), error: (message) => push('error', message) }),
    [push],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
          >
            <span>{toast.message}</span>
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToasts(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToasts outside ToastProvider');
  return value;
}
