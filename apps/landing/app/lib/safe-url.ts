/**
 * Links and assets come from editor-managed data: only web addresses and in-product paths are
 * followed, so a stored `javascript:` or `data:` address can never run in the page.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (
    /^https?:\/\//i.test(trimmed) ||
    /^\/(?!\/)/.test(trimmed) ||
    trimmed.startsWith('#') ||
    trimmed.startsWith('?')
  ) {
    return trimmed;
  }
  return '#';
}
