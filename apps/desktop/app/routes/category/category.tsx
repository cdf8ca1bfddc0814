import { data } from 'react-router';
import type { ListItem, WhitePaper } from '@portal/api-client';
import { HOT_TOPICS } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import { ItemLink, seoMeta, UploadImage } from '@portal/ui';
import type { Route } from './+types/category';
import { categoryOfPath, loadCategory } from './category.server';
import { AdSlot } from '../../features/home/components/AdSlot';
import { BannerCarousel } from '../../features/home/components/BannerCarousel';
import { SectionTitle } from '../../features/shared/SectionTitle';
import { Specials } from '../../features/home/components/Specials';
import { ArticleRows } from '../../features/content/components/ArticleRows';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { ExpertPanel } from '../../features/content/components/ExpertPanel';
import { useAds } from '../../features/content/components/InnerSidebar';
import { absolute } from '../../features/content/lib/seo.server';
import { dayOf as day } from '@portal/ui/format';
import { PaperBadge, PaperLink } from '../../features/white-paper/components/PaperLink';
import { contentStyles } from '../../features/content/styles';
import { href } from '@portal/routes';

export const links: Route.LinksFunction = () => contentStyles;

export async function loader({ request, context }: Route.LoaderArgs) {
  const cat = categoryOfPath(new URL(request.url).pathname);
  if (!cat) throw data(null, { status: 404 });
  const page = await loadCategory(serverApi(context), cat);
  return { ...page, canonical: absolute(request, href.category(cat.alias)) };
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d ? seoMeta(d.seo, d.canonical, d.banner[0]?.banner ?? d.pictures[0]?.thumb) : [];

function Pictures({ items }: { items: ListItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="cat-pictures">
      {items.slice(0, 3).map((item, i) => (
        <li key={item.id}>
          <ItemLink to={item.url} title={item.title}>
            <img
              src={item.thumb}
              alt=""
              width={200}
              height={112}
              loading={i < 2 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <span>{item.title}</span>
          </ItemLink>
        </li>
      ))}
    </ul>
  );
}

function Topics({ items }: { items: ListItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="block topics">
      <SectionTitle title="热门专题" />
      <ul className="topics__grid">
        {items.slice(0, HOT_TOPICS.category).map((item) => (
          <li key={item.id}>
            <ItemLink to={item.url} title={item.title}>
              <UploadImage
                src={item.thumb}
                sizes="190px"
                alt=""
                width={190}
                height={107}
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

function TitleList({ title, items }: { title: string; items: ListItem[] }) {
  return (
    <section className="block cat-list">
      <SectionTitle title={title} />
      {items.length === 0 ? (
        <p className="empty">暂无数据</p>
      ) : (
        <ul className="dot-list">
          {items.map((item) => (
            <li key={item.id}>
              <ItemLink to={item.url} title={item.title}>
                {item.title}
              </ItemLink>
              <time>{day(item.created_at).slice(5)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Papers({ items }: { items: WhitePaper[] }) {
  if (items.length === 0) return null;
  return (
    <section className="block side-block">
      <SectionTitle title="白皮书" more={href.whitePapers()} />
      <ul className="papers">
        {items.map((p) => (
          <li key={p.id}>
            <PaperLink paper={p}>
              <PaperBadge paper={p} />
              {p.title}
            </PaperLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A category page (/AI, /storage, …): one module for the twelve aliases of CATEGORY_PAGES. */
export default function CategoryPage({ loaderData: d }: Route.ComponentProps) {
  const ads = useAds();
  return (
    <main className="page container category" data-cat={d.cat.id}>
      <Breadcrumb items={[{ label: d.cat.name }]} />
      <h1 className="page__title visually-hidden">{d.cat.name}</h1>
      <div className="cat-hero">
        <BannerCarousel banners={d.banner} />
        <Pictures items={d.pictures} />
      </div>
      <AdSlot ad={ads?.two} slot={2} className="ad-slot--wide" />
      <Topics items={d.topics} />
      <div className="page__body">
        <div className="page__main">
          <section className="block">
            <SectionTitle title={`${d.cat.name} · 最新发布`} more={href.more(d.cat.id)} />
            <ArticleRows items={d.news} eager={0} />
          </section>
          <div className="cat-lists">
            {d.lists.map((l) => (
              <TitleList key={l.title} title={l.title} items={l.items} />
            ))}
          </div>
          <AdSlot ad={ads?.five} slot={5} className="ad-slot--wide" />
        </div>
        <aside className="page__side">
          <ExpertPanel initial={d.experts} />
          <AdSlot ad={ads?.three} slot={3} className="side-ad" />
          <Specials items={d.special} />
          <AdSlot ad={ads?.four} slot={4} className="side-ad" />
          <Papers items={d.white_papers} />
        </aside>
      </div>
    </main>
  );
}
