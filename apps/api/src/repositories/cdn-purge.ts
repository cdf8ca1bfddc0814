import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { href, SURROGATE_KEYS } from '@portal/routes';
import type { PurgeRequest } from '../lib/cdn-purge';
import type { Db } from '../db';
import {
  claimDue,
  finishClaimed,
  pendingDue,
  queueDue,
  retryRefused,
  type DueQueue,
  type DueRow,
} from './due-queue';
import { categoryAlias } from './mappers';
import { topicsShowing } from './topics';

/**
 * The CDN purge queue (022): surrogate keys of pages still to be purged at the CDN, a due queue
 * (./due-queue.ts) like the search push's. Queued by the writer inside the transaction of its
 * content change (pass that transaction's Db): a change that commits always has its purge, one
 * that rolls back has none. A key leaves the queue when the provider took its purge; a key
 * waiting already is not queued twice.
 */
const QUEUE: DueQueue<string> = { table: 'cdn_purge_queue', key: 'key', parse: String };

export async function queueCdnPurge(database: Db, keys: readonly string[], now: number): Promise<void> {
  await queueDue(database.db, QUEUE, [...new Set(keys)], now);
}

/**
 * Queues the purge of public articles a write changed (published, edited, taken down, deleted):
 * `article-<id>`, whose purge takes its pages and what lists it under its category at purge time.
 * `formerCatId`, for an article that left that category in this write, also queues its pages and
 * lists as they were addressed there (`formerKey`), which its new category no longer names.
 */
export async function queueArticlePurge(
  tx: Db,
  ids: readonly number[],
  now: number,
  formerCatId?: number,
): Promise<void> {
  const former = formerCatId === undefined ? '' : categoryAlias(formerCatId);
  const keys = ids.map((id) => SURROGATE_KEYS.article(id));
  if (former) keys.push(...ids.map((id) => formerKey(id, former)));
  await queueCdnPurge(tx, keys, now);
}

/**
 * A queue key, not a surrogate key any page carries: article `id`'s pages and lists as addressed
 * under category `alias` (`/<alias>/<id>`, `/<alias>/news/<id>`, `list-<alias>`), once it moved.
 */
const formerKey = (id: number, alias: string) => `${SURROGATE_KEYS.article(id)}@${alias}`;
const FORMER_KEY = /^article-([0-9]{1,15})@(.{1,50})$/;

export const claimCdnPurge = (
  database: Db,
  now: number,
  claimUntil: number,
  limit: number,
): Promise<DueRow<string>[]> => claimDue(database, QUEUE, now, claimUntil, limit);

/** The provider took the claimed keys: they leave the queue, unless queued again meanwhile (finishClaimed). */
export const finishCdnPurge = (database: Db, claimed: readonly DueRow<string>[], now: number) =>
  finishClaimed(database, QUEUE, claimed, now);

/** The provider refused the purge of the claimed keys: they wait for their next attempt (retryRefused). */
export const retryCdnPurge = (
  database: Db,
  claimed: readonly DueRow<string>[],
  now: number,
  error: unknown,
) => retryRefused(database, QUEUE, claimed, now, error);

/** What waits in the queue (tests and operators read it). */
export const pendingCdnPurge = (database: Db) => pendingDue(database, QUEUE);

/** The category of each article that still exists, whatever its status (a taken-down page is purged too). */
async function articleCategories(database: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db
    .selectFrom('articles')
    .select(['id', 'cat_id'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.cat_id)]));
}

/** The public origins a purge names pages on. */
export interface PurgeOrigins {
  desktop: string;
  mobile: string;
}

const ARTICLE_KEY = /^article-([0-9]{1,15})$/;

/** The article ids among surrogate keys (their categories give their addresses). */
function articleIdsOf(keys: readonly string[]): number[] {
  return keys.flatMap((key) => {
    const m = ARTICLE_KEY.exec(key);
    return m ? [Number(m[1])] : [];
  });
}

