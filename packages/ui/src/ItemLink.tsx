import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';

export interface ItemLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An in-product path ("/news/12") or an absolute URL. */
  to: string;
}

/** Absolute URLs open in a new tab as plain anchors; in-product paths use client navigation. */
export function ItemLink({ to, children, ...rest }: ItemLinkProps) {
  if (/^https?:\/\//i.test(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}
