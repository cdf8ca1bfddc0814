import { CATEGORY_PAGES, EventStatus } from '@portal/api-client/constants';
import type { Banner, EventItem, ListItem } from '@portal/api-client/contract';
import { href } from '@portal/routes';
import { formatDate, formatTime } from '../lib/time';

/** Row → contract shapes shared by the repositories; item urls are in-product paths. */

const ALIAS_BY_CAT = new Map<number, string>(CATEGORY_PAGES.map((c) => [c.id, c.alias]));

/** Route alias of a category that has its own page ("AI"), '' otherwise. */
export function categoryAlias(catId: number): string {
  return ALIAS_BY_CAT.get(Number(catId)) ?? '';
}

/** `/{alias}/{id}` when the article's category has a page, else `/news/{id}`. */
export function articleUrl(id: number, catId: number): string {
  return href.article({ category: categoryAlias(catId), id });
}

/** The phone page of the same article (the route table's width redirect of articleUrl). */
export function mobileArticleUrl(id: number, catId: number): string {
  return href.mobile.article({ category: categoryAlias(catId), id });
}

export interface ArticleListRow {
  id: number;
  cat_id: number;
  title: string;
  description: string;
  keyword: string;
  thumb: string;
  created_at: number;
}
export const ARTICLE_LIST_COLUMNS = [
  'id',
  'cat_id',
  'title',
  'description',
  'keyword',
  'thumb',
  'created_at',
] as const;

export function toListItem(row: ArticleListRow): ListItem {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    url: articleUrl(Number(row.id), Number(row.cat_id)),
    thumb: row.thumb,
    keyword: row.keyword,
    created_at: formatTime(row.created_at),
  };
}

export interface TopicRow {
  id: number;
  title: string;
  description: string;
  thumb: string;
  url: string;
  created_at: number;
}
export const TOPIC_COLUMNS = ['id', 'title', 'description', 'thumb', 'url', 'created_at'] as const;

/** A topic links to its page, unless the editor gave it an address of its own (a campaign site). */
export function topicToListItem(row: TopicRow): ListItem {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    url: row.url || href.topic(Number(row.id)),
    thumb: row.thumb,
    keyword: '',
    created_at: formatTime(row.created_at),
  };
}

export interface EventRow {
  id: number;
  title: string;
  description: string;
  thumb: string;
  url: string;
  type: number;
  city: string;
  start_at: number;
  end_at: number;
}
export const EVENT_COLUMNS = [
  'id',
  'title',
  'description',
  'thumb',
  'url',
  'type',
  'city',
  'start_at',
  'end_at',
] as const;

/** status: upcoming, in progress or ended by the event's dates (contract EventItem). */
export function toEvent(row: EventRow, now: number): EventItem {
  const start = Number(row.start_at);
  const end = Number(row.end_at);
  const startDay = formatDate(start);
  const endDay = formatDate(end);
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    thumb: row.thumb,
    url: row.url,
    type: Number(row.type),
    status: now < start ? EventStatus.Upcoming : now <= end ? EventStatus.InProgress : EventStatus.Ended,
    showTime: startDay === endDay ? startDay : `${startDay} 至 ${endDay}`,
    city: row.city,
  };
}

export function eventToListItem(row: EventRow, now: number): ListItem {
  const e = toEvent(row, now);
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    url: e.url,
    thumb: e.thumb,
    keyword: '',
    created_at: formatTime(row.start_at),
  };
}

export interface BannerRow {
  banner: string;
  title: string;
  url: string;
}
export const toBanner = (row: BannerRow): Banner => ({ banner: row.banner, title: row.title, url: row.url });
