import { useCallback } from 'react';
import { data, useLoaderData, useRouteLoaderData } from 'react-router';
import { MOBILE_MENU, PAGE_SIZE } from '@portal/api-client/constants';
import type { Route } from './+types/general';
import type { loader as rootLoader } from '../../root';
import { serverApi } from '@portal/api-client/server';
import { required } from '@portal/api-client/route-envelope';
import { call } from '../../lib/browser-api';
import { TITLE_SUFFIX } from '../../lib/site';
import { EndlessNewsList } from '../../features/news/EndlessNewsList';

/** Names of the special menus of spec section 2 (the others come from smallMenu). */
const SPECIAL_MENU_NAMES: Record<number, string> = {
  [MOBILE_MENU.recommended]: '推荐',
  [MOBILE_MENU.activities]: '活动',
  [MOBILE_MENU.topics]: '专题',
};

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.menu_id)) throw data(null, { status: 404, statusText: 'Not Found' });
  const menuId = Number(params.menu_id);
  const items = await required(
    '[mobile] m_news',
    serverApi(context).m_news({ menu_id: menuId, page: 1, pageSize: PAGE_SIZE.homeFall }),
  );
  return { menuId, items };
}

function useMenuName(menuId: number): string {
  const layout = useRouteLoaderData<typeof rootLoader>('root');
  return SPECIAL_MENU_NAMES[menuId] ?? layout?.menus.find((m) => m.menu_id === menuId)?.name ?? '资讯';
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as
    { menus?: { menu_id: number; name: string }[] } | undefined;
  const id = loaded?.menuId ?? -1;
  const name = SPECIAL_MENU_NAMES[id] ?? root?.menus?.find((m) => m.menu_id === id)?.name ?? '资讯';
  return [{ title: `${name}${TITLE_SUFFIX}` }];
};

export default function GeneralList() {
  const { menuId, items } = useLoaderData<typeof loader>();
  const name = useMenuName(menuId);
  const loadPage = useCallback(
    (page: number) => call((api) => api.m_news({ menu_id: menuId, page, pageSize: PAGE_SIZE.homeFall })),
    [menuId],
  );
  return (
    <main className="m-page m-general">
      <h1 className="m-page__title">{name}</h1>
      <EndlessNewsList
        key={menuId}
        cacheKey={`general:${menuId}`}
        initialItems={items}
        loadPage={loadPage}
        pageSize={PAGE_SIZE.homeFall}
      />
    </main>
  );
}
