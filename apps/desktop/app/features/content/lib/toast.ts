export type ToastKind = 'info' | 'success' | 'warning' | 'error';

/** Shows a short message at the top of the page (no React tree needed: also usable before a redirect). */
export function showToast(message: string, kind: ToastKind = 'info', ms = 2500): void {
  if (typeof document === 'undefined') return;
  let host = document.getElementById('desk-toasts');
  if (!host) {
    host = document.createElement('div');
    host.id = 'desk-toasts';
    host.className = 'toasts';
    host.setAttribute('role', 'status');
    host.setAttribute('aria-live', 'polite');
    document.body.appendChild(host);
  }
  const toast = document.createElement('div');
  toast.className = `toast toast--${kind}`;
  toast.textContent = message;
  host.appendChild(toast);
  window.setTimeout(() => toast.remove(), ms);
}
