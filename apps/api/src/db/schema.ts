import type { Generated } from 'kysely';
import type { EditorRole } from '@portal/api-client/admin';
import type { ACTIVITY_FORM_FIELDS } from '@portal/api-client/entities/activity-form';
import type { AD_FIELDS } from '@portal/api-client/entities/ad';
import type { ARTICLE_FIELDS } from '@portal/api-client/entities/article';
import type { AUDIT_ENTRY_FIELDS } from '@portal/api-client/entities/audit-entry';
import type { BANNER_FIELDS } from '@portal/api-client/entities/banner';
import type { BLOCK_FIELDS } from '@portal/api-client/entities/block';
import type { CATEGORY_FIELDS } from '@portal/api-client/entities/category';
import type { COLUMN_FIELDS } from '@portal/api-client/entities/column';
import type { COLUMN_ARTICLE_FIELDS } from '@portal/api-client/entities/column-article';
import type { COMPLAINT_FIELDS } from '@portal/api-client/entities/complaint';
import type { EDITOR_FIELDS } from '@portal/api-client/entities/editor';
import type { EntityField, ValueOf } from '@portal/api-client/entities/field';
import type { EVENT_FIELDS } from '@portal/api-client/entities/event';
import type { EXPERT_FIELDS } from '@portal/api-client/entities/expert';
import type { JOB_FIELDS } from '@portal/api-client/entities/job';
import type { LEAD_FIELDS } from '@portal/api-client/entities/lead';
import type { MENU_FIELDS } from '@portal/api-client/entities/menu';
import type { MEMBER_FIELDS } from '@portal/api-client/entities/member';
import type { NEWSLETTER_FIELDS } from '@portal/api-client/entities/newsletter';
import type { PARTNER_FIELDS, PARTNER_ITEM_FIELDS } from '@portal/api-client/entities/partner';
import type { REPORT_FIELDS } from '@portal/api-client/entities/report';
import type { SENSITIVE_HIT_FIELDS } from '@portal/api-client/entities/sensitive-hit';
import type { SENSITIVE_WORD_FIELDS } from '@portal/api-client/entities/sensitive-word';
import type { TOPIC_FIELDS } from '@portal/api-client/entities/topic';
import type { VENDOR_MEET_FIELDS } from '@portal/api-client/entities/vendor-meet';
import type { VIDEO_FIELDS } from '@portal/api-client/entities/video';
import type { WHITE_PAPER_FIELDS } from '@portal/api-client/entities/white-paper';

/**
 * The columns of an entity's table, from its declaration (packages/api-client/src/entities). The
 * generated `id`, a column with a declared default and an optional text or list (its column's
 * default is '' or '[]') may be left out of an insert; a nullable one may hold null. A field that is
 * not a column of its own (`stored: false`, or `packed` into another's JSON) is not here.
 */
type EntityColumns<Fs extends readonly EntityField[]> = {
  [F in Fs[number] as F extends { stored: false } | { packed: object } ? never : F['name']]: F extends
    { name: 'id' } | { default: unknown }
    ? Generated<Stored<F>>
    : F extends { required: true }
      ? Stored<F>
      : F extends { type: 'text' | 'textarea' | 'image' | 'file' | 'articles' | 'lines' }
        ? Generated<Stored<F>>
        : F extends { nullable: true }
          ? Stored<F> | null
          : Stored<F>;
};
/** A column's value: a time as epoch milliseconds, a flag as 0/1, a list or a json field as JSON text. */
type Stored<F> = F extends { type: 'datetime' | 'boolean' }
  ? number
  : F extends { type: 'list' | 'articles' | 'lines' | 'json' }
    ? string
    : ValueOf<F>;

