import { Link, data, useLoaderData, useLocation } from 'react-router';
import { categoryByAlias } from '@portal/api-client/startup';
import { neighbours } from '@portal/api-client/teasers';
import { ComplaintLink, pageUrl, shareMeta, usePageView, useStartup } from '@portal/ui';
import type { Route } from './+types/detail';
import { publicOrigin, serverApi } from '@portal/api-client/server';
import { required } from '@portal/api-client/route-envelope';
import { TITLE_SUFFIX, SITE_NAME } from '../../lib/site';
import { BackButton } from '../../features/article/BackButton';
import { SmartLink } from '../../features/shared/SmartLink';
import { keywordsOf } from '@portal/ui/format';
import { isoOf } from '@portal/ui/format';
import { baiduTimeFactorJsonLd, newsArticleJsonLd } from '@portal/ui/json-ld';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** /new_list?id=, /new_detail?id= and /{category}/news/{id} (one route per category, routes.ts) all show one article. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const raw = params.id ?? new URL(request.url).searchParams.get('id') ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) notFound();
  const article = neighbours(
    await required('[mobile] article_content', serverApi(context).article_content({ id: Number(raw) })),
  );
  // JSON-LD wants absolute addresses; the canonical page is the desktop article, on the desktop origin.
  // Baidu's time factor names this phone page itself (request.url is on the configured mobile origin).
  return { article, origin: publicOrigin(context, request, 'desktop'), url: pageUrl(request) };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: `页面不存在（404）${TITLE_SUFFIX}` }];
  const { article, origin, url } = loaded;
  const title = article.seo?.title || article.title;
  const description = article.seo?.description || article.description;
  const keywords = article.seo?.keyword || article.keyword;
  // The desktop article is the canonical page; this one is its phone rendering.
  const canonical = new URL(
    article.url && !/^(https?:)?\/\//.test(article.url) ? article.url : href.news(article.id),
    origin,
  ).href;
  return [
    { tagName: 'link', rel: 'canonical', href: canonical },
    { title: `${title}${TITLE_SUFFIX}` },
    { name: 'description', content: description },
    { name: 'keywords', content: keywords },
    ...shareMeta({
      title,
      description,
      url: canonical,
      image: article.thumb || undefined,
      siteName: SITE_NAME,
      type: 'article',
    }),
    { 'script:ld+json': newsArticleJsonLd({ ...article, description }, { canonical, origin }) },
    { 'script:ld+json': baiduTimeFactorJsonLd({ ...article, description }, { url, origin }) },
  ];
};

export default function NewsDetail() {
  const { article } = useLoaderData<typeof loader>();
  usePageView(article.id);
  const keywords = keywordsOf(article.keyword);
  // The section's name: the article's own, else the start-up categories' name for /{category}/news/{id}.
  const { layouts } = useStartup();
  const alias = useLocation().pathname.split('/')[1] ?? '';
  const section = article.cat_name || categoryByAlias(layouts, alias)?.name;
  return (
    <main className="m-page m-article">
      <div className="m-subbar">
        <BackButton />
        {section ? <span className="m-subbar__title">{section}</span> : null}
      </div>
      <article className="m-article__body">
        <h1 className="m-article__title">{article.title}</h1>
        <dl className="m-article__meta">
          {article.author ? (
            <div>
              <dt>作者</dt>
              <dd>{article.author}</dd>
            </div>
          ) : null}
          {article.adminName ? (
            <div>
              <dt>编辑</dt>
              <dd>{article.adminName}</dd>
            </div>
          ) : null}
          {article.source_name ? (
            <div>
              <dt>来源</dt>
              <dd>{article.source_name}</dd>
            </div>
          ) : null}
          <div>
            <dt>时间</dt>
            <dd>
              <time dateTime={isoOf(article.created_at)}>{article.created_at}</time>
            </dd>
          </div>
        </dl>
        {article.description ? <p className="m-article__lead">{article.description}</p> : null}
        {/* The server sanitised this HTML with its allow-list before sending it. */}
        <div className="m-article__content" dangerouslySetInnerHTML={{ __html: article.content }} />
        <p className="m-article__report">
          <ComplaintLink articleId={article.id} />
        </p>
        {keywords.length > 0 ? (
          <p className="m-article__keywords">
            <span>关键词：</span>
            {keywords.map((word) => (
              <Link key={word} className="m-tag" to={href.mobile.search(word)}>
                {word}
              </Link>
            ))}
          </p>
        ) : null}
      </article>
      {article.prev || article.next ? (
        <nav className="m-article__pager" aria-label={TEXT.prevNext}>
          {article.prev ? (
            <SmartLink url={article.prev.url} className="m-article__pager-link">
              <small>上一篇</small>
              {article.prev.title}
            </SmartLink>
          ) : null}
          {article.next ? (
            <SmartLink url={article.next.url} className="m-article__pager-link">
              <small>下一篇</small>
              {article.next.title}
            </SmartLink>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
