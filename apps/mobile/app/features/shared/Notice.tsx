import { useEffect } from 'react';

export interface NoticeProps {
  message: string | null;
  onClose: () => void;
  /** A link shown after the message (e.g. to /login). */
  action?: { href: string; label: string };
}

const NOTICE_MS = 3000;

/** A short warning at the bottom of the screen that goes away by itself. */
export function Notice({ message, onClose, action }: NoticeProps) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onClose, NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  if (!message) return null;
  return (
    <div className="m-notice" role="alert">
      <span>{message}</span>
      {action ? (
        <a className="m-notice__action" href={action.href}>
          {action.label}
        </a>
      ) : null}
    </div>
  );
}
