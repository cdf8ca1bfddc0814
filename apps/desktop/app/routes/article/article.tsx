import { Link, type MetaDescriptor } from 'react-router';
import type { Headline } from '@portal/api-client/teasers';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import { ComplaintLink, ItemLink, phonePathHandle, seoMeta, usePageView } from '@portal/ui';
import { href } from '@portal/routes';
import type { Route } from './+types/article';
import { articleId, loadArticle } from './article.server';
import { Breadcrumb, type Crumb } from '../../features/content/components/Breadcrumb';
import { InnerSidebar, useAds } from '../../features/content/components/InnerSidebar';
import { AdSlot } from '../../features/home/components/AdSlot';
import { isoOf as isoTime, keywordsOf as keywordList } from '@portal/ui/format';
import { baiduTimeFactorJsonLd, newsArticleJsonLd } from '@portal/ui/json-ld';
import { absolute } from '../../features/content/lib/seo.server';
import { SITE_NAME } from '@portal/api-client/constants';
import { contentStyles } from '../../features/content/styles';
import { TEXT } from '@portal/api-client/messages';

export const links: Route.LinksFunction = () => contentStyles;

/** Article detail for /news/:id, /secret?id= and /{category}/:id. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = articleId(request, params.id);
  const { article, sidebar } = await loadArticle(serverApi(context), id);
  const path = article.url.startsWith('/') ? article.url : href.news(article.id);
  return { article, sidebar, canonical: absolute(request, path), origin: new URL(request.url).origin };
}

/** Baidu's mobile-agent: the phone page of this article depends on its category (BaiduHead). */
export const handle = phonePathHandle<Route.ComponentProps['loaderData']>(({ article }) =>
  href.mobile.article({ category: article.cat_alias, id: article.id }),
);

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const { article: a, canonical, origin } = data;
  const seo = {
    title: a.seo.title || `${a.title}-${SITE_NAME}`,
    description: a.seo.description || a.description,
    keyword: a.seo.keyword || a.keyword,
  };
  const tags: MetaDescriptor[] = seoMeta(seo, canonical, a.thumb).map((t) =>
    'property' in t && t.property === 'og:type' ? { property: 'og:type', content: 'article' } : t,
  );
  const published = isoTime(a.created_at);
  if (published) tags.push({ property: 'article:published_time', content: published });
  if (a.author) tags.push({ property: 'article:author', content: a.author });
  if (a.cat_name) tags.push({ property: 'article:section', content: a.cat_name });
  tags.push({ 'script:ld+json': newsArticleJsonLd(a, { canonical, origin }) });
  tags.push({ 'script:ld+json': baiduTimeFactorJsonLd(a, { url: canonical, origin }) });
  return tags;
};

function Neighbour({ label, item }: { label: string; item: Headline | null }) {
  return (
    <p className="article__neighbour">
      <span>{label}</span>
      {item ? (
        <ItemLink to={item.url} title={item.title}>
          {item.title}
        </ItemLink>
      ) : (
        <em>没有了</em>
      )}
    </p>
  );
}

export default function Article({ loaderData: d }: Route.ComponentProps) {
  const a = d.article;
  usePageView(a.id);
  const ads = useAds();
  const cat = CATEGORY_PAGES.find((c) => c.id === a.cat_id || c.alias === a.cat_alias);
  const crumbs: Crumb[] = cat ? [{ label: a.cat_name || cat.name, to: href.category(cat.alias) }] : [];
  crumbs.push({ label: '正文' });
  const words = keywordList(a.keyword);
  return (
    <main className="page container">
      <Breadcrumb items={crumbs} />
      <div className="page__body">
        <article className="page__main block article">
          <h1 className="article__title">{a.title}</h1>
          <div className="article__meta">
            {a.author ? <span>作者：{a.author}</span> : null}
            {a.adminName ? <span>编辑：{a.adminName}</span> : null}
            {a.source_name ? <span>来源：{a.source_name}</span> : null}
            <time dateTime={isoTime(a.created_at)}>{a.created_at}</time>
            <ComplaintLink articleId={a.id} className="article__report" />
          </div>
          {words.length > 0 ? (
            <div className="article__keywords">
              <span>关键词：</span>
              {words.map((k) => (
                <Link key={k} className="tag" to={href.search(k)}>
                  {k}
                </Link>
              ))}
            </div>
          ) : null}
          {a.description ? <p className="article__lead">{a.description}</p> : null}
          {/* Sanitised by the API (allow-list) when stored and again when served. */}
          <div className="article__content" dangerouslySetInnerHTML={{ __html: a.content }} />
          <AdSlot ad={ads?.two} slot={2} className="article-ad" />
          <nav className="article__neighbours" aria-label={TEXT.prevNext}>
            <Neighbour label="上一篇：" item={a.prev} />
            <Neighbour label="下一篇：" item={a.next} />
          </nav>
        </article>
        <InnerSidebar data={d.sidebar} />
      </div>
    </main>
  );
}
