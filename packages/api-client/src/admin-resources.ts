import {
  array,
  boolean,
  number,
  object,
  string,
  type AnyObject,
  type ObjectSchema,
  type AnySchema,
} from 'yup';
import {
  AD_SLOTS,
  CATEGORY_PAGES,
  COMPLAINT_LIMITS,
  COMPLAINT_REASONS,
  COMPLAINT_STATUS,
  PaperAccess,
  SECTION_ID,
  TOPIC_PAGE,
} from './constants';
import type { FormFieldType } from './contract';
import { EDITOR_ROLES, PERMISSIONS, ROLE_LABEL, versionSchema, type EditorRole } from './admin';
import { PLAYER_HOSTS_MESSAGE, playerProblem } from './players';

/**
 * The back office's resources (issue 14), as data: one declaration per kind says its label, its
 * fields (the form and the API's validation), its list columns and filters, whether it is ordered
 * by drag and scheduled by a start and end time, and which roles may read and write it.
 * The API validates with `resourceSchema(kind)`, the admin app builds its forms and tables from the
 * same declaration. Browser-safe: no server imports.
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
  /** Smallest number. */
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

const CONTENT_ROLES = ['admin', 'editor'] as const satisfies readonly EditorRole[];
const ADMIN_ONLY = ['admin'] as const satisfies readonly EditorRole[];

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

const URL_MAX = RESOURCE_LIMITS.url;
const noCategory: FieldOption = { value: 0, label: '无（首页/全站）' };
/** The category pages, as select options. */
export const CATEGORY_OPTIONS: readonly FieldOption[] = CATEGORY_PAGES.map((c) => ({
  value: c.id,
  label: c.name,
}));
/** The fixed sections of spec section 2 (activities, white papers, videos, IT weekly) as categories. */
const SECTION_OPTIONS: readonly FieldOption[] = [
  { value: SECTION_ID.video, label: '视频频道' },
  { value: SECTION_ID.whitePaper, label: '白皮书频道' },
  { value: SECTION_ID.activity, label: '活动频道' },
  { value: SECTION_ID.itReport, label: 'IT周报频道' },
];
const ALL_CATEGORY_OPTIONS: readonly FieldOption[] = [noCategory, ...SECTION_OPTIONS, ...CATEGORY_OPTIONS];
const categoryField = (fallback = 0): FieldDecl => ({
  name: 'cat_id',
  label: '分类',
  type: 'select',
  options: ALL_CATEGORY_OPTIONS,
  default: fallback,
});
const title = (label = '标题', max: number = RESOURCE_LIMITS.title): FieldDecl => ({
  name: 'title',
  label,
  type: 'text',
  required: true,
  max,
});
const link = (name = 'url', label = '链接', required = true): FieldDecl => ({
  name,
  label,
  type: 'text',
  required,
  max: URL_MAX,
  help: '站内路径（/开头）或 http(s) 地址',
});
const image = (name: string, label: string, required = false): FieldDecl => ({
  name,
  label,
  type: 'image',
  required,
  max: URL_MAX,
});
const text = (name: string, label: string, max: number = RESOURCE_LIMITS.shortText, required = false) =>
  ({ name, label, type: 'text', required, max }) satisfies FieldDecl;
const area = (name: string, label: string, max: number = RESOURCE_LIMITS.text, required = false) =>
  ({ name, label, type: 'textarea', required, max }) satisfies FieldDecl;
const flagField = (name: string, label: string, value = false): FieldDecl => ({
  name,
  label,
  type: 'boolean',
  default: value,
});
const schedule: readonly FieldDecl[] = [
  { name: 'start_at', label: '开始时间', type: 'datetime', help: '留空：立即生效' },
  { name: 'end_at', label: '结束时间', type: 'datetime', help: '留空：一直有效' },
];
const orderField: FieldDecl = {
  name: 'order',
  label: '排序',
  type: 'number',
  min: 0,
  max: 1_000_000,
  default: 0,
};
const q: FilterDecl = { name: 'q', label: '搜索', type: 'search' };
const categoryFilter: FilterDecl = {
  name: 'cat_id',
  label: '分类',
  type: 'select',
  options: ALL_CATEGORY_OPTIONS,
};

export const BANNER_PLACES: readonly FieldOption[] = [
  { value: 'home', label: '首页轮播（桌面）' },
  { value: 'mobile', label: '首页轮播（手机）' },
  { value: 'side', label: '首页轮播右侧' },
  { value: 'category', label: '分类页横幅' },
];
const AD_SLOT_LABELS = ['广告位 1（首页通栏）', '广告位 2', '广告位 3', '广告位 4', '广告位 5'];
export const AD_SLOT_OPTIONS: readonly FieldOption[] = AD_SLOTS.map((_, i) => ({
  value: i + 1,
  label: AD_SLOT_LABELS[i] ?? `广告位 ${i + 1}`,
}));

/**
 * Home and category blocks: editor-picked article lists that replace the automatic choice (newest
 * articles carrying the flag) of a public call; `cat_id` 0 is the home page, a category id its page.
 */
export const BLOCK_KEYS = {
  news: '最新资讯置顶（get_news）',
  hot: '热门文章（get_right、cate_recommend）',
  recommend: '推荐文章（handle404、cate_recommend）',
  policy: '政策解读（get_policy、cate_recommend）',
  big: '大图头条（get_big、category_top）',
  mtop: '手机首页推荐（mTop）',
} as const;
export type BlockKey = keyof typeof BLOCK_KEYS;
const BLOCK_OPTIONS: readonly FieldOption[] = Object.entries(BLOCK_KEYS).map(([value, label]) => ({
  value,
  label,
}));

