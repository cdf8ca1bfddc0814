import type { SensitiveHitView } from './moderation';
import { number, object, string, type InferType, type ObjectSchema } from 'yup';
import { ERROR_MESSAGES, ErrorCode } from './codes';
import { FIELD_MAX, LANDING_PAGE_LABEL } from './constants';
import { MSG, tooLongMsg } from './messages';
import { ARTICLE_FIELDS, ARTICLE_FORM_ORDER, type ArticleForm } from './entities/article';
import { COLUMN_FIELDS } from './entities/column';
import type { COLUMN_ARTICLE_FIELDS } from './entities/column-article';
import { fieldNamed } from './entities/derive';
import { EDITOR_FIELDS, EDITOR_PASSWORD, type EditorSelf } from './entities/editor';
import type { EntityRecord } from './entities/field';
import type { MEMBER_FIELDS } from './entities/member';
import { officeShape } from './entities/office';
import type { EditorRole } from './roles';
import { DAY_MS, STATS_MAX_RANGE_DAYS, dayValue } from './stats';

/**
 * The back office's contract (issue 13): roles and what each may do, publication states, the
 * `/admin/api` shapes and the article form's rules. The server enforces it, the admin app reads it.
 */

export const ADMIN_API_PREFIX = '/admin/api';
/** Every state-changing admin call but the login carries the session's CSRF token in this header. */
export const CSRF_HEADER = 'x-csrf-token';
/** The editor session cookie (httpOnly, SameSite=Strict, Path=/admin). */
export const ADMIN_SESSION_COOKIE = 'portal_admin';
/** An editor session ends after this long without a request. */
export const ADMIN_SESSION_IDLE_MS = 8 * 60 * 60 * 1000;

export { EditorRole, EDITOR_ROLES, ROLE_LABEL } from './roles';

/** What each role may reach; the server checks every call against it, the admin app hides the rest. */
export const PERMISSIONS = {
  articles: ['admin', 'editor'],
  review: ['admin', 'reviewer'],
  leads: ['admin', 'reviewer'],
  audit: ['admin'],
  editors: ['admin'],
  media: ['admin', 'editor'],
  /** Reader statistics and the dashboard (issue 25). */
  stats: ['admin', 'editor'],
} as const satisfies Record<string, readonly EditorRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: EditorRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly EditorRole[]).includes(role);
}

export const PublicationStatus = {
  Draft: 'draft',
  Scheduled: 'scheduled',
  Published: 'published',
  Unpublished: 'unpublished',
} as const;
export type PublicationStatus = (typeof PublicationStatus)[keyof typeof PublicationStatus];
export const PUBLICATION_STATUSES: readonly PublicationStatus[] = Object.values(PublicationStatus);
export const PUBLICATION_STATUS_LABEL: Record<PublicationStatus, string> = {
  draft: '草稿',
  scheduled: '定时发布',
  published: '已发布',
  unpublished: '已下线',
};

/** The timed take-down of a published article (its 下线时间), as the editor and the audit log name it. */
export const TIMED_UNPUBLISH_LABEL = '定时下线';

export const LeadSource = { Vendor: 'vendor', Partner: 'partner', Activity: 'activity' } as const;
export type LeadSource = (typeof LeadSource)[keyof typeof LeadSource];
export const LEAD_SOURCES: readonly LeadSource[] = Object.values(LeadSource);
export const LEAD_SOURCE_LABEL: Record<LeadSource, string> = LANDING_PAGE_LABEL;

export const ADMIN_PAGE_SIZE = { default: 20, max: 100 } as const;
/** Largest page number a list accepts (deeper pages are a filter's job). */
export const ADMIN_MAX_PAGE = 10_000;
/** Rows one export may hold; a larger export asks for a narrower date range. */
export const LEAD_EXPORT_MAX_ROWS = 100_000;

/** A field of the article's declaration (entities/article.ts). */
const articleField = <N extends (typeof ARTICLE_FIELDS)[number]['name']>(name: N) =>
  fieldNamed(ARTICLE_FIELDS, name);

