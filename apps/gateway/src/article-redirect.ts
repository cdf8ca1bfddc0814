import type { Api } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { isOk } from '@portal/api-client/envelope';
import { href } from '@portal/routes';

/** Article ids as every call accepts them (positive, at most 15 digits). */
const ARTICLE_ID = /^[1-9]\d{0,14}$/;

/**
 * Where a phone reader of /news/{id} or /secret?id= goes (spec section 2: /{category}/news/{id}).
 * The category comes from the API; null when there is no such article (the phone's 404 page).
 * An article outside the twelve category pages, or an API that fails, falls back to /new_detail,
 * which renders any article (or the API's error) itself.
 */
export async function mobileArticleTarget(api: Api, rawId: string): Promise<string | null> {
  if (!ARTICLE_ID.test(rawId)) return null;
  const res = await api.article_content({ id: Number(rawId) });
  if (res.code === ErrorCode.NotFound || res.code === ErrorCode.Validation) return null;
  return href.mobile.article({ category: isOk(res) ? res.data.cat_alias : '', id: rawId });
}
