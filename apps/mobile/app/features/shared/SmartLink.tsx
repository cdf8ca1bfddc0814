import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternal, isMobilePath, toMobileHref } from '../../lib/links';

export interface SmartLinkProps {
  url: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/**
 * A link to an item's url: another site opens in a new tab, a mobile page navigates inside the
 * app, and a page only the desktop app has (/login, /about) loads as a new document.
 */
export function SmartLink({ url, className, children, onClick }: SmartLinkProps) {
  if (isExternal(url)) {
    return (
      <a href={url} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
      </a>
    );
  }
  const href = toMobileHref(url);
  if (isMobilePath(href)) {
    return (
      <Link to={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
