import { safeUrl } from '../../lib/safe-url';

/**
 * Opens a gated asset in the same tab. The gate logs the access first (and may log the reader in),
 * so a new tab would be opened after awaited calls, which popup blockers stop (iOS Safari, WeChat);
 * the same tab always works, and Back returns to the landing page (user_id lives in this tab).
 */
export function openAsset(url: string): void {
  window.location.assign(safeUrl(url));
}
