import { useCallback, useState } from 'react';
import { Form, useLoaderData, useNavigation } from 'react-router';
import type { ListItem } from '@portal/api-client';
import { PAGE_SIZE } from '@portal/api-client/constants';
import { MAX_QUERY_LENGTH } from '@portal/api-client/payloads';
import type { Route } from './+types/search';
import { serverApi } from '@portal/api-client/server';
import { optional } from '@portal/api-client/envelope';
import { call } from '../../lib/browser-api';
import { TITLE_SUFFIX } from '../../lib/site';
import { EndlessNewsList } from '../../features/news/EndlessNewsList';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get('data') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  if (!query) return { query, items: [] as ListItem[] };
  const found = await optional(
    '[mobile] search_list',
    serverApi(context).search_list({ title: query, page: 1, pageSize: PAGE_SIZE.search }),
    { list: [] as ListItem[] },
  );
  return { query, items: found.list };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.query ? `${loaded.query} 的搜索结果` : '搜索'}${TITLE_SUFFIX}` },
  { name: 'robots', content: 'noindex' },
];

export default function Search() {
  const { query, items } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === href.mobile.search();
  const [text, setText] = useState(query);
  const [lastQuery, setLastQuery] = useState(query);
  if (query !== lastQuery) {
    // A new search (back button, keyword link) shows its words in the box.
    setLastQuery(query);
    setText(query);
  }
  const loadPage = useCallback(
    (page: number) =>
      call((api) => api.search_list({ title: query, page, pageSize: PAGE_SIZE.search })).then((d) => d.list),
    [query],
  );

  return (
    <main className="m-page m-search">
      <Form
        method="get"
        action={href.mobile.search()}
        className="m-search__form"
        role="search"
        onSubmit={(event) => {
          // An empty search is ignored.
          if (!text.trim()) event.preventDefault();
        }}
      >
        <input
          type="search"
          name="data"
          className="m-search__input"
          placeholder="搜索资讯、活动、白皮书"
          aria-label={TEXT.searchKeywords}
          value={text}
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="m-search__btn" disabled={searching}>
          搜索
        </button>
      </Form>
      {query ? (
        <section className="m-search__results" aria-label="搜索结果">
          <h1 className="m-search__summary">
            “<em>{query}</em>”的搜索结果
          </h1>
          <EndlessNewsList
            key={query}
            cacheKey={`search:${query}`}
            initialItems={items}
            loadPage={loadPage}
            pageSize={PAGE_SIZE.search}
            withDescription
          />
        </section>
      ) : (
        <p className="m-search__hint">输入关键词，搜索IT资讯、活动和白皮书</p>
      )}
    </main>
  );
}