export const NEWSROOM_LIMITS = {
  // The article form's, from the article's fields.
  title: articleField('title').max,
  description: articleField('description').max,
  keywords: articleField('keyword').max,
  author: articleField('author').max,
  source: articleField('source_name').max,
  thumb: articleField('thumb').max,
  /** Article HTML, as for member columns. */
  content: articleField('content').max,
  /** A refusal the member reads (a column application's or a column article's). */
  reason: fieldNamed(COLUMN_FIELDS, 'column_refuse').max,
  search: 100,
  // An account's, from the editor's fields.
  username: fieldNamed(EDITOR_FIELDS, 'username').max,
  displayName: fieldNamed(EDITOR_FIELDS, 'display_name').max,
  passwordMin: EDITOR_PASSWORD.min,
  passwordMax: EDITOR_PASSWORD.max,
} as const;

/** Labels of the article form's fields that its rules name too. */
export const ARTICLE_LABEL = {
  thumb: articleField('thumb').label,
  is_pic: articleField('is_pic').label,
} as const;

export const ADMIN_MSG = {
  loginFailed: ERROR_MESSAGES[ErrorCode.BadCredentials],
  loginLimited: MSG.loginLimited,
  /** The account met many failed logins: the next sign-in must pass the slider check first. */
  captchaRequired: MSG.dragRequired,
  captchaMissed: MSG.dragFailed,
  captchaExpired: MSG.dragExpired,
  captchaLimited: '验证请求过于频繁，请稍后再试',
  noSession: '请先登录',
  forbidden: '没有权限执行此操作',
  csrf: '页面已过期，请刷新后重试',
  notFound: '记录不存在',
  badInput: '请求参数不正确',
  titleRequired: articleField('title').messages.required,
  titleTooLong: articleField('title').messages.tooLong,
  categoryRequired: '请选择分类',
  contentRequired: articleField('content').messages.required,
  contentTooLong: articleField('content').messages.tooLong,
  reasonRequired: '请填写拒绝原因',
  publishAtPast: '定时发布时间必须晚于当前时间',
  unpublishAtPast: '下线时间必须晚于当前时间和发布时间',
  unpublishAtNotPublic: '只有已发布或定时发布的文章可以设置下线时间',
  notPending: '该记录已不在待审核状态',
  serverError: ERROR_MESSAGES[ErrorCode.ServerError],
  badVersion: '版本号不正确，请刷新后重试',
  editConflict: '内容已被他人修改，请先查看最新版本',
  newsletterUnpublished: '该期周刊尚未发布，发布后才能发送给订阅者',
  newsletterSending: '该期周刊正在发送中，请等待发送完成',
  newsletterTestSent: '测试邮件已发送',
  newsletterTestFailed: '测试邮件发送失败，请检查邮件服务设置',
  usernameRequired: '请输入用户名',
  badTime: '时间格式不正确',
  fieldNameTaken: '字段名重复',
  /** Who saved a record, when the save names no one (a 409's savedBy). */
  otherEditor: '其他编辑',
} as const;

