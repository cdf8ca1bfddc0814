import type { EventItem, ListItem, WhitePaper } from './contract';

/**
 * Loaders send the page what it renders (issue 15): the API answers whole list items, and a
 * sidebar that shows only titles need not carry every description into the page's HTML and its
 * hydration data. Each shape here is what one kind of block renders; the component's prop type
 * is the shape, so a block that starts to show more fails to compile until its loader sends it.
 */

/** The fields of `item` named in `keys`, in that order. */
function pick<T, K extends keyof T>(item: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = item[key];
  return picked;
}

const HEADLINE = ['id', 'title', 'url'] as const;
const PICTURE_HEADLINE = [...HEADLINE, 'thumb'] as const;
const EVENT_TEASER = ['id', 'title', 'thumb', 'url', 'type', 'status', 'showTime', 'city'] as const;
const PAPER_TEASER = [...HEADLINE, 'is_free'] as const;

/** A headline link: rank lists, prev/next. */
export type Headline = Pick<ListItem, (typeof HEADLINE)[number]>;
/** A headline with its picture (specials, picture lists). */
export type PictureHeadline = Pick<ListItem, (typeof PICTURE_HEADLINE)[number]>;
/** An event in a sidebar: everything but its description. */
export type EventTeaser = Pick<EventItem, (typeof EVENT_TEASER)[number]>;
/** A white paper in a sidebar: its title, link and whether members only. */
export type PaperTeaser = Pick<WhitePaper, (typeof PAPER_TEASER)[number]>;

export const headline = (item: Headline): Headline => pick(item, HEADLINE);
export const pictureHeadline = (item: PictureHeadline): PictureHeadline => pick(item, PICTURE_HEADLINE);
export const eventTeaser = (item: EventTeaser): EventTeaser => pick(item, EVENT_TEASER);
export const paperTeaser = (item: PaperTeaser): PaperTeaser => pick(item, PAPER_TEASER);

/** prev/next of an article as headlines. */
export const neighbours = <T extends { prev: ListItem | null; next: ListItem | null }>(article: T) => ({
  ...article,
  prev: article.prev && headline(article.prev),
  next: article.next && headline(article.next),
});
