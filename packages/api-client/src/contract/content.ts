import type { Ad } from '../entities/ad';
import type { ArticleRecord, ListItem } from '../entities/article';
import type { Video } from '../entities/video';

export type { Ad, Video };
export type { Banner } from '../entities/banner';
/** complaint_add's payload (举报, DESIGN.md section 10). */
export type { ComplaintPayload } from '../entities/complaint';
export type { CategoryEntry } from '../entities/category';
export type { Expert } from '../entities/expert';
export type { Job } from '../entities/job';
export type { Menu } from '../entities/menu';
export type { WhitePaper } from '../entities/white-paper';
export type { EventItem } from '../entities/event';
export type { WeeklyReport } from '../entities/report';
export type { DynamicForm, FormField, FormFieldType, FormOption } from '../entities/activity-form';

/**
 * The public site's records (spec section 3), as the read calls answer them. The editorial kinds'
 * records are derived from their entity modules (entities/*), re-exported here.
 */

/** An article in a list (entities/article.ts); topics and search results use the same record. */
export type { ListItem };

/** An article's page: its record (entities/article.ts), its SEO and its neighbours in the category. */
export interface ArticleDetail extends ArticleRecord {
  seo: Seo;
  prev: ListItem | null;
  next: ListItem | null;
}

export interface Seo {
  title: string;
  description: string;
  keyword: string;
}

export type Ads = Record<'one' | 'two' | 'three' | 'four' | 'five', Ad | null>;

export interface VideoDetail extends Video {
  relate: Video[];
}

/**
 * A published topic (专题) with one page of its articles (the envelope's total counts them all):
 * the editor's picks in their order, else its category's newest. Its url is its page, /topic/{id}.
 */
export interface TopicDetail extends ListItem {
  list: ListItem[];
}

export interface Option {
  id: number;
  name: string;
}
export interface PlaceOption {
  label: string;
  value: string;
}

export interface FooterData {
  /** Keyed by Chinese labels (spec section 3). */
  info: Record<string, string>;
  qrcodes: { name: string; img: string }[];
  friendly_links: { name: string; url: string }[];
}

export interface WebsiteUrl {
  name: string;
  url: string;
}
