import { Link } from 'react-router';
import { PAGE_SIZE } from '@portal/api-client/constants';

export interface PaginationProps {
  total: number;
  page: number;
  pageSize?: number;
  /** Page links (crawlable); when absent the control uses buttons and onChange. */
  hrefFor?: (page: number) => string;
  onChange?: (page: number) => void;
}

/** Page numbers to show: first, last, current ±2, with null for a gap. */
export function pageItems(current: number, count: number): (number | null)[] {
  const pages = new Set([1, count]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push(null);
    items.push(p);
  });
  return items;
}

/** Prev / pager / next (spec section 2); shown only when total is greater than 0. */
export function Pagination({
  total,
  page,
  pageSize = PAGE_SIZE.paginationDefault,
  hrefFor,
  onChange,
}: PaginationProps) {
  if (!(total > 0)) return null;
  const count = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), count);
  const item = (p: number, label: React.ReactNode, key: string, extra = '', disabled = false) => {
    const className = `ui-pager__item${extra}${p === current && !extra ? ' is-active' : ''}`;
    if (disabled) {
      return (
        <span key={key} className={`${className} is-disabled`} aria-disabled="true">
          {label}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link
          key={key}
          to={hrefFor(p)}
          className={className}
          aria-current={p === current && !extra ? 'page' : undefined}
        >
          {label}
        </Link>
      );
    }
    return (
      <button
        key={key}
        type="button"
        className={className}
        onClick={() => onChange?.(p)}
        aria-current={p === current && !extra ? 'page' : undefined}
      >
        {label}
      </button>
    );
  };
  return (
    <nav className="ui-pager" aria-label="分页">
      {item(current - 1, '上一页', 'prev', ' ui-pager__prev', current <= 1)}
      {pageItems(current, count).map((p, i) =>
        p === null ? (
          <span key={`gap${i}`} className="ui-pager__gap">
            …
          </span>
        ) : (
          item(p, p, `p${p}`)
        ),
      )}
      {item(current + 1, '下一页', 'next', ' ui-pager__next', current >= count)}
    </nav>
  );
}
