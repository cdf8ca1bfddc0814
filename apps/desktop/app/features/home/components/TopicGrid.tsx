import type { ListItem } from '@portal/api-client';
import { ItemLink } from '@portal/ui';
import { SectionTitle } from '../../shared/SectionTitle';

/** 精选专题: picture cards. */
export function TopicGrid({ items }: { items: ListItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="block topics">
      <SectionTitle title="精选专题" />
      <ul className="topics__grid">
        {items.slice(0, 4).map((item) => (
          <li key={item.id}>
            <ItemLink to={item.url} title={item.title}>
              <img src={item.thumb} alt="" width={190} height={120} loading="lazy" />
              <span>{item.title}</span>
            </ItemLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
