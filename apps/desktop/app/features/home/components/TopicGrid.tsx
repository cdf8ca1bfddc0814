import type { ListItem } from '@portal/api-client';
import { HOT_TOPICS } from '@portal/api-client/constants';
import { ItemLink, UploadImage } from '@portal/ui';
import { SectionTitle } from '../../shared/SectionTitle';
import { TEXT } from '@portal/api-client/messages';

/** 精选专题: picture cards, as many as the spec's home count (get_cxo returns that many). */
export function TopicGrid({ items }: { items: ListItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="block topics">
      <SectionTitle title={TEXT.featuredTopics} />
      <ul className="topics__grid">
        {items.slice(0, HOT_TOPICS.home).map((item) => (
          <li key={item.id}>
            <ItemLink to={item.url} title={item.title}>
              <UploadImage src={item.thumb} sizes="190px" alt="" width={190} height={120} loading="lazy" />
              <span>{item.title}</span>
            </ItemLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
