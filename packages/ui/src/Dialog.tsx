import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** CSS width on wide screens (phones always get the full width). */
  width?: string;
  /** Extra class on the dialog (tests and page-specific styling). */
  className?: string;
  footer?: ReactNode;
}

/** Fields get the focus before buttons; the close button only when there is nothing else. */
const FIRST_FOCUS = 'input:not([type="hidden"]), select, textarea, button:not(.dialog__close), [href]';

/**
 * A modal on the native <dialog> (the page behind is inert while it is open). Focus moves to the
 * first field on open and back on close, Escape and a click on the backdrop close it, the page
 * behind does not scroll. Its content is rendered even while closed, so links inside are in the
 * server HTML for crawlers.
 */
export function Dialog({ open, title, onClose, children, width, className, footer }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  const openRef = useRef(open);
  useEffect(() => {
    closeRef.current = onClose;
    openRef.current = open;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    const body = document.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    // jsdom (unit tests) has no showModal: the open attribute shows it there.
    if (typeof el.showModal === 'function') {
      if (!el.open) el.showModal();
    } else el.setAttribute('open', '');
    (el.querySelector<HTMLElement>(FIRST_FOCUS) ?? el.querySelector<HTMLElement>('.dialog__close'))?.focus();
    return () => {
      if (typeof el.close === 'function') {
        if (el.open) el.close();
      } else el.removeAttribute('open');
      body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  return (
    // A native <dialog> is the keyboard container of its content: Escape closes it (its keyboard equivalent of
    // a press on the backdrop, next to the close button). The rule counts <dialog> as non-interactive.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape/backdrop on a modal <dialog>
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      style={width ? ({ '--dialog-width': width } as CSSProperties) : undefined}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // The parent's state closes it (the effect above), so React stays the one source of truth.
        event.preventDefault();
        closeRef.current();
      }}
      onCancel={(event) => {
        event.preventDefault();
        closeRef.current();
      }}
      onClose={() => {
        // Closed by the browser itself (not by the open prop): tell the parent.
        if (openRef.current) closeRef.current();
      }}
      onMouseDown={(event) => {
        // A press on the backdrop lands on the <dialog> itself (its content fills it, no padding).
        if (event.target === event.currentTarget) closeRef.current();
      }}
    >
      <div className="dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="dialog__close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="dialog__body">{children}</div>
      {footer ? <div className="dialog__foot">{footer}</div> : null}
    </dialog>
  );
}
