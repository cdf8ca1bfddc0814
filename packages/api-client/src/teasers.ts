import type { EventItem, ListItem, WhitePaper } from './contract';

/**
 * Loaders send the page what it renders (issue 15): the API answers whole list items, and a
 * sidebar that shows only titles need not carry every description into the page's HTML and its
 * hydration data. Each shape here is what one kind of block renders; the component's prop type
 * is the shape, so a block that starts to show more fails to compile until its loader sends it.
 */

/** A headline link: rank lists, prev/next. */
export type Headline = Pick<ListItem, 'id' | 'title' | 'url'>;
/** A headline with its picture (specials, picture lists). */
export type PictureHeadline = Headline & Pick<ListItem, 'thumb'>;
/** An event in a sidebar: everything but its description. */
export type EventTeaser = Omit<EventItem, 'description'>;
/** A white paper in a sidebar: its title, link and whether members only. */
export type PaperTeaser = Pick<WhitePaper, 'id' | 'title' | 'url' | 'is_free'>;

export const headline = ({ id, title, url }: Headline): Headline => ({ id, title, url });

export const pictureHeadline = ({ id, title, url, thumb }: PictureHeadline): PictureHeadline => ({
  id,
  title,
  url,
  thumb,
});

export const eventTeaser = ({
  id,
  title,
  thumb,
  url,
  type,
  status,
  showTime,
  city,
}: EventTeaser): EventTeaser => ({
  id,
  title,
  thumb,
  url,
  type,
  status,
  showTime,
  city,
});

export const paperTeaser = ({ id, title, url, is_free }: PaperTeaser): PaperTeaser => ({
  id,
  title,
  url,
  is_free,
});

/** prev/next of an article as headlines. */
export const neighbours = <T extends { prev: ListItem | null; next: ListItem | null }>(article: T) => ({
  ...article,
  prev: article.prev && headline(article.prev),
  next: article.next && headline(article.next),
});