export const FORM_FIELD_TYPES: readonly { value: FormFieldType; label: string }[] = [
  { value: 'input', label: '单行文本' },
  { value: 'select', label: '下拉选择' },
  { value: 'radio', label: '单选' },
  { value: 'checkbox', label: '复选' },
  { value: 'multi', label: '多选（标签）' },
  { value: 'province', label: '省份' },
  { value: 'city', label: '城市' },
];

const PARTNER_LISTS: readonly FieldOption[] = [
  { value: 'new', label: '最新动态' },
  { value: 'recommend', label: '推荐' },
  { value: 'video', label: '视频' },
  { value: 'know', label: '知识' },
  { value: 'activity', label: '活动' },
  { value: 'product', label: '产品' },
];

/** A white paper's access, in the values the public calls carry (`PaperAccess`). */
const PAPER_ACCESS_OPTIONS: readonly FieldOption[] = [
  { value: PaperAccess.Free, label: '免费' },
  { value: PaperAccess.Paid, label: '会员' },
];

export const COLUMN_STATUS_OPTIONS: readonly FieldOption[] = [
  { value: 0, label: '未申请' },
  { value: 1, label: '审核中' },
  { value: 2, label: '已开通' },
  { value: 3, label: '未通过' },
];

// ---- Sensitive words (issue 26): the dictionary, the hits, their levels and limits ----

/** The levels of a sensitive word: refuse the write, hold it for a reviewer, or store it masked. */
export const SENSITIVE_LEVELS = ['block', 'review', 'mask'] as const;
export type SensitiveLevel = (typeof SENSITIVE_LEVELS)[number];
export const SENSITIVE_LEVEL_LABEL: Record<SensitiveLevel, string> = {
  block: '禁止',
  review: '审核',
  mask: '替换',
};
export const SENSITIVE_LIMITS = {
  /** Longest word (characters). */
  word: 50,
  /** Longest replacement of a `mask` word. */
  replacement: 50,
  note: 200,
  /** Lines of one import (`POST /admin/api/sensitive-words/import`). */
  importLines: 200_000,
  /** Bytes of one import (UTF-8 text). */
  importBytes: 8 * 1024 * 1024,
  /** Refused lines listed in an import report (the count covers all). */
  importErrors: 100,
} as const;
/** Which kind of text a hit was found in. */
export const HIT_SOURCES = {
  'member-register': '会员注册',
  'member-profile': '会员资料',
  'column-apply': '专栏申请',
  'column-article': '专栏文章',
  'vendor-register': '厂商活动注册',
  'activity-form': '活动报名表',
  complaint: '举报',
} as const;
export type HitSource = keyof typeof HIT_SOURCES;
/** What was done with the write: refused, accepted and held for a reviewer, stored masked. */
export const HIT_ACTIONS = { blocked: '已拒绝', held: '待审核', masked: '已替换' } as const;
export type HitAction = keyof typeof HIT_ACTIONS;
/** One hit as the back office shows it (the review queue's highlights, the editor's warnings). */
export interface SensitiveHitView {
  field: string;
  word: string;
  level: SensitiveLevel;
  /** The text as written (before normalisation). */
  matched: string;
  /** A few characters either side, with the hit at `[before.length, before.length + matched.length)`. */
  before: string;
  after: string;
}
/** `POST /admin/api/sensitive-words/import` → what happened to each line. */
export interface SensitiveImportReport {
  added: number;
  /** Already in the dictionary (the same word after normalisation): left as it is. */
  kept: number;
  refused: number;
  /** The first refused lines, with why. */
  errors: { line: number; word: string; message: string }[];
}
const levelOptions: readonly FieldOption[] = SENSITIVE_LEVELS.map((value) => ({
  value,
  label: `${SENSITIVE_LEVEL_LABEL[value]}（${value}）`,
}));
const optionsOf = (labels: Record<string, string>): readonly FieldOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
// C0/C1 controls, line breaks, bidi overrides and zero-width characters: never part of a word.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;
/** Why a dictionary word is refused before normalisation (null: fine). */
export function sensitiveWordProblem(word: string): string | null {
  if (word.trim() === '') return '敏感词不能为空';
  if (word.length > SENSITIVE_LIMITS.word) return `敏感词不能超过${SENSITIVE_LIMITS.word}个字符`;
  if (CONTROL.test(word)) return '敏感词不能包含控制字符或不可见字符';
  return null;
}
const SENSITIVE_WORDS_DECL = {
  kind: 'sensitive-words',
  label: '敏感词',
  idField: 'id',
  fields: [
    {
      ...text('word', '敏感词', SENSITIVE_LIMITS.word, true),
      help: '匹配时忽略全角/半角、大小写、繁简体，以及字间的空格、标点和符号',
    },
    {
      name: 'level',
      label: '处理方式',
      type: 'select',
      options: levelOptions,
      required: true,
      default: 'block',
      help: '禁止：拒绝提交；审核：接受并交审核员查看；替换：替换后保存',
    },
    {
      ...text('replacement', '替换为', SENSITIVE_LIMITS.replacement),
      help: '仅“替换”级别；留空则每个字替换为 *',
    },
    text('note', '备注', SENSITIVE_LIMITS.note),
  ],
  columns: ['word', 'level', 'replacement', 'note'],
  filters: [q, { name: 'level', label: '处理方式', type: 'select', options: levelOptions }],
  searchFields: ['word', 'note'],
  ordered: false,
  scheduled: false,
  read: ADMIN_ONLY,
  write: ADMIN_ONLY,
  check: (r) => {
    const problem = typeof r.word === 'string' ? sensitiveWordProblem(r.word) : null;
    if (problem) return { field: 'word', message: problem };
    return typeof r.replacement === 'string' && CONTROL.test(r.replacement)
      ? { field: 'replacement', message: '替换文字不能包含控制字符' }
      : null;
  },
} as const satisfies ResourceDecl;
const SENSITIVE_HITS_DECL = {
  kind: 'sensitive-hits',
  label: '敏感词命中记录',
  idField: 'id',
  fields: [
    { name: 'created_at', label: '时间', type: 'datetime', readOnly: true },
    { ...text('actor', '提交人', 100), readOnly: true },
    { name: 'source', label: '内容类型', type: 'select', options: optionsOf(HIT_SOURCES), readOnly: true },
    { ...text('record_id', '记录编号', 100), readOnly: true },
    { ...text('field', '字段', 50), readOnly: true },
    { ...text('word', '敏感词', SENSITIVE_LIMITS.word), readOnly: true },
    { name: 'level', label: '级别', type: 'select', options: levelOptions, readOnly: true },
    { name: 'action', label: '处理结果', type: 'select', options: optionsOf(HIT_ACTIONS), readOnly: true },
    { ...text('matched', '原文', 200), readOnly: true },
    { ...area('context', '上下文', 500), readOnly: true },
  ],
  columns: ['created_at', 'source', 'actor', 'record_id', 'field', 'word', 'matched', 'level', 'action'],
  filters: [
    q,
    { name: 'source', label: '内容类型', type: 'select', options: optionsOf(HIT_SOURCES) },
    { name: 'action', label: '处理结果', type: 'select', options: optionsOf(HIT_ACTIONS) },
    { name: 'level', label: '级别', type: 'select', options: levelOptions },
    { name: 'from', label: '日期', type: 'date' },
  ],
  searchFields: ['word', 'matched', 'actor', 'record_id'],
  ordered: false,
  scheduled: false,
  read: ['admin', 'reviewer'],
  write: [],
  create: false,
  update: false,
  remove: false,
} as const satisfies ResourceDecl;
// ---- end of sensitive words ----

