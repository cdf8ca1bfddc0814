import type { ListItem } from '@portal/api-client';
import { ItemLink, UploadImage } from '@portal/ui';

/** Picture list beside the banner (get_loop_right). */
export function SideImageList({ items }: { items: ListItem[] }) {
  return (
    <ul className="side-images">
      {items.slice(0, 4).map((item) => (
        <li key={item.id} className="side-images__item">
          <ItemLink to={item.url} title={item.title}>
            <UploadImage src={item.thumb} sizes="206px" alt="" width={206} height={125} loading="lazy" />
            <span className="side-images__title">{item.title}</span>
          </ItemLink>
        </li>
      ))}
    </ul>
  );
}
