import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** CSS width on wide screens (phones always get the full width). */
  width?: string;
  /** Extra class on the panel (tests and page-specific styling). */
  className?: string;
  footer?: ReactNode;
}

/**
 * A modal dialog: focus moves in on open and back on close, Escape and the backdrop close it,
 * the page behind does not scroll.
 */
export function Dialog({ open, title, onClose, children, width, className, footer }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const body = document.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    const first = panel.current?.querySelector<HTMLElement>(
      'input, select, textarea, button:not(.lp-dialog__close)',
    );
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      className="lp-dialog__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`lp-dialog${className ? ` ${className}` : ''}`}
        style={width ? ({ '--lp-dialog-width': width } as React.CSSProperties) : undefined}
      >
        <div className="lp-dialog__head">
          <h2 id={titleId} className="lp-dialog__title">
            {title}
          </h2>
          <button type="button" className="lp-dialog__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="lp-dialog__body">{children}</div>
        {footer ? <div className="lp-dialog__foot">{footer}</div> : null}
      </div>
    </div>
  );
}