// ---- Complaints (举报, issue 26): what readers sent through complaint_add, a queue to handle ----
const complaintStatusOptions = optionsOf(COMPLAINT_STATUS);
const complaintReasonOptions: readonly FieldOption[] = COMPLAINT_REASONS.map((r) => ({ value: r, label: r }));
const COMPLAINTS_DECL = {
  kind: 'complaints',
  label: '举报',
  idField: 'id',
  fields: [
    { name: 'created_at', label: '时间', type: 'datetime', readOnly: true },
    { name: 'reason', label: '举报原因', type: 'select', options: complaintReasonOptions, readOnly: true },
    { ...text('url', '举报页面', COMPLAINT_LIMITS.url), readOnly: true },
    { name: 'article_id', label: '文章编号', type: 'number', readOnly: true, help: '0：不是文章页' },
    {
      name: 'member_id',
      label: '作者会员编号',
      type: 'number',
      readOnly: true,
      help: '专栏文章的作者；0：编辑部文章',
    },
    { ...area('description', '举报说明', COMPLAINT_LIMITS.description), readOnly: true },
    { ...text('contact', '联系方式', COMPLAINT_LIMITS.contact), readOnly: true },
    {
      name: 'held',
      label: '含待审核敏感词',
      type: 'boolean',
      readOnly: true,
    },
    {
      name: 'status',
      label: '处理状态',
      type: 'select',
      options: complaintStatusOptions,
      required: true,
      default: 'pending',
    },
    area('note', '处理备注', COMPLAINT_LIMITS.note),
  ],
  columns: ['created_at', 'reason', 'url', 'description', 'status', 'note'],
  filters: [
    q,
    { name: 'status', label: '处理状态', type: 'select', options: complaintStatusOptions },
    { name: 'reason', label: '举报原因', type: 'select', options: complaintReasonOptions },
    { name: 'from', label: '日期', type: 'date' },
  ],
  searchFields: ['url', 'description', 'contact', 'note'],
  ordered: false,
  scheduled: false,
  read: ['admin', 'reviewer'],
  write: ['admin', 'reviewer'],
  // Complaints come from readers only; a handled one is kept (its state says what happened).
  create: false,
  remove: false,
} as const satisfies ResourceDecl;

