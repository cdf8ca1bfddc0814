import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { WeeklyReport } from '@portal/api-client';
import { IT_REPORT_FIRST_YEAR, PAGE_SIZE } from '@portal/api-client/constants';
import { Pagination, Dialog } from '@portal/ui';
import { href } from '@portal/routes';

export interface IssuePage {
  year: number;
  page: number;
  items: WeeklyReport[];
  total: number;
}

/** Years with issues: from IT_REPORT_FIRST_YEAR to the current year, newest first. */
export function issueYears(current: number): number[] {
  const years: number[] = [];
  for (let y = current; y >= IT_REPORT_FIRST_YEAR; y--) years.push(y);
  return years;
}

/**
 * 往期回顾: a dialog listing past issues by year, 30 a page. The server renders the current year's
 * first page; another year or page is fetched through this route's own loader (?year=&ipage=).
 */
export function PastIssues({
  initial,
  currentYear,
  currentId,
}: {
  initial: IssuePage;
  currentYear: number;
  currentId: number;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ issues: IssuePage }>();
  const shown = fetcher.data?.issues ?? initial;
  const load = (year: number, page: number) =>
    fetcher.load(href.itReport({ id: currentId, year, ipage: page }));
  const loading = fetcher.state !== 'idle';
  return (
    <>
      <button type="button" className="ui-button" onClick={() => setOpen(true)}>
        往期回顾
      </button>
      <Dialog open={open} title="往期回顾" onClose={() => setOpen(false)} className="issues">
        <div className="issues__years" role="tablist" aria-label="年份">
          {issueYears(currentYear).map((y) => (
            <button
              key={y}
              type="button"
              role="tab"
              aria-selected={y === shown.year}
              className={y === shown.year ? 'is-active' : ''}
              onClick={() => load(y, 1)}
            >
              {y}年
            </button>
          ))}
        </div>
        <div className="issues__list" aria-busy={loading}>
          {shown.items.length === 0 ? (
            <p className="empty">暂无数据</p>
          ) : (
            <ul>
              {shown.items.map((r) => (
                <li key={r.id} className={r.id === currentId ? 'is-current' : ''}>
                  <Link to={href.itReport({ id: r.id })} onClick={() => setOpen(false)}>
                    <strong>第{r.it_number}期</strong>
                    <span>{r.week}</span>
                    <time>{r.publish_time}</time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Pagination
          total={shown.total}
          page={shown.page}
          pageSize={PAGE_SIZE.itIssues}
          onChange={(p) => load(shown.year, p)}
        />
      </Dialog>
    </>
  );
}
