import type { ListItem } from '@portal/api-client';
import { ItemLink, UploadImage, useInfiniteScroll } from '@portal/ui';
import { dayOf as day, keywordsOf as keywords } from '@portal/ui/format';
import { SectionTitle } from '../../shared/SectionTitle';
import { href } from '@portal/routes';

async function fetchFallPage(page: number): Promise<ListItem[]> {
  const res = await fetch(href.indexFall(page), { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`index_fall ${res.status}`);
  const body = (await res.json()) as { items: ListItem[] };
  return body.items;
}

/** 资讯 stream: the first page is server-rendered; scrolling to the end loads 10 more after 1 s. */
export function Waterfall({ initial }: { initial: ListItem[] }) {
  const { items, loading, done, listRef } = useInfiniteScroll({ initial, loadPage: fetchFallPage });
  return (
    <section className="block fall">
      <SectionTitle title="资讯" />
      <ul className="fall__list" ref={(el) => void (listRef.current = el)}>
        {items.map((item, i) => (
          <li key={`${item.id}-${i}`} className="fall__item">
            {/* The title below links to the same article: the picture's link is for the mouse only. */}
            {item.thumb ? (
              <ItemLink to={item.url} className="fall__thumb" tabIndex={-1} aria-hidden="true">
                <UploadImage src={item.thumb} sizes="200px" alt="" width={200} height={113} loading="lazy" />
              </ItemLink>
            ) : null}
            <div className="fall__body">
              <h3>
                <ItemLink to={item.url}>{item.title}</ItemLink>
              </h3>
              <p>{item.description}</p>
              <div className="fall__meta">
                <time>{day(item.created_at)}</time>
                {keywords(item.keyword)
                  .slice(0, 3)
                  .map((k) => (
                    <span key={k} className="tag">
                      {k}
                    </span>
                  ))}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {loading ? <p className="ui-list-status">加载中…</p> : null}
      {done ? <p className="ui-list-status">到底了</p> : null}
    </section>
  );
}
