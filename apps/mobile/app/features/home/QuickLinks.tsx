import { Link } from 'react-router';
import type { Menu } from '@portal/api-client';
import { menuHref } from '../../lib/site';

/** The quick-link tabs under the banner: one per small menu, each opening /general/{menu_id} (video: /video_List). */
export function QuickLinks({ menus }: { menus: Menu[] }) {
  if (menus.length === 0) return null;
  return (
    <nav className="m-quick" aria-label="快捷栏目">
      <ul className="m-quick__list">
        {menus.map((menu) => (
          <li key={menu.menu_id}>
            <Link to={menuHref(menu.menu_id)} className="m-quick__item">
              {menu.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
