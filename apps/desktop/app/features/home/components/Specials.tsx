import type { PictureHeadline } from '@portal/api-client/teasers';
import { ItemLink, UploadImage } from '@portal/ui';
import { SectionTitle } from '../../shared/SectionTitle';

/** The special-topics block of the home and category sidebars (first four). */
export function Specials({ items }: { items: PictureHeadline[] }) {
  if (items.length === 0) return null;
  return (
    <section className="block side-block">
      <SectionTitle title="专题" />
      <ul className="specials">
        {items.slice(0, 4).map((item) => (
          <li key={item.id}>
            <ItemLink to={item.url} title={item.title}>
              <UploadImage
                src={item.thumb}
                sizes="160px"
                alt=""
                width={160}
                height={90}
                loading="lazy"
                decoding="async"
              />
              <span>{item.title}</span>
            </ItemLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
