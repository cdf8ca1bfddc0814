import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Ads } from '@portal/api-client';
import type { Headline } from '@portal/api-client/teasers';
import { ItemLink } from '@portal/ui';
import { SectionTitle } from '../../shared/SectionTitle';
import type { InnerSidebarData } from '../lib/sidebar.server';
import { TEXT } from '@portal/api-client/messages';

/** The root loader's ads (get_adv), shared by every page. */
export function useAds(): Ads | null {
  return useRouteLoaderData<{ adv: Ads | null }>('root')?.adv ?? null;
}

function RankedList({ title, items, ranked }: { title: string; items: Headline[]; ranked?: boolean }) {
  if (items.length === 0) return null;
  return (
    <section className="block side-block">
      <SectionTitle title={title} />
      <ol className="hot">
        {items.map((item, i) => (
          <li key={item.id} className={ranked ? `hot__item is-top top-${i + 1}` : 'hot__item'}>
            <span className="hot__rank">{i + 1}</span>
            <ItemLink to={item.url} title={item.title}>
              {item.title}
            </ItemLink>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The side-shaped ad slots (three and four); the wide slots sit in the page body. */
const SIDE_SLOTS = ['three', 'four'] as const;

/** The side ads, in slot order, skipping empty slots. */
export function SideAds({ ads }: { ads: Ads | null }) {
  if (!ads) return null;
  const list = SIDE_SLOTS.map((slot) => ({ slot, ad: ads[slot] })).filter((x) => x.ad);
  if (list.length === 0) return null;
  return (
    <div className="side-ads">
      {list.map(({ slot, ad }) =>
        ad ? (
          <a
            key={slot}
            className="ad-slot side-ads__item"
            href={ad.url}
            target="_blank"
            rel="noopener noreferrer sponsored"
            title={ad.title}
          >
            <img src={ad.thumb} alt={ad.title} width={320} height={213} loading="lazy" decoding="async" />
            <span className="ad-slot__tag">广告</span>
          </a>
        ) : null,
      )}
    </div>
  );
}

/**
 * Inner-page sidebar: hot news and policy (INNER_PAGE_ITEMS each) and the side ads; with the wide
 * ad the page shows in its body, an inner page carries INNER_PAGE_ITEMS ads. `children` go on top.
 */
export function InnerSidebar({ data, children }: { data: InnerSidebarData; children?: ReactNode }) {
  const ads = useAds();
  return (
    <aside className="page__side">
      {children}
      <RankedList title={TEXT.hotNews} items={data.hot} ranked />
      <SideAds ads={ads} />
      <RankedList title={TEXT.policy} items={data.policy} />
    </aside>
  );
}
