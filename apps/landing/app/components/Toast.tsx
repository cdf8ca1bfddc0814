import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'warning';
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

type Show = (message: string, kind?: ToastKind) => void;
const ToastContext = createContext<Show | null>(null);

const TOAST_MS = 3000;

/** Success, error and warning messages (spec section 8), stacked at the top of the page. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const show = useCallback<Show>((message, kind = 'success') => {
    const id = next.current++;
    setItems((list) => [...list, { id, kind, message }]);
    setTimeout(() => setItems((list) => list.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="lp-toasts" aria-live="polite">
        {items.map((t) => (
          <div
            key={t.id}
            role={t.kind === 'success' ? 'status' : 'alert'}
            className={`lp-toast lp-toast--${t.kind}`}
          >
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Show {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