/** The newsletter send of an issue: `GET /admin/api/reports/:id/send` (fixed: total, sent, failed, pending, status). */
export interface NewsletterProgress {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  /** idle: never sent; sending; done. */
  status: 'idle' | 'sending' | 'done';
  /** Readers of this issue who unsubscribed since it was sent. */
  unsubscribed: number;
  /** Active subscribers with a deliverable address: whom a send would reach now. */
  audience: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** `POST /admin/api/reports/:id/send`: starts the send, or with `testEmail` sends one test message there only. */
export const newsletterSendSchema = object({
  testEmail: string().trim().email('请输入正确的测试邮箱').max(100, '测试邮箱不能超过100个字符').default(''),
});

const { title, ...articleRules } = officeShape(ARTICLE_FIELDS, 'update', ARTICLE_FORM_ORDER);
/**
 * The article form: POST /admin/api/articles and PUT /admin/api/articles/:id. Its fields' rules come
 * from the article's declaration (entities/article.ts); the category is picked by its route alias.
 */
export const articleInputSchema = object({
  title,
  /** The category's route alias as get_category returns it (e.g. `AI`). */
  category: string().trim().required(ADMIN_MSG.categoryRequired).max(50, ADMIN_MSG.categoryRequired),
  ...articleRules,
}) as unknown as ObjectSchema<{ category: string } & ArticleForm>;
export type ArticleInput = InferType<typeof articleInputSchema>;

/**
 * The version a save started from (DESIGN.md section 10): a PUT that carries an older one answers
 * 409 with the EditConflict; a PUT without one saves over whatever is there, as before.
 */
export const versionSchema = number()
  .typeError(ADMIN_MSG.badVersion)
  .integer(ADMIN_MSG.badVersion)
  .min(1, ADMIN_MSG.badVersion)
  .max(2_147_483_647, ADMIN_MSG.badVersion)
  .optional();

/** PUT /admin/api/articles/:id: the form and the version it started from. */
export const articleSaveSchema = articleInputSchema.shape({ version: versionSchema });
export type ArticleSave = InferType<typeof articleSaveSchema>;

/** Who saved a record after the editor's copy was read (the body of a 409 beside its message). */
export interface EditConflict {
  /** The record's version now. */
  version: number;
  /** Display name of who saved it last. */
  savedBy: string;
  /** When (epoch ms). */
  savedAt: number;
}

export const publishSchema = object({
  /** ISO time; in the future it schedules, absent (or now/past) it publishes at once. */
  at: string().trim().max(40).optional(),
});

export const rejectSchema = object({
  reason: string()
    .trim()
    .required(ADMIN_MSG.reasonRequired)
    .max(NEWSROOM_LIMITS.reason, tooLongMsg('原因', NEWSROOM_LIMITS.reason)),
});

export const loginSchema = object({
  username: string()
    .trim()
    .required(ADMIN_MSG.usernameRequired)
    .max(NEWSROOM_LIMITS.username, ADMIN_MSG.loginFailed),
  password: string().required(MSG.passwordRequired).max(NEWSROOM_LIMITS.passwordMax, ADMIN_MSG.loginFailed),
  /** The slider proof `<id>:<offset>`, sent when the server asked for it (LOGIN_CAPTCHA_FIELD). */
  drag_verify: string().trim().max(FIELD_MAX.dragVerify, ADMIN_MSG.captchaExpired).default(''),
});

/**
 * A login refused with this `field` (status 400) asks for the slider check: the client gets a
 * challenge from `GET /session/captcha` and signs in again with `drag_verify`.
 */
export const LOGIN_CAPTCHA_FIELD = 'drag_verify';

export const pageQuerySchema = object({
  page: number()
    .typeError('页码必须是数字')
    .integer('页码必须是整数')
    .min(1, '页码必须大于 0')
    .max(ADMIN_MAX_PAGE, `页码不能超过 ${ADMIN_MAX_PAGE}`)
    .default(1),
  pageSize: number()
    .typeError('每页条数必须是数字')
    .integer('每页条数必须是整数')
    .min(1, '每页条数必须大于 0')
    .max(ADMIN_PAGE_SIZE.max, `每页条数不能超过 ${ADMIN_PAGE_SIZE.max}`)
    .default(ADMIN_PAGE_SIZE.default),
});

/** The signed-in editor's own account: username, role and displayName (entities/editor.ts). */
export type AdminUser = EditorSelf;
export interface SessionInfo {
  user: AdminUser;
  csrfToken: string;
}
export interface Paged<T> {
  items: T[];
  total: number;
}
export interface AdminError {
  message: string;
  /** The field a 400 is about, when there is one. */
  field?: string;
  /** A 409 of a save from an older version: who saved in between. */
  conflict?: EditConflict;
}

/** The article's own fields a newsroom list row shows, as the back office reads them (entities/article.ts). */
type SummaryFields = Pick<
  EntityRecord<typeof ARTICLE_FIELDS, 'office'>,
  'id' | 'title' | 'author' | 'is_hot' | 'is_recommend'
>;
/**
 * A row of the newsroom's list. Beside the article's fields, what the newsroom works out of its
 * state (the publication status by name, its times as ISO or null, the category's alias and name,
 * the page's path, the column it came from): not fields an editor writes or a visitor reads.
 */
export interface AdminArticleSummary extends SummaryFields {
  category: string;
  categoryName: string;
  status: PublicationStatus;
  /** Scheduled publication time (ISO) while scheduled. */
  publishAt: string | null;
  /** Publication time (ISO) once published. */
  publishedAt: string | null;
  /** When it goes offline by itself (下线时间, ISO), if set. */
  unpublishAt: string | null;
  updatedAt: string;
  /** Desktop path of the public page. */
  url: string;
  /** Set when the article came from a member's column. */
  memberId: number | null;
}
export interface AdminArticle extends AdminArticleSummary, ArticleForm {
  revisions: number;
  /** Increased by every save; a PUT carries the one it started from. */
  version: number;
}
export interface RevisionSummary {
  id: number;
  editor: string;
  title: string;
  createdAt: string;
}
export interface Revision extends RevisionSummary {
  article: ArticleInput;
}
export interface PublishResult {
  id: number;
  status: PublicationStatus;
  url: string;
}

/** GET /admin/api/search-push: the search engine push queue and each site's daily quota. */
export interface SearchPushStatus {
  /** SEARCH_PUSH_PROVIDER: "outbox" (nothing leaves the machine) or "baidu". */
  provider: string;
  /** Articles whose URLs wait to be pushed. */
  pending: number;
  /** Of those, articles whose push failed at least once (retried later). */
  failing: number;
  /** Each site's quota left today (Asia/Shanghai), as the engine last answered; [] before the first push of the day. */
  quota: { site: string; remain: number; checkedAt: string }[];
  /** Set when today's quota is spent: ISO time of the next day's start, when the push resumes. */
  resumesAt: string | null;
}

/** A column application in the review queue: the applicant as the back office reads a member (phone masked). */
export type ColumnApplication = { memberId: number } & EntityRecord<typeof MEMBER_FIELDS, 'office'> & {
    /** The names of the applicant's industry and position options. */
    industry: string;
    position: string;
    appliedAt: string;
    /** Sensitive words found in the application (issue 26), for the reviewer. */
    hits?: SensitiveHitView[];
  };
/**
 * A column article in the review queue: the texts the editors read of it (entities/column-article.ts:
 * title, description, keyword, content), with its author, its category's name and when it was sent.
 */
export type PendingColumnArticle = {
  id: number;
  memberId: number;
  username: string;
  category: string;
  submittedAt: string;
  /** Sensitive words found when the member last saved it (issue 26), highlighted in the queue. */
  hits?: SensitiveHitView[];
} & EntityRecord<typeof COLUMN_ARTICLE_FIELDS, 'office'>;

export interface LeadColumn {
  key: string;
  label: string;
  /**
   * The column holds phone numbers: lists show them masked (138****5678); the full number of one
   * row is GET /admin/api/leads/:row/phone (each look audited), exports carry it in full (audited).
   */
  phone?: boolean;
}
export interface Lead {
  id: number;
  createdAt: string;
  /** Answer per column key (see LeadPage.columns). */
  values: Record<string, string>;
}
/** GET /admin/api/leads: the rows, and the columns the chosen source's form collects, in order. */
export interface LeadPage extends Paged<Lead> {
  columns: LeadColumn[];
}

/** GET /admin/api/leads/sources: what each source's `id` can be, with a name to show. */
export type LeadSources = Record<LeadSource, { id: string; name: string }[]>;

export const leadQuerySchema = pageQuerySchema.shape({
  source: string().oneOf(LEAD_SOURCES, '请选择线索来源').required('请选择线索来源'),
  /** Vendor meet id, partner mark or activity id. */
  id: string().trim().required('请选择活动').max(50, '请选择活动'),
  from: string().trim().max(40).optional(),
  to: string().trim().max(40).optional(),
});

/** GET /admin/api/leads/:row/phone: the lead's source and page (as the list's), and the phone column. */
export const leadPhoneQuerySchema = leadQuerySchema.pick(['source', 'id']).shape({
  key: string().trim().required('请选择手机号列').max(100, '请选择手机号列'),
});

/** A full phone number, revealed on request (members and leads; the server audits each look). */
export interface PhoneReveal {
  mobile: string;
}

export const MediaKind = { Image: 'image', Video: 'video', Pdf: 'pdf' } as const;
export type MediaKind = (typeof MediaKind)[keyof typeof MediaKind];
export const MEDIA_KINDS: readonly MediaKind[] = Object.values(MediaKind);
export const MEDIA_KIND_LABEL: Record<MediaKind, string> = { image: '图片', video: '视频', pdf: 'PDF' };

/** One file of the media library (GET/POST /admin/api/media). */
export interface MediaItem {
  id: number;
  kind: MediaKind;
  /**
   * Public URL under /uploads for images and videos; for PDFs (which may be paid white papers)
   * the stored path (/private/…) a white paper row takes, with no public URL.
   */
  url: string;
  /** False for PDFs: they are streamed to entitled members only (and to editors via /media/:id/file). */
  public: boolean;
  originalName: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** URLs of the WebP and narrower variants (images). */
  variants: string[];
  uploadedBy: string;
  createdAt: string;
}

/** GET /admin/api/media */
export const mediaQuerySchema = pageQuerySchema.shape({
  kind: string()
    .oneOf([...MEDIA_KINDS, ''], '文件类型不正确')
    .default(''),
});

/**
 * The actions an audit entry names (its `action`), as the audit log shows them. The entry itself,
 * AuditEntry, is entities/audit-entry.ts (which reads this list).
 */
export const AUDIT_ACTIONS = [
  { value: 'login', label: '登录' },
  { value: 'logout', label: '退出' },
  { value: 'login-failed', label: '登录失败' },
  { value: 'login-throttled', label: '登录受限' },
  { value: 'display-name', label: '修改显示名称' },
  { value: 'create', label: '创建' },
  { value: 'update', label: '修改' },
  { value: 'delete', label: '删除' },
  { value: 'publish', label: '发布' },
  { value: 'schedule', label: PUBLICATION_STATUS_LABEL.scheduled },
  { value: 'unpublish', label: '下线' },
  { value: 'schedule-unpublish', label: TIMED_UNPUBLISH_LABEL },
  { value: 'approve', label: '审核通过' },
  { value: 'reject', label: '审核拒绝' },
  { value: 'export', label: '导出' },
  { value: 'upload', label: '上传' },
  { value: 'disable', label: '停用' },
  { value: 'enable', label: '启用' },
  { value: 'password', label: '重设密码' },
  { value: 'role', label: '修改角色' },
  { value: 'reorder', label: '调整排序' },
  { value: 'view-phone', label: '查看手机号' },
  { value: 'list', label: '查看名单' },
  { value: 'import', label: '导入' },
  { value: 'send', label: '发送' },
] as const satisfies readonly { value: string; label: string }[];

// ---------- reader statistics (issue 25 section 2) ----------

const dayField = (label: string) =>
  string()
    .typeError(`${label}格式应为 YYYY-MM-DD`)
    .trim()
    .max(10, `${label}格式应为 YYYY-MM-DD`)
    .test('day', `${label}格式应为 YYYY-MM-DD`, (v) => v === undefined || !Number.isNaN(dayValue(v)));

/**
 * A range of days (`from`..`to`, both included): real days, not reversed, at most
 * STATS_MAX_RANGE_DAYS long. Each failure names its field.
 */
const rangeFields = (defaults?: { from: () => string; to: () => string }) => {
  const from = dayField('开始日期');
  const to = dayField('结束日期')
    .test('order', '结束日期不能早于开始日期', function (v) {
      const f = this.parent.from as string | undefined;
      return !v || !f || Number.isNaN(dayValue(f)) || dayValue(v) >= dayValue(f);
    })
    .test('length', `日期范围不能超过 ${STATS_MAX_RANGE_DAYS} 天`, function (v) {
      const f = this.parent.from as string | undefined;
      return (
        !v || !f || Number.isNaN(dayValue(f)) || (dayValue(v) - dayValue(f)) / DAY_MS < STATS_MAX_RANGE_DAYS
      );
    });
  return defaults
    ? { from: from.default(defaults.from), to: to.default(defaults.to) }
    : { from: from.required('请选择开始日期'), to: to.required('请选择结束日期') };
};

/** The newsroom's day (Asia/Shanghai, UTC+8 all year) `daysAgo` days before now. */
const shanghaiDay = (daysAgo: number) =>
  new Date(Date.now() + 8 * 3600_000 - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** GET /admin/api/stats/articles?from=&to=&page=&pageSize= */
export const statsRangeQuerySchema = pageQuerySchema.shape(rangeFields());
/** GET /admin/api/stats/articles/:id?from=&to= (by default the last 30 days, today included). */
export const articleStatsQuerySchema = object(
  rangeFields({ from: () => shanghaiDay(29), to: () => shanghaiDay(0) }),
);