export const RESOURCES = {
  banners: {
    kind: 'banners',
    label: '轮播图',
    idField: 'id',
    fields: [
      {
        name: 'place',
        label: '位置',
        type: 'select',
        options: BANNER_PLACES,
        required: true,
        default: 'home',
      },
      categoryField(),
      title(),
      image('banner', '图片', true),
      link(),
      ...schedule,
      orderField,
    ],
    columns: ['banner', 'title', 'place', 'cat_id', 'start_at', 'end_at', 'order'],
    filters: [{ name: 'place', label: '位置', type: 'select', options: BANNER_PLACES }, categoryFilter, q],
    searchFields: ['title'],
    ordered: true,
    scheduled: true,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  ads: {
    kind: 'ads',
    label: '广告位',
    idField: 'slot',
    fields: [
      {
        name: 'slot',
        label: '广告位',
        type: 'select',
        options: AD_SLOT_OPTIONS,
        required: true,
        createOnly: true,
      },
      image('thumb', '图片', true),
      link(),
      text('title', '替代文字', RESOURCE_LIMITS.title, true),
      ...schedule,
    ],
    columns: ['slot', 'thumb', 'title', 'url', 'start_at', 'end_at'],
    filters: [],
    ordered: false,
    scheduled: true,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  blocks: {
    kind: 'blocks',
    label: '首页与分类页区块',
    idField: 'id',
    fields: [
      { name: 'block', label: '区块', type: 'select', options: BLOCK_OPTIONS, required: true },
      { ...categoryField(), help: '选“无”为首页区块，选分类为该分类页的区块' },
      {
        name: 'articles',
        label: '文章',
        type: 'articles',
        max: RESOURCE_LIMITS.articles,
        help: '按拖动顺序展示；留空则按文章标记自动选取',
      },
    ],
    columns: ['block', 'cat_id', 'articles'],
    filters: [{ name: 'block', label: '区块', type: 'select', options: BLOCK_OPTIONS }, categoryFilter],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  topics: {
    kind: 'topics',
    label: '专题',
    idField: 'id',
    fields: [
      {
        name: 'kind',
        label: '类型',
        type: 'select',
        options: [
          { value: 'featured', label: '精选专题' },
          { value: 'special', label: '专题报道' },
        ],
        required: true,
        default: 'special',
      },
      categoryField(),
      title(),
      area('description', '简介', 500),
      image('thumb', '封面'),
      {
        ...link('url', '外部链接', false),
        help: `留空：专题列表链接到本站专题页 ${TOPIC_PAGE}/{编号}；填写则链接到该地址（站内路径或 http(s) 地址）`,
      },
      { name: 'articles', label: '专题文章', type: 'articles', max: RESOURCE_LIMITS.articles },
      flagField('published', '发布', true),
    ],
    columns: ['thumb', 'title', 'kind', 'cat_id', 'published', 'created_at'],
    filters: [categoryFilter, q],
    searchFields: ['title'],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  videos: {
    kind: 'videos',
    label: '视频',
    idField: 'id',
    fields: [
      title(),
      {
        name: 'video_type',
        label: '类型',
        type: 'select',
        options: [
          { value: 1, label: '嵌入播放器（iframe）' },
          { value: 2, label: '上传 mp4' },
        ],
        required: true,
        default: 1,
      },
      categoryField(SECTION_ID.video),
      {
        name: 'url',
        label: '视频文件 / 播放页地址',
        type: 'file',
        accept: 'video/mp4',
        max: URL_MAX,
        required: true,
      },
      { ...area('iframe', '播放器代码', RESOURCE_LIMITS.text), help: PLAYER_HOSTS_MESSAGE },
      image('thumb', '封面（海报）'),
      image('list_thumb', '列表图'),
      image('index_thumb', '首页图'),
      text('keyword', '关键词', 200),
      area('description', '简介', 500),
      flagField('is_top', '视频学院推荐'),
    ],
    columns: ['thumb', 'title', 'video_type', 'cat_id', 'is_top', 'created_at'],
    filters: [
      categoryFilter,
      {
        name: 'video_type',
        label: '类型',
        type: 'select',
        options: [
          { value: 1, label: '嵌入播放器' },
          { value: 2, label: 'mp4' },
        ],
      },
      q,
    ],
    searchFields: ['title'],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
    check: playerProblem,
  },
  'white-papers': {
    kind: 'white-papers',
    label: '白皮书',
    idField: 'id',
    fields: [
      title(),
      categoryField(),
      area('description', '简介', 500),
      image('thumb', '封面'),
      {
        name: 'url',
        label: 'PDF 文件',
        type: 'file',
        accept: 'application/pdf',
        max: URL_MAX,
        required: true,
      },
      {
        // Stored as the public side reads it (spec: is_free 0 = free), never as a tick box's 1.
        name: 'is_free',
        label: '阅读权限',
        type: 'select',
        options: PAPER_ACCESS_OPTIONS,
        required: true,
        default: PaperAccess.Free,
        help: '免费：访客可阅读和下载 PDF；会员：登录后阅读，文件不公开',
      },
    ],
    columns: ['thumb', 'title', 'cat_id', 'is_free', 'created_at'],
    filters: [
      categoryFilter,
      { name: 'is_free', label: '阅读权限', type: 'select', options: PAPER_ACCESS_OPTIONS },
      q,
    ],
    searchFields: ['title'],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  reports: {
    kind: 'reports',
    label: 'IT 周刊',
    idField: 'id',
    fields: [
      { name: 'year', label: '年份', type: 'number', min: 2000, max: 2100, required: true },
      { name: 'number', label: '当年期号', type: 'number', min: 1, max: 60, required: true },
      { name: 'it_number', label: '总期号', type: 'number', min: 1, max: 100_000, required: true },
      text('week', '周次说明', 50, true),
      { name: 'publish_time', label: '发布时间', type: 'datetime', required: true },
      area('recommend', '本期导读', 2000),
      image('adv_thumb', '广告图'),
      link('adv_url', '广告链接', false),
      { name: 'events', label: '本期要闻', type: 'articles', max: RESOURCE_LIMITS.articles },
      { name: 'recommends', label: '推荐阅读', type: 'articles', max: RESOURCE_LIMITS.articles },
    ],
    columns: ['it_number', 'year', 'number', 'week', 'publish_time'],
    filters: [{ name: 'year', label: '年份', type: 'search' }],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  events: {
    kind: 'events',
    label: '活动',
    idField: 'id',
    fields: [
      title(),
      text('city', '城市', 20),
      {
        name: 'type',
        label: '形式',
        type: 'select',
        options: [
          { value: 1, label: '线下活动' },
          { value: 2, label: '线上直播' },
        ],
        default: 1,
      },
      { name: 'start_at', label: '开始时间', type: 'datetime', required: true },
      { name: 'end_at', label: '结束时间', type: 'datetime', required: true },
      link('url', '报名链接或表单页'),
      image('thumb', '封面'),
      area('description', '简介', 500),
    ],
    columns: ['thumb', 'title', 'city', 'start_at', 'end_at'],
    filters: [
      { name: 'city', label: '城市', type: 'search' },
      { name: 'start_at', label: '日期', type: 'date' },
      q,
    ],
    searchFields: ['title'],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  experts: {
    kind: 'experts',
    label: '专家',
    idField: 'id',
    fields: [
      text('name', '姓名', 30, true),
      image('avatar', '头像', true),
      text('company', '公司', 100, true),
      text('job', '职务', 100, true),
      orderField,
    ],
    columns: ['avatar', 'name', 'company', 'job', 'order'],
    filters: [q],
    searchFields: ['name', 'company'],
    ordered: true,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  forms: {
    kind: 'forms',
    label: '活动报名表',
    idField: 'activity_id',
    fields: [
      {
        name: 'activity_id',
        label: '活动编号',
        type: 'number',
        min: 1,
        max: 100_000_000,
        required: true,
        createOnly: true,
      },
      title(),
      image('banner', '横幅'),
      flagField('is_submit', '开放报名', true),
      flagField('is_privacy', '需同意隐私条款', true),
      text('privacy_title', '隐私条款标题', 100),
      { name: 'privacy_content', label: '隐私条款内容', type: 'richtext', max: 64 * 1024 },
      {
        name: 'form',
        label: '表单字段',
        type: 'list',
        max: 50,
        help: '拖动调整顺序',
        fields: [
          {
            name: 'field_name',
            label: '字段名',
            type: 'text',
            required: true,
            max: 40,
            help: '英文字母、数字或下划线；已有报名时请勿修改',
          },
          text('label', '显示名称', 50, true),
          {
            name: 'type',
            label: '类型',
            type: 'select',
            options: FORM_FIELD_TYPES,
            required: true,
            default: 'input',
          },
          flagField('is_require', '必填'),
          flagField('is_show', '显示', true),
          {
            name: 'options',
            label: '选项',
            type: 'list',
            max: 100,
            fields: [
              {
                name: 'id',
                label: '选项编号',
                type: 'number',
                min: 0,
                max: RESOURCE_LIMITS.maxInt,
                hidden: true,
                help: '0 或空：新选项，保存时编号；已有选项保留编号，旧报名按编号显示选项',
              },
              text('title', '选项', 100, true),
              flagField('is_input', '可填写补充'),
              flagField('is_mark', '标记'),
            ],
          },
        ],
      },
    ],
    columns: ['activity_id', 'title', 'is_submit', 'form'],
    filters: [q],
    searchFields: ['title'],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  meets: {
    kind: 'meets',
    label: '厂商活动页',
    idField: 'id',
    fields: [
      {
        name: 'id',
        label: '活动编号',
        type: 'number',
        min: 0,
        max: 100_000_000,
        required: true,
        createOnly: true,
        help: '0 为 /vendor，1 为 /vendor2025',
      },
      title('名称'),
      { name: 'data', label: '页面内容（JSON）', type: 'json', max: RESOURCE_LIMITS.json, required: true },
    ],
    columns: ['id', 'title'],
    filters: [q],
    searchFields: ['name'],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  partners: {
    kind: 'partners',
    label: '合作伙伴页',
    idField: 'mark',
    textId: true,
    fields: [
      {
        name: 'mark',
        label: '页面标识',
        type: 'text',
        required: true,
        max: 40,
        createOnly: true,
        help: '英文字母、数字、下划线或短横线',
      },
      text('slogan', '标题', 100, true),
      text('num', '数字亮点', 100),
      image('banner', '横幅'),
      image('adv', '广告图'),
      area('des', '介绍', 2000),
      {
        name: 'qrocde',
        label: '二维码',
        type: 'list',
        max: 10,
        fields: [image('img', '二维码图片', true), text('name1', '说明一', 50), text('name2', '说明二', 50)],
      },
      {
        name: 'items',
        label: '页面内容条目',
        type: 'list',
        max: 200,
        fields: [
          { name: 'list', label: '栏目', type: 'select', options: PARTNER_LISTS, required: true },
          title(),
          text('sub_title', '副标题', 200),
          image('thumb', '图片'),
          link(),
          text('btn_text', '按钮文字', 20),
        ],
      },
    ],
    columns: ['mark', 'slogan'],
    filters: [q],
    searchFields: ['mark'],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  jobs: {
    kind: 'jobs',
    label: '招聘职位',
    idField: 'id',
    fields: [
      title('职位名称', 50),
      text('city', '工作地点', 20, true),
      text('count', '招聘人数', 20, true),
      area('summary', '职位概述', 500, true),
      { name: 'duties', label: '岗位职责', type: 'lines', max: RESOURCE_LIMITS.lines, required: true },
      { name: 'requirements', label: '任职要求', type: 'lines', max: RESOURCE_LIMITS.lines, required: true },
      flagField('enabled', '发布', true),
      orderField,
    ],
    columns: ['title', 'city', 'count', 'enabled', 'order'],
    filters: [q],
    searchFields: ['title'],
    ordered: true,
    scheduled: false,
    read: CONTENT_ROLES,
    write: CONTENT_ROLES,
  },
  categories: {
    kind: 'categories',
    label: '分类',
    idField: 'id',
    fields: [
      {
        name: 'id',
        label: '分类编号',
        type: 'number',
        min: 1,
        max: 1_000_000,
        required: true,
        createOnly: true,
      },
      { name: 'parent_id', label: '上级分类编号', type: 'number', min: 0, max: 1_000_000, default: 0 },
      text('name', '名称', 30, true),
      { ...text('alias', '路由别名', 30), help: '分类页地址中的英文名，如 AI' },
      flagField('in_nav', '显示在导航'),
      text('seo_title', 'SEO 标题', 100),
      area('seo_description', 'SEO 描述', 300),
      text('seo_keyword', 'SEO 关键词', 200),
      orderField,
    ],
    columns: ['id', 'name', 'alias', 'parent_id', 'in_nav', 'order'],
    filters: [q],
    searchFields: ['name', 'alias'],
    ordered: true,
    scheduled: false,
    read: CONTENT_ROLES,
    write: ADMIN_ONLY,
  },
  menus: {
    kind: 'menus',
    label: '菜单',
    idField: 'menu_id',
    fields: [
      {
        name: 'menu_id',
        label: '菜单编号',
        type: 'number',
        min: 1,
        max: 1_000_000,
        required: true,
        createOnly: true,
      },
      text('name', '名称', 30, true),
      {
        name: 'kind',
        label: '菜单',
        type: 'select',
        options: [
          { value: 'drop', label: '导航下拉菜单（dropMenu）' },
          { value: 'small', label: '手机栏目菜单（smallMenu）' },
        ],
        required: true,
      },
      { name: 'cat_id', label: '对应分类编号', type: 'number', min: 0, max: 1_000_000, default: 0 },
      orderField,
    ],
    columns: ['menu_id', 'name', 'kind', 'cat_id', 'order'],
    filters: [
      {
        name: 'kind',
        label: '菜单',
        type: 'select',
        options: [
          { value: 'drop', label: '导航下拉菜单' },
          { value: 'small', label: '手机栏目菜单' },
        ],
      },
    ],
    ordered: true,
    scheduled: false,
    read: CONTENT_ROLES,
    write: ADMIN_ONLY,
  },
  settings: {
    kind: 'settings',
    label: '站点设置',
    idField: 'key',
    textId: true,
    fields: [
      {
        name: 'key',
        label: '设置项',
        type: 'text',
        required: true,
        max: 60,
        createOnly: true,
        help: 'seo:<页面>（如 seo:index）、footer:<名称>（页脚与关于我们）、link:<名称>（友情链接）',
      },
      text('title', '标题 / 名称', 200),
      area('description', '描述 / 内容', 2000),
      text('keyword', '关键词 / 链接', 500),
      orderField,
    ],
    columns: ['key', 'title', 'description', 'keyword'],
    filters: [
      {
        name: 'group',
        label: '分组',
        type: 'select',
        options: [
          { value: 'seo', label: '页面 SEO（get_seo）' },
          { value: 'footer', label: '页脚信息（company_letter）' },
          { value: 'link', label: '友情链接（website_url）' },
        ],
      },
      q,
    ],
    searchFields: ['key', 'title'],
    ordered: false,
    scheduled: false,
    read: CONTENT_ROLES,
    write: ADMIN_ONLY,
  },
  members: {
    kind: 'members',
    label: '会员',
    idField: 'id',
    fields: [
      { ...text('username', '用户名'), readOnly: true },
      {
        ...text('mobile', '手机号（打码）', 20),
        readOnly: true,
        help: '查看完整号码：GET /admin/api/members/:id/phone（记入审计日志）',
      },
      { ...text('email', '邮箱', 100), readOnly: true },
      { ...text('company', '公司', 100), readOnly: true },
      { name: 'created_at', label: '注册时间', type: 'datetime', readOnly: true },
      flagField('disabled', '停用账号（立即退出登录）'),
      {
        name: 'column_status',
        label: '专栏状态',
        type: 'select',
        options: COLUMN_STATUS_OPTIONS,
        default: 0,
      },
    ],
    columns: ['username', 'mobile', 'company', 'column_status', 'disabled', 'created_at'],
    filters: [
      // A phone number is found only when typed in full (issue 23: digits would unmask it).
      { ...q, label: '搜索（手机号需输入完整 11 位）' },
      { name: 'column_status', label: '专栏状态', type: 'select', options: COLUMN_STATUS_OPTIONS },
    ],
    searchFields: ['username', 'email', 'company'],
    ordered: false,
    scheduled: false,
    // People's data: the roles that may see leads and subscribers.
    read: PERMISSIONS.leads,
    write: ADMIN_ONLY,
    create: false,
    remove: false,
  },
  editors: {
    kind: 'editors',
    label: '编辑账号',
    idField: 'id',
    fields: [
      {
        name: 'username',
        label: '用户名',
        type: 'text',
        required: true,
        max: 50,
        createOnly: true,
      },
      text('display_name', '显示名称', 50),
      {
        name: 'role',
        label: '角色',
        type: 'select',
        options: EDITOR_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] })),
        required: true,
        default: 'editor',
      },
      {
        name: 'password',
        label: '密码',
        type: 'password',
        max: 200,
        help: '新建时必填，至少 8 位；修改时留空则不变',
      },
      flagField('disabled', '停用（立即退出登录）'),
    ],
    columns: ['username', 'display_name', 'role', 'disabled'],
    filters: [q],
    searchFields: ['username', 'display_name'],
    ordered: false,
    scheduled: false,
    read: ADMIN_ONLY,
    write: ADMIN_ONLY,
    remove: false,
  },
  'audit-log': {
    kind: 'audit-log',
    label: '审计日志',
    idField: 'id',
    fields: [
      text('editor', '操作人'),
      text('action', '操作'),
      text('entity', '对象类型'),
      text('entityId', '对象编号'),
      area('detail', '详情', 1000),
      text('ip', '来源地址', 100),
      { name: 'createdAt', label: '时间', type: 'datetime' },
    ],
    columns: ['createdAt', 'editor', 'action', 'entity', 'entityId', 'detail', 'ip'],
    filters: [
      { name: 'editor', label: '操作人', type: 'search' },
      { name: 'action', label: '操作', type: 'search' },
      { name: 'from', label: '日期', type: 'date' },
    ],
    ordered: false,
    scheduled: false,
    read: ADMIN_ONLY,
    write: [],
    create: false,
    update: false,
    remove: false,
  },
  'sensitive-words': SENSITIVE_WORDS_DECL,
  'sensitive-hits': SENSITIVE_HITS_DECL,
  complaints: COMPLAINTS_DECL,
} as const satisfies Record<string, ResourceDecl>;

export type ResourceKind = keyof typeof RESOURCES;
export const RESOURCE_KINDS = Object.keys(RESOURCES) as ResourceKind[];

export function resourceDecl(kind: ResourceKind): ResourceDecl {
  return RESOURCES[kind];
}

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.hasOwn(RESOURCES, kind);
}

/** Whether `role` may read or write `kind` (the server checks every call; the app hides the rest). */
export function canResource(role: EditorRole, kind: ResourceKind, access: 'read' | 'write'): boolean {
  return (RESOURCES[kind][access] as readonly EditorRole[]).includes(role);
}

/** `POST /admin/api/<kind>/order`: the ids of an ordered kind in their new order. */
export const orderSchema = object({
  ids: array()
    .of(
      number()
        .typeError('编号不正确')
        .integer('编号不正确')
        .min(1, '编号不正确')
        .max(RESOURCE_LIMITS.maxInt, '编号不正确')
        .required('编号不正确'),
    )
    .typeError('排序必须是编号列表')
    .required('请提供排序')
    .min(1, '请提供排序')
    .max(1000, '一次最多排序 1000 条'),
});

/**
 * `POST /admin/api/<kind>/move` (with the list's filters as its query): one record of an ordered
 * kind to a place of the whole filtered list (1 = first), whatever page shows it.
 */
export const moveSchema = object({
  id: number()
    .typeError('编号不正确')
    .integer('编号不正确')
    .min(1, '编号不正确')
    .max(RESOURCE_LIMITS.maxInt, '编号不正确')
    .required('编号不正确'),
  position: number()
    .typeError('位置必须是数字')
    .integer('位置必须是整数')
    .min(1, '位置不能小于1')
    .max(RESOURCE_LIMITS.maxInt, '位置超出范围')
    .required('请填写要移动到的位置'),
});

const tooLong = (label: string, max: number) => `${label}不能超过${max}个字符`;
const required = (f: FieldDecl) =>
  f.type === 'select' || f.type === 'image' || f.type === 'file' ? `请选择${f.label}` : `请填写${f.label}`;
/** Site paths and http(s) addresses; no javascript: or data: URLs. */
const SAFE_URL = /^(?:\/(?!\/)|https?:\/\/)[^\s<>"']*$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function fieldSchema(f: FieldDecl, forUpdate: boolean): AnySchema {
  const s = baseFieldSchema(f, forUpdate).nonNullable(`${f.label}不能为空`);
  // A required field with a default (a select's usual choice) starts with it in a new form.
  return f.required && f.default !== undefined ? s.default(f.default) : s;
}

function baseFieldSchema(f: FieldDecl, forUpdate: boolean): AnySchema {
  const max = f.max;
  const need = f.required === true && !(forUpdate && f.type === 'password');
  switch (f.type) {
    case 'number': {
      let s = number().typeError(`${f.label}必须是数字`).integer(`${f.label}必须是整数`);
      s = s.min(f.min ?? 0, `${f.label}不能小于${f.min ?? 0}`);
      s = s.max(max ?? RESOURCE_LIMITS.maxInt, `${f.label}不能大于${max ?? RESOURCE_LIMITS.maxInt}`);
      return need ? s.required(required(f)) : s.default((f.default as number | undefined) ?? 0);
    }
    case 'boolean': {
      const s = boolean().typeError(`${f.label}必须是 true 或 false`);
      return s.default(Boolean(f.default));
    }
    case 'select': {
      const values = (f.options ?? []).map((o) => o.value);
      const numeric = values.every((v) => typeof v === 'number');
      if (numeric) {
        const s = number()
          .typeError(`${f.label}不正确`)
          .oneOf(values as number[], `${f.label}不正确`);
        return need
          ? s.required(required(f))
          : s.default((f.default as number | undefined) ?? (values[0] as number));
      }
      const s = string()
        .typeError(`${f.label}不正确`)
        .oneOf(values as string[], `${f.label}不正确`);
      return need
        ? s.required(required(f))
        : s.default((f.default as string | undefined) ?? (values[0] as string));
    }
    case 'datetime': {
      const s = string()
        .typeError(`${f.label}格式不正确`)
        .trim()
        .max(40, `${f.label}格式不正确`)
        .test(
          'datetime',
          `${f.label}格式不正确`,
          (v) => !v || (DATETIME.test(v) && !Number.isNaN(Date.parse(v))),
        );
      return need ? s.required(required(f)) : s.default('');
    }
    case 'articles': {
      const s = array()
        .typeError(`${f.label}不正确`)
        .of(
          number()
            .typeError('文章编号不正确')
            .integer('文章编号不正确')
            .min(1, '文章编号不正确')
            .max(RESOURCE_LIMITS.maxInt, '文章编号不正确')
            .required('文章编号不正确'),
        )
        .max(max ?? RESOURCE_LIMITS.articles, `${f.label}最多 ${max ?? RESOURCE_LIMITS.articles} 篇`);
      return need ? s.required(required(f)).min(1, required(f)) : s.default([]);
    }
    case 'lines': {
      const s = array()
        .typeError(`${f.label}不正确`)
        .of(
          string()
            .typeError(`${f.label}不正确`)
            .trim()
            .max(RESOURCE_LIMITS.text, tooLong(f.label, RESOURCE_LIMITS.text))
            .required(`${f.label}不能有空行`),
        )
        .max(max ?? RESOURCE_LIMITS.lines, `${f.label}最多 ${max ?? RESOURCE_LIMITS.lines} 条`);
      return need ? s.required(required(f)).min(1, required(f)) : s.default([]);
    }
    case 'list': {
      const s = array()
        .typeError(`${f.label}不正确`)
        .of(fieldsSchema(f.fields ?? [], false))
        .max(max ?? RESOURCE_LIMITS.listEntries, `${f.label}最多 ${max ?? RESOURCE_LIMITS.listEntries} 项`);
      return need ? s.required(required(f)).min(1, required(f)) : s.default([]);
    }
    case 'json': {
      const s = string()
        .typeError(`${f.label}必须是 JSON 文本`)
        .max(max ?? RESOURCE_LIMITS.json, `${f.label}过长`)
        .test('json', `${f.label}必须是 JSON 对象`, (v) => {
          if (!v) return true;
          try {
            const parsed: unknown = JSON.parse(v);
            return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
          } catch {
            return false;
          }
        });
      return need ? s.required(required(f)) : s.default('{}');
    }
    case 'image':
    case 'file': {
      const s = string()
        .typeError(`${f.label}不正确`)
        .trim()
        .max(max ?? URL_MAX, tooLong(f.label, max ?? URL_MAX))
        .test('url', `${f.label}地址不正确`, (v) => !v || SAFE_URL.test(v));
      return need ? s.required(required(f)) : s.default('');
    }
    case 'password': {
      const s = string()
        .typeError(`${f.label}不正确`)
        .max(max ?? 200, tooLong(f.label, max ?? 200))
        .test('min', `${f.label}至少 8 位`, (v) => !v || v.length >= 8);
      return need ? s.required(required(f)) : s.default('');
    }
    default: {
      const limit = max ?? (f.type === 'richtext' ? RESOURCE_LIMITS.richtext : RESOURCE_LIMITS.text);
      let s = string().typeError(`${f.label}不正确`).max(limit, tooLong(f.label, limit));
      if (f.type !== 'richtext') s = s.trim();
      if (f.name === 'url' || f.name.endsWith('_url')) {
        s = s.test('url', `${f.label}地址不正确`, (v) => !v || SAFE_URL.test(v));
      }
      return need ? s.required(required(f)) : s.default((f.default as string | undefined) ?? '');
    }
  }
}

function fieldsSchema(fields: readonly FieldDecl[], forUpdate: boolean): ObjectSchema<AnyObject> {
  const shape: Record<string, AnySchema> = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    if (forUpdate && f.createOnly) continue;
    shape[f.name] = fieldSchema(f, forUpdate);
  }
  return object(shape).typeError('格式不正确').nonNullable('格式不正确');
}

/**
 * The body schema of `POST` (create) or `PUT` (update, every writable field again; createOnly
 * fields are the record's key and cannot change) for `kind`. Unknown keys are stripped by the API.
 */
export function resourceSchema(kind: ResourceKind, mode: 'create' | 'update'): ObjectSchema<AnyObject> {
  const decl: ResourceDecl = RESOURCES[kind];
  const fields = fieldsSchema(decl.fields, mode === 'update');
  // An update may name the version it started from (a stale one answers 409).
  const schema = mode === 'update' ? fields.shape({ version: versionSchema }) : fields;
  const { check } = decl;
  if (!check) return schema;
  return schema.test('record', function (record) {
    const problem = record ? check(record) : null;
    return problem ? this.createError({ path: problem.field, message: problem.message }) : true;
  });
}

/** A record as the API returns it: the declared fields (passwords never), its id and its `version`. */
export type ResourceRecord = Record<string, unknown>;

/** Default values of a new record (the form's initial values). */
export function resourceDefaults(kind: ResourceKind): ResourceRecord {
  return resourceSchema(kind, 'create').getDefault() as ResourceRecord;
}
