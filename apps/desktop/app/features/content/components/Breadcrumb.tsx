import { Link } from 'react-router';
import { href } from '@portal/routes';

export interface Crumb {
  label: string;
  to?: string;
}

/** 首页 › section › page: where the reader is, and the way back up. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav className="crumbs" aria-label="当前位置">
      <Link to={href.home()}>首页</Link>
      {items.map((c, i) => (
        <span key={`${c.label}-${i}`}>
          <i aria-hidden="true">›</i>
          {c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
        </span>
      ))}
    </nav>
  );
}
