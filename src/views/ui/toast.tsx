// Toast of spec §9: shown 1500 ms by default, announced politely to screen readers.
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
import styles from './toast.module.css';

export const TOAST_MS = 1500;

export interface ToastApi {
  show(message: string, options?: { durationMs?: number; tone?: 'info' | 'error' }): void;
}

const ToastContext = createContext<ToastApi>({ show: () => undefined });
export const useToast = (): ToastApi => useContext(ToastContext);

interface ToastState {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const counter = useRef(0);

  const show = useCallback<ToastApi['show']>((message, options) => {
    clearTimeout(timer.current);
    counter.current += 1;
    setToast({ id: counter.current, message, tone: options?.tone ?? 'info' });
    timer.current = setTimeout(() => setToast(null), options?.durationMs ?? TOAST_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
        {toast && (
          <div
            key={toast.id}
            className={toast.tone === 'error' ? `${styles.toast} ${styles.error}` : styles.toast}
          >
            {toast.message}
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