/** What a purge of `keys` reads from the database: the articles' categories, the topics that show them. */
interface PurgeContext {
  categoryOf: Map<number, number>;
  topics: number[];
}

export async function purgeContext(database: Db, keys: readonly string[]): Promise<PurgeContext> {
  const ids = articleIdsOf(keys);
  const categoryOf = await articleCategories(database, ids);
  const formerCats = keys.flatMap((key) => {
    const alias = FORMER_KEY.exec(key)?.[2];
    const catId = CATEGORY_PAGES.find((c) => c.alias === alias)?.id;
    return catId === undefined ? [] : [catId];
  });
  const topics = await topicsShowing(database, ids, [...categoryOf.values(), ...formerCats]);
  return { categoryOf, topics };
}

/**
 * What a purge of `keys` takes away, in every form a CDN may take (lib/cdn-purge). An article is
 * purged with what lists it: its category's page, /more and feed, the home pages, the lists of
 * every category's newest (/more, the phone's menu feeds: by tag, and /more by URL), the feed of
 * all, and the `topics` that show it (purgeContext); its pages on both widths by every address
 * (a category unknown, its id-only addresses). `site` purges both origins whole. A list's later
 * pages (`?page=2`) and sidebars elsewhere go by tag only: by URL they refresh within s-maxage.
 */
export function purgeTargets(
  keys: readonly string[],
  categoryOf: ReadonlyMap<number, number>,
  origins: PurgeOrigins,
  topics: readonly number[] = [],
): PurgeRequest {
  const tags = new Set<string>();
  const urls = new Set<string>();
  const directories = new Set<string>();
  const home = () => {
    tags.add(SURROGATE_KEYS.home);
    urls.add(`${origins.desktop}${href.home()}`);
    urls.add(`${origins.mobile}${href.home()}`);
  };
  const list = (alias: string) => {
    tags.add(SURROGATE_KEYS.list(alias));
    urls.add(`${origins.desktop}${href.category(alias)}`);
    urls.add(`${origins.desktop}${href.rss(alias)}`);
    const catId = CATEGORY_PAGES.find((c) => c.alias === alias)?.id;
    if (catId !== undefined) urls.add(`${origins.desktop}${href.more(catId)}`);
  };
  /** The article's addresses naming its category, and that category's lists. */
  const inCategory = (id: number, alias: string) => {
    urls.add(`${origins.desktop}${href.article({ category: alias, id })}`);
    urls.add(`${origins.mobile}${href.mobile.article({ category: alias, id })}`);
    list(alias);
  };
  for (const key of keys) {
    const former = FORMER_KEY.exec(key);
    if (former) {
      const id = Number(former[1]);
      tags.add(SURROGATE_KEYS.article(id));
      const alias = former[2] ?? '';
      if (CATEGORY_PAGES.some((c) => c.alias === alias)) inCategory(id, alias);
      continue;
    }
    tags.add(key);
    if (key === SURROGATE_KEYS.site) {
      directories.add(`${origins.desktop}/`);
      directories.add(`${origins.mobile}/`);
    } else if (key === SURROGATE_KEYS.home) {
      home();
    } else if (key.startsWith('list-')) {
      list(key.slice('list-'.length));
    }
  }
  for (const id of articleIdsOf(keys)) {
    home();
    tags.add(SURROGATE_KEYS.latest);
    urls.add(`${origins.desktop}${href.more()}`);
    urls.add(`${origins.desktop}${href.rss()}`);
    urls.add(`${origins.desktop}${href.news(id)}`);
    urls.add(`${origins.mobile}${href.mobile.detail(id)}`);
    const catId = categoryOf.get(id);
    if (catId === undefined) continue;
    const alias = categoryAlias(catId);
    if (alias) inCategory(id, alias);
  }
  for (const id of topics) {
    tags.add(SURROGATE_KEYS.topic(id));
    urls.add(`${origins.desktop}${href.topic(id)}`);
    urls.add(`${origins.mobile}${href.topic(id)}`);
  }
  return { keys: [...tags], urls: [...urls], directories: [...directories] };
}
