export type ToastKind = 'info' | 'success' | 'warning' | 'error';

const TOAST_MS = 3000;
const HOST_ID = 'ui-toasts';

/**
 * Shows a short message at the top of the page (spec section 8). No React tree is needed, so it
 * also works outside components and just before a redirect. Errors and warnings are alerts.
 */
export function showToast(message: string, kind: ToastKind = 'info', ms = TOAST_MS): void {
  if (typeof document === 'undefined') return;
  let host = document.getElementById(HOST_ID);
  if (!host) {
    host = document.createElement('div');
    host.id = HOST_ID;
    host.className = 'toasts';
    host.setAttribute('aria-live', 'polite');
    document.body.appendChild(host);
  }
  const toast = document.createElement('div');
  toast.className = `toast toast--${kind}`;
  toast.setAttribute('role', kind === 'error' || kind === 'warning' ? 'alert' : 'status');
  toast.textContent = message;
  host.appendChild(toast);
  window.setTimeout(() => toast.remove(), ms);
}
