import type { ListItem } from '@portal/api-client';
import { ItemLink, UploadImage } from '@portal/ui';
import { dayOf as day } from '@portal/ui/format';
import { SectionTitle } from '../../shared/SectionTitle';
import { href } from '@portal/routes';

/** 最新发布: a lead story with its picture, then a dense two-column headline list. */
export function LatestNews({ items }: { items: ListItem[] }) {
  const [lead, ...rest] = items;
  if (!lead) return null;
  return (
    <section className="block latest">
      <SectionTitle title="最新发布" more={href.more(0)} />
      <div className="latest__lead">
        {/* The title beside it links to the same article: the picture's link is for the mouse only. */}
        <ItemLink to={lead.url} className="latest__lead-img" tabIndex={-1} aria-hidden="true">
          <UploadImage src={lead.thumb} sizes="240px" alt="" width={240} height={135} loading="lazy" />
        </ItemLink>
        <div className="latest__lead-body">
          <h3>
            <ItemLink to={lead.url}>{lead.title}</ItemLink>
          </h3>
          <p>{lead.description}</p>
          <time>{day(lead.created_at)}</time>
        </div>
      </div>
      <ul className="latest__list">
        {rest.map((item) => (
          <li key={item.id}>
            <ItemLink to={item.url} title={item.title}>
              {item.title}
            </ItemLink>
            <time>{day(item.created_at).slice(5)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