/** Row types of migrations/001_initial.ts. Times are epoch milliseconds. */
export interface DB {
  app_meta: { key: string; value: string };
  /** A category's fields are entities/category.ts (its id is the editors' own); its place in the order is `sort`. */
  categories: Omit<EntityColumns<typeof CATEGORY_FIELDS>, 'id' | 'order'> & {
    id: number;
    sort: Generated<number>;
  };
  /** A menu entry's fields are entities/menu.ts; its place in the order is `sort`. */
  menus: Omit<EntityColumns<typeof MENU_FIELDS>, 'order'> & { sort: Generated<number> };
  /**
   * seo, footer_info and links hold site settings (entities/setting.ts) by columns of their own: a
   * setting's key is a group and a row's name, and each table holds only some of its fields.
   */
  seo: { page: string; title: string; description: string; keyword: string };
  /** A banner's fields are entities/banner.ts; its place in the order is `sort`. */
  banners: Omit<EntityColumns<typeof BANNER_FIELDS>, 'order'> & {
    id: Generated<number>;
    sort: Generated<number>;
  };
  /** An ad slot's fields are entities/ad.ts. */
  ads: EntityColumns<typeof AD_FIELDS>;
  /** A home or category block's fields are entities/block.ts (006). */
  content_blocks: EntityColumns<typeof BLOCK_FIELDS> & { id: Generated<number>; updated_at: number };
  /** A position's fields are entities/job.ts (006); its place in the order is `sort`. */
  jobs: Omit<EntityColumns<typeof JOB_FIELDS>, 'order'> & { sort: Generated<number>; created_at: number };
  links: {
    id: Generated<number>;
    kind: 'friendly' | 'website' | 'partner';
    name: string;
    url: string;
    sort: Generated<number>;
  };
  footer_info: { label: string; value: string; sort: Generated<number> };
  qrcodes: { id: Generated<number>; name: string; img: string; sort: Generated<number> };
  options: { kind: 'industry' | 'position' | 'department'; id: number; name: string };
  provinces: { code: string; name: string };
  cities: { code: string; province_code: string; name: string };
  /** An article's own fields are entities/article.ts; the rest is the newsroom's state. */
  articles: EntityColumns<typeof ARTICLE_FIELDS> & {
    /** Login of the editor who saved it last (or, in older rows, a name typed in). */
    admin_name: Generated<string>;
    /** Version of the sanitiser's rules that wrote `content` (010; lib/sanitize.ts). */
    content_sanitizer: Generated<number>;
    status: Generated<number>;
    member_id: number | null;
    /** Scheduled publication time (003_newsroom). */
    publish_at: number | null;
    /** When a published article goes offline by itself (017). */
    unpublish_at: number | null;
  };
  /** PostgreSQL only. */
  article_search: { article_id: number; created_at: number; doc: string };
  /** SQLite only (FTS5, contentless; rowid = article id). */
  article_fts: { rowid: number; title: string; body: string; uni: string };
  /** A topic's fields are entities/topic.ts (`articles`: JSON array of article ids, 006). */
  topics: EntityColumns<typeof TOPIC_FIELDS>;
  /** A video's fields are entities/video.ts. */
  videos: EntityColumns<typeof VIDEO_FIELDS>;
  /** A white paper's fields are entities/white-paper.ts. */
  white_papers: EntityColumns<typeof WHITE_PAPER_FIELDS>;
  /** An event's fields are entities/event.ts; its year and month file it in the list by month. */
  events: EntityColumns<typeof EVENT_FIELDS> & { year: number; month: number };
  /** An issue's fields are entities/report.ts; its articles are weekly_report_items. */
  weekly_reports: EntityColumns<typeof REPORT_FIELDS>;
  weekly_report_items: {
    report_id: number;
    kind: 'event' | 'recommend';
    article_id: number;
    sort: Generated<number>;
  };
  report_subscriptions: {
    member_id: number;
    report_id: number;
    email: Generated<string>;
    created_at: number;
  };
  /** An expert's fields are entities/expert.ts; its place in the order is `sort`. */
  experts: Omit<EntityColumns<typeof EXPERT_FIELDS>, 'order'> & { sort: Generated<number> };
  /**
   * The member's own fields are entities/member.ts, its column's entities/column.ts; the rest is
   * the account's state.
   */
  members: EntityColumns<typeof MEMBER_FIELDS> &
    EntityColumns<typeof COLUMN_FIELDS> & {
      password_hash: string;
      created_at: number;
      updated_at: number;
    };
  member_sessions: { token_hash: string; member_id: number; expires_at: number; created_at: number };
  sms_codes: {
    id: Generated<number>;
    mobile: string;
    code_hash: string;
    attempts: Generated<number>;
    used_at: number | null;
    expires_at: number;
    created_at: number;
  };
  column_channels: { id: number; name: string };
  column_categories: { id: number; channel_id: number; cat_id: number; name: string };
  /**
   * A column article's own fields are entities/column-article.ts; the rest is its author, its
   * body's sanitiser version and the review's state (the public article it became).
   */
  column_articles: EntityColumns<typeof COLUMN_ARTICLE_FIELDS> & {
    member_id: number;
    /** Version of the sanitiser's rules that wrote `content` (010; lib/sanitize.ts). */
    content_sanitizer: Generated<number>;
    /** The public article once approved. */
    article_id: number | null;
    updated_at: number;
  };
  /** A vendor meet's fields are entities/vendor-meet.ts (its id is the editors' own). */
  vendor_meets: Omit<EntityColumns<typeof VENDOR_MEET_FIELDS>, 'id'> & { id: number };
  vendor_users: { user_id: string; mobile: string; meet_id: Generated<number>; created_at: number };
  /** A registration's fields are entities/lead.ts. */
  vendor_leads: EntityColumns<typeof LEAD_FIELDS> & {
    id: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  vendor_access_logs: {
    id: Generated<number>;
    user_id: string;
    meet_id: Generated<number>;
    meet_name: string;
    asset: Generated<string>;
    created_at: number;
  };
  /** A partner page's fields are entities/partner.ts: its texts are keys of `base`'s JSON. */
  partners: EntityColumns<typeof PARTNER_FIELDS>;
  /** A partner page's items (entities/partner.ts), each in its page (`mark`) and list, in order. */
  partner_items: EntityColumns<typeof PARTNER_ITEM_FIELDS> & {
    id: Generated<number>;
    mark: string;
    sort: Generated<number>;
  };
  activity_forms: EntityColumns<typeof ACTIVITY_FORM_FIELDS>;
  form_submissions: {
    id: Generated<number>;
    activity_id: number;
    source: Generated<string>;
    content: string;
    other: Generated<string>;
    created_at: number;
    /** JSON FormField[] of the form at submission time (006); '' for older rows. */
    labels: Generated<string>;
  };
  /**
   * An account's fields are entities/editor.ts (its password is `password_hash`). The role's
   * default is the form's: its column has none.
   */
  editors: Omit<EntityColumns<typeof EDITOR_FIELDS>, 'role'> & {
    id: Generated<number>;
    role: EditorRole;
    password_hash: string;
    created_at: number;
    updated_at: number;
  };
  editor_sessions: {
    token_hash: string;
    editor_id: number;
    csrf_token: string;
    last_seen_at: number;
    created_at: number;
  };
  /** An entry's fields are entities/audit-entry.ts; `editor_id` is the account's (null: the CLI, the scheduler). */
  audit_log: EntityColumns<typeof AUDIT_ENTRY_FIELDS> & { id: Generated<number>; editor_id: number | null };
  article_revisions: {
    id: Generated<number>;
    article_id: number;
    editor: string;
    data: string;
    created_at: number;
  };
  media: {
    id: Generated<number>;
    key: string;
    kind: string;
    original_name: Generated<string>;
    content_type: string;
    bytes: number;
    width: number | null;
    height: number | null;
    variants: Generated<string>;
    uploaded_by: string;
    created_at: number;
  };
  /** Articles whose URLs wait for the search engine push (009). */
  search_push_queue: {
    article_id: number;
    queued_at: number;
    attempts: Generated<number>;
    next_at: number;
    last_error: Generated<string>;
  };
  /** Surrogate keys waiting to be purged at the CDN (022). */
  cdn_purge_queue: {
    key: string;
    queued_at: number;
    attempts: Generated<number>;
    next_at: number;
    last_error: Generated<string>;
  };
  /**
   * A dictionary entry's fields are entities/sensitive-word.ts (018); `normalized` (the word as the
   * matcher sees it, unique) and the created time are the server's.
   */
  sensitive_words: EntityColumns<typeof SENSITIVE_WORD_FIELDS> & {
    id: Generated<number>;
    normalized: string;
    created_at: number;
  };
  /** A hit's fields are entities/sensitive-hit.ts (018): a word found in a member's or visitor's text. */
  sensitive_hits: EntityColumns<typeof SENSITIVE_HIT_FIELDS> & { id: Generated<number> };
  /** A reader's complaint's fields are entities/complaint.ts (021). */
  complaints: EntityColumns<typeof COMPLAINT_FIELDS> & { id: Generated<number> };
  /** Each site's daily push quota left, as the search engine last answered (015). */
  search_push_quota: {
    site: string;
    /** YYYY-MM-DD in Asia/Shanghai: the quota's day. */
    day: string;
    remain: number;
    checked_at: number;
  };
  /** Who has a record open in the back office: refreshed by the page's heartbeat (017). */
  editing_presence: {
    entity: string;
    entity_id: string;
    editor_id: number;
    seen_at: number;
  };
  /** The version of each back-office record saved since 014 (absent: version 1). */
  record_versions: {
    entity: string;
    entity_id: string;
    version: number;
    editor_id: number | null;
    saved_by: string;
    saved_at: number;
  };
  /** A subscription's own fields are entities/newsletter.ts (its switch is `active`); the rest is the sender's state. */
  newsletter_subscribers: EntityColumns<typeof NEWSLETTER_FIELDS> & {
    member_id: number;
    active: Generated<number>;
    created_at: number;
    unsubscribed_at: number | null;
    bounced_at: number | null;
    bounce_error: Generated<string>;
  };
  newsletter_sends: {
    report_id: number;
    status: string;
    started_at: number;
    finished_at: number | null;
    started_by: Generated<string>;
  };
  newsletter_deliveries: {
    id: Generated<number>;
    report_id: number;
    member_id: number;
    email: string;
    status: string;
    next_at: number;
    claim: Generated<string>;
    attempts: Generated<number>;
    error: Generated<string>;
    sent_at: number | null;
  };
  /** Views per article, Asia/Shanghai day, device and source (020). */
  article_views_daily: {
    article_id: number;
    day: string;
    device: string;
    source: string;
    views: number;
  };
  /** An article's views of a day, with its current category (null: deleted) (022). */
  article_views_day: {
    article_id: number;
    day: string;
    cat_id: number | null;
    views: number;
  };
  /** The site's views of a day per device and source (022). */
  views_day_class: {
    day: string;
    device: string;
    source: string;
    views: number;
  };
  /** An article's views over every kept day, and its first and last day read (022). */
  article_views_total: {
    article_id: number;
    views: number;
    first_day: string;
    last_day: string;
  };
  /** One row (id 1): how many rows article_views_total has (022). */
  article_views_count: {
    id: number;
    articles: number;
  };
}
