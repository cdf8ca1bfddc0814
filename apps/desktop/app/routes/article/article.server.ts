import { data } from 'react-router';
import type { Api } from '@portal/api-client';
import { neighbours } from '@portal/api-client/teasers';
import { settle } from '@portal/api-client/envelope';
import { unwrap } from '@portal/api-client/route-envelope';
import { loadInnerSidebar } from '../../features/content/lib/sidebar.server';

/** The article id of /news/:id, /:category/:id or /secret?id=; anything not a positive integer is a 404. */
export function articleId(request: Request, param: string | undefined): number {
  const raw = param ?? new URL(request.url).searchParams.get('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) <= 0) throw data(null, { status: 404 });
  return Number(raw);
}

export async function loadArticle(api: Api, id: number) {
  const [res, sidebar] = await Promise.all([settle(api.article_content({ id })), loadInnerSidebar(api)]);
  return { article: neighbours(unwrap('article_content', res)), sidebar };
}
