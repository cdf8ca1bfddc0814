import type { AnyObject } from 'yup';
import { CATEGORY_PAGES, SECTION_ID } from '../constants';
import type { EditorRole } from '../roles';

/**
 * What every back-office collection is made of: the declaration types, the limits, and the field
 * and filter builders and option lists that several collections share. A collection's own options
 * and constants live in its own file (`banners.ts`, `sensitive-words.ts`, …).
 */

export type FieldType =
  /** One line of text. */
  | 'text'
  | 'textarea'
  /** HTML, sanitised by the server like article bodies. */
  | 'richtext'
  /** An uploaded image's URL (POST /admin/api/uploads). */
  | 'image'
  /** An uploaded file's URL (PDF or mp4, `accept` says which). */
  | 'file'
  /** An integer. */
  | 'number'
  | 'boolean'
  /** One of `options`. */
  | 'select'
  /** ISO date-time text ('' or absent: none). */
  | 'datetime'
  /** Article ids in order, picked with a search box (GET /admin/api/articles?q=). */
  | 'articles'
  /** Lines of text (string[]). */
  | 'lines'
  /** A sub-list of records, each with `fields`, in order. */
  | 'list'
  /** Free JSON text (an object), for structured page data without a fixed form. */
  | 'json'
  /** A password: write only, never returned. */
  | 'password';

export interface FieldOption {
  value: string | number;
  label: string;
}

export interface FieldDecl {
  name: string;
  /** Chinese label of the form item and the list column. */
  label: string;
  type: FieldType;
  required?: boolean;
  /** Longest text (characters), most entries of a list, largest number. */
  max?: number;
  /** Smallest number; a password's shortest length. */
  min?: number;
  /** select: the choices. */
  options?: readonly FieldOption[];
  /** list: the fields of each entry. */
  fields?: readonly FieldDecl[];
  /** file: accepted MIME types. */
  accept?: string;
  /** Help text under the form item. */
  help?: string;
  /** Set on create only (the record's key, e.g. an ad slot or a partner mark); read only afterwards. */
  createOnly?: boolean;
  /** Shown, never written through this form (e.g. a member's registration time). */
  readOnly?: boolean;
  /** Default value of a new record. */
  default?: unknown;
  /** Kept through the form but not shown (a key the server assigns, e.g. a form option's id). */
  hidden?: boolean;
}

export interface FilterDecl {
  /** Query parameter name. */
  name: string;
  label: string;
  /** 'search': text contains (over `searchFields` of the resource); 'select': equality; 'date': from/to. */
  type: 'search' | 'select' | 'date';
  options?: readonly FieldOption[];
}

export interface ResourceDecl {
  kind: string;
  /** Chinese name of the kind. */
  label: string;
  /** The field that identifies a record in `/admin/api/<kind>/:id` (a number unless stated). */
  idField: string;
  /** Whether `:id` is text (partner marks, settings pages) rather than a positive integer. */
  textId?: boolean;
  fields: readonly FieldDecl[];
  /** Field names shown as list columns, in order. */
  columns: readonly string[];
  filters: readonly FilterDecl[];
  /** Text fields the 'q' filter searches. */
  searchFields?: readonly string[];
  /** Ordered by drag: the records carry `order` and `POST /admin/api/<kind>/order {ids}` sets it. */
  ordered: boolean;
  /** Shown on public pages only between `start_at` and `end_at` (either may be empty). */
  scheduled: boolean;
  read: readonly EditorRole[];
  write: readonly EditorRole[];
  /** Which operations exist (default all). */
  create?: boolean;
  remove?: boolean;
  update?: boolean;
  /** A rule over several fields of a record: the field to mark and its message, or null when valid. */
  check?: (record: AnyObject) => { field: string; message: string } | null;
}

/** Who may read and write the site's content, and the kinds only an administrator touches. */
export const CONTENT_ROLES = ['admin', 'editor'] as const satisfies readonly EditorRole[];
export const ADMIN_ONLY = ['admin'] as const satisfies readonly EditorRole[];
/** Most content kinds: listed newest first (not dragged), always shown, read and written by editors. */
export const EDITORIAL = {
  ordered: false,
  scheduled: false,
  read: CONTENT_ROLES,
  write: CONTENT_ROLES,
} as const;
/** Content kinds the editors order by drag (jobs, experts), always shown. */
export const ORDERED_CONTENT = { ...EDITORIAL, ordered: true } as const;

export const RESOURCE_LIMITS = {
  title: 100,
  shortText: 50,
  url: 500,
  text: 2000,
  richtext: 512 * 1024,
  json: 64 * 1024,
  lines: 30,
  articles: 50,
  listEntries: 100,
  maxInt: 2_147_483_647,
} as const;

