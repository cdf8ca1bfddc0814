import { safeUrl } from '../../lib/safe-url';

/** href plus, for absolute links (starting with h, spec section 2), a new window; in-product paths stay. */
export function linkProps(url: string): { href: string; target?: string; rel?: string } {
  const href = safeUrl(url);
  return href.startsWith('h') ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
}