/** A label table (`{value: label}`) as select options (each value its key's literal type). */
export const optionsOf = <K extends string>(
  labels: Record<K, string>,
): readonly { value: K; label: string }[] =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

/** A category's option: its id. */
type CategoryOption = FieldOption & { value: number };
const noCategory: CategoryOption = { value: 0, label: '无（首页/全站）' };
/** The category pages, as select options. */
export const CATEGORY_OPTIONS: readonly CategoryOption[] = CATEGORY_PAGES.map((c) => ({
  value: c.id,
  label: c.name,
}));
/** The fixed sections of spec section 2 (activities, white papers, videos, IT weekly) as categories. */
const SECTION_OPTIONS: readonly CategoryOption[] = [
  { value: SECTION_ID.video, label: '视频频道' },
  { value: SECTION_ID.whitePaper, label: '白皮书频道' },
  { value: SECTION_ID.activity, label: '活动频道' },
  { value: SECTION_ID.itReport, label: 'IT周报频道' },
];
const ALL_CATEGORY_OPTIONS: readonly CategoryOption[] = [noCategory, ...SECTION_OPTIONS, ...CATEGORY_OPTIONS];

/*
 * The builders below keep their names and kinds as literal types (`as const`), so an entity module
 * (entities/<kind>.ts) can spread one into a field and still derive its record type from it.
 */
export const categoryField = (fallback = 0) =>
  ({
    name: 'cat_id',
    label: '分类',
    type: 'select',
    options: ALL_CATEGORY_OPTIONS,
    default: fallback,
  }) as const satisfies FieldDecl;
export const title = (label = '标题', max: number = RESOURCE_LIMITS.title) =>
  ({ name: 'title', label, type: 'text', required: true, max }) as const satisfies FieldDecl;
export const link = <const N extends string = 'url'>(name: N = 'url' as N, label = '链接', required = true) =>
  ({
    name,
    label,
    type: 'text',
    required,
    max: RESOURCE_LIMITS.url,
    help: '站内路径（/开头）或 http(s) 地址',
  }) as const satisfies FieldDecl;
export const image = <const N extends string>(name: N, label: string, required = false) =>
  ({ name, label, type: 'image', required, max: RESOURCE_LIMITS.url }) as const satisfies FieldDecl;
/** A builder of one-line (`text`) or several-line (`textarea`) text fields (`longest` when no `max` is given). */
const textField =
  <const T extends 'text' | 'textarea'>(type: T, longest: number) =>
  <const N extends string>(name: N, label: string, max: number = longest, required = false) =>
    ({ name, label, type, required, max }) as const satisfies FieldDecl;
export const text = textField('text', RESOURCE_LIMITS.shortText);
export const area = textField('textarea', RESOURCE_LIMITS.text);
export const flagField = <const N extends string>(name: N, label: string, value = false) =>
  ({ name, label, type: 'boolean', default: value }) as const satisfies FieldDecl;
/** What a start and an end time are called (a scheduled kind's window, an event's dates). */
export const TIME_LABEL = { start_at: '开始时间', end_at: '结束时间' } as const;
/** A scheduled kind's window (`ResourceDecl.scheduled`). */
export const schedule = [
  { name: 'start_at', label: TIME_LABEL.start_at, type: 'datetime', help: '留空：立即生效' },
  { name: 'end_at', label: TIME_LABEL.end_at, type: 'datetime', help: '留空：一直有效' },
] as const satisfies readonly FieldDecl[];
/** An ordered kind's place (`ResourceDecl.ordered`). */
export const orderField = {
  name: 'order',
  label: '排序',
  type: 'number',
  min: 0,
  max: 1_000_000,
  default: 0,
} as const satisfies FieldDecl;

/** Equality over a choice field, with the field's name, label and choices (their one home is the field). */
export const selectFilter = (field: FieldDecl & { options: readonly FieldOption[] }): FilterDecl => ({
  name: field.name,
  label: field.label,
  type: 'select',
  options: field.options,
});

/** The text search over a kind's `searchFields`. */
export const searchFilter: FilterDecl = { name: 'q', label: '搜索', type: 'search' };
/** From a day on, over the record's time (its store maps `from` to the column). */
export const dateFilter: FilterDecl = { name: 'from', label: '日期', type: 'date' };
export const categoryFilter: FilterDecl = {
  name: 'cat_id',
  label: '分类',
  type: 'select',
  options: ALL_CATEGORY_OPTIONS,
};
