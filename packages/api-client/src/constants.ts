/** Business constants of spec section 9: import these, never repeat the numbers. */

export const MOBILE_BREAKPOINT = 960;
export const LANDING_NARROW_BREAKPOINT = 1100;
/** Root font size = window width / ROOT_FONT_DIVISOR (spec section 2). */
export const ROOT_FONT_DIVISOR = 26.78;

export const PAGE_SIZE = {
  homeFall: 10,
  events: 12,
  search: 10,
  categoryList: 21,
  /** A topic's articles on its desktop page (the phone page loads homeFall at a time, endlessly). */
  topic: 20,
  whitePapers: 9,
  videoDesktop: 9,
  videoMobile: 12,
  itIssues: 30,
  columnList: 10,
  paginationDefault: 8,
} as const;
export const PAGE_SIZES = [8, 20, 50, 100] as const;
/** Largest pageSize any list call accepts. */
export const MAX_PAGE_SIZE = 100;
/**
 * Largest page number any list call accepts: deeper offsets only cost the database work (search
 * totals stop at 10,000 matches, and 10,000 pages of 21 cover a category of 210,000 articles).
 */
export const MAX_PAGE = 10_000;
/** Largest id any call accepts: ids are 32-bit integers (serial) on PostgreSQL. */
export const MAX_ID = 2_147_483_647;

/**
 * Longest value of every free-text field a visitor or member sends (characters, after trimming).
 * The one table of caps: the yup schemas (forms and API) and the payload schemas use these, and the
 * API's body limits are derived from them. Lengths the spec leaves open are bounded so the server
 * never stores, or runs a pattern over, unbounded text.
 */
export const FIELD_MAX = {
  username: 30,
  email: 100,
  company: 100,
  address: 200,
  place: 50,
  person: 50,
  description: 500,
  keyword: 200,
  formText: 500,
  /** Title / city / search words of the read calls' filters. */
  query: 100,
  /** Avatar URL sent back by member_info_update. */
  avatarUrl: 500,
  smsCode: 10,
  /** Slider proof (drag_verify) token. */
  dragVerify: 300,
  meetName: 100,
  /** vendor_register question: JSON text of the survey answers. */
  surveyJson: 5000,
  /** form_register content / other: JSON text of a few dozen answers of ≤ formText characters. */
  formJson: 20_000,
  source: 100,
  /** vendor user_id session token. */
  vendorUserId: 100,
} as const;
/** Longest page address wechat_signature signs (browsers and WeChat handle far shorter ones in practice). */
export const WECHAT_URL_MAX = 2048;
/**
 * Complaints (举报, issue 26): the fixed reasons a reader picks from, the limits of what they write,
 * and the footer line (a `footer:` site setting) that shows where complaints also go.
 */
export const COMPLAINT_REASONS = ['违法违规', '色情低俗', '侵权', '虚假信息', '广告营销', '其他'] as const;
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];
export const COMPLAINT_LIMITS = { description: 500, contact: 100, url: WECHAT_URL_MAX, note: 500 } as const;
/** The back-office states of a complaint: 待处理, 已处理, 已驳回. */
export const COMPLAINT_STATUS = { pending: '待处理', done: '已处理', rejected: '已驳回' } as const;
export type ComplaintStatus = keyof typeof COMPLAINT_STATUS;
/** The footer entry (site settings `footer:<label>`) holding the complaint phone or mailbox. */
export const COMPLAINT_CONTACT_LABEL = '违法和不良信息举报';
/** The footer entry holding the copyright line (its value already says what it is). */
export const COPYRIGHT_LABEL = '版权所有';
/** The three kinds of landing page, by the lead source they feed (back-office kinds and lead lists). */
export const LANDING_PAGE_LABEL = {
  vendor: '厂商活动页',
  partner: '合作伙伴页',
  activity: '活动报名表',
} as const;
/** Column article HTML, measured in UTF-8 bytes (what the database and every reader receive). */
export const ARTICLE_CONTENT_MAX_BYTES = 2 * 1024 * 1024;
/** Deepest element nesting of column article HTML (the editor's deepest is a dozen: table › … › em). */
export const ARTICLE_MAX_NESTING = 100;

export const CAROUSEL_DELAY_MS = {
  homeBanner: 4000,
  video: 5000,
  landing: 5_000_000,
  mobileBanner: 50_000,
} as const;

export const SMS_COUNTDOWN_S = 60;
export const SCROLL_LOAD_DELAY_MS = 1000;
export const SCROLL_TRIGGER_PX = 2;
export const PAGE_VIEW_THROTTLE_MS = 10_000;
export const COOKIE_CONSENT_DAYS = 1;
export const BACK_TO_TOP_AFTER_PX = 400;
export const TITLE_MAX = 25;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const PHONE_MAX_LENGTH = 11;
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;
export const EDITOR_UPLOAD_MAX_BYTES = 52_428_800;
/**
 * Member identity as request headers (issue 11): uploads are checked against these before any
 * file byte is read, and they keep the stoken out of URLs.
 */
export const MEMBER_HEADERS = { stoken: 'x-stoken', memberId: 'x-member-id' } as const;
export const EDITOR_HEIGHT_PX = 300;
export const EDITOR_PLACEHOLDER = '请输入内容...';
export const HTTP_TIMEOUT_MS = 30_000;
export const IT_REPORT_FIRST_YEAR = 2020;
export const RELATED_VIDEOS = 8;
export const HOT_TOPICS = { home: 6, category: 4 } as const;
/** A topic's page is `${TOPIC_PAGE}/{id}` on both sites (the route table's `href.topic`). */
// eslint-disable-next-line portal/no-page-literal -- the route table's topic pattern is built from it, and the contract below the routes names it in the back office's help
export const TOPIC_PAGE = '/topic';
export const HOT_NEWS_HOME = 6;
/** 最新发布 on the desktop home (get_news): a lead story and the newest headlines after it. */
export const LATEST_NEWS_HOME = 6;
export const INNER_PAGE_ITEMS = 3;
export const REGISTRATION_DIALOG_WIDTH = '35%';
export const AD_SLOTS = ['one', 'two', 'three', 'four', 'five'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];

/** The twelve category pages of spec section 2: route path segment → category id. */
export const CATEGORY_PAGES = [
  { alias: 'VAR', id: 623, name: 'VAR' },
  { alias: 'storage', id: 56, name: '存储' },
  { alias: 'AI', id: 694, name: '人工智能' },
  { alias: 'IoT', id: 705, name: '物联网' },
  { alias: 'Onemachine', id: 667, name: '一体机' },
  { alias: 'IDC', id: 688, name: '数据中心' },
  { alias: 'cloud', id: 664, name: '云计算' },
  { alias: 'net', id: 696, name: '网络' },
  { alias: 'software', id: 55, name: '软件' },
  { alias: 'desktop', id: 50, name: '桌面' },
  { alias: 'channel', id: 622, name: '渠道' },
  { alias: 'digital', id: 702, name: '数字化' },
] as const;
export type CategoryAlias = (typeof CATEGORY_PAGES)[number]['alias'];

/** Fixed section ids of spec section 2. */
export const SECTION_ID = {
  activity: 41,
  whitePaper: 42,
  video: 43,
  itReport: 44,
} as const;

/** Special menu ids of the mobile /general/{menu_id} list. */
export const MOBILE_MENU = { activities: 10000, recommended: 10001, topics: 10002 } as const;
/** The header entry whose tab has a drop-down. */
export const HEADER_DROPDOWN_ID = 10000;

export const EMPLOYEE_COUNT_OPTIONS = [
  '1-25',
  '26-99',
  '100-499',
  '500-999',
  '1000-4999',
  '5000-9999',
  '10000+',
] as const;

/**
 * Status values, one named set per domain (never a bare number in code). The numbers are what the
 * spec's API sends and what the database stores.
 */
/** Column application status (spec section 4); negative values mean rejected. */
export const ColumnStatus = { NotApplied: 0, UnderReview: 1, Approved: 2, Rejected: -1 } as const;
/** Column article status filter (spec section 4): the status of a member's column article. */
export const ArticleStatus = { Unreviewed: 0, Pending: 1, Approved: 3, Rejected: -1 } as const;
/**
 * Stored status of a public article (articles.status): readers see Published only. Migration 001
 * stored 1 for published; the newsroom (005) added the others. The back office speaks of them by
 * name (PublicationStatus in ./admin).
 */
export const NewsStatus = { Draft: 0, Published: 1, Scheduled: 2, Unpublished: 3 } as const;
/** Member account status (members.status): only an active account signs in. */
export const MemberStatus = { Disabled: 0, Active: 1 } as const;
/** How an event (activity) is held (events.type; the seed and the activity page read 1 as online). */
export const EventType = { Online: 1, Offline: 2 } as const;
/** Event (activity) status, worked out from its dates (contract EventItem). */
export const EventStatus = { Upcoming: 0, InProgress: 1, Ended: 2 } as const;
/** What the pages call each EventStatus, indexed by its value. */
export const EVENT_STATUS_LABEL: readonly string[] = ['即将开始', '进行中', '已结束'];
/** How a video plays (spec section 3): an embedded frame (iframe) or a file (mp4). */
export const VideoType = { Embed: 1, File: 2 } as const;
/** A white paper's access (spec section 3: is_free 0 = free); any other value is a members' paper. */
export const PaperAccess = { Free: 0, Paid: 1 } as const;
/** True for a members-only white paper (spec section 5: is_free not 0). */
export const isPaidPaper = (paper: { is_free: number }): boolean => paper.is_free !== PaperAccess.Free;
/** An option field (industry, position, department, channel, category) with nothing chosen. */
export const NO_OPTION = 0;
/** A yes/no field of the API (is_push, is_show, is_require, is_input, is_mark). */
export const Flag = { No: 0, Yes: 1 } as const;
/** The survey question with several answers and an 其他 text (SURVEY_QUESTIONS index). */
export const SURVEY_CHALLENGES_INDEX = 1;

/** The portal's name: page titles, the logo, share tags and structured data. */
export const SITE_NAME = '中小企业IT网';

/** Vendor landing survey (spec section 9). */
export const SURVEY_QUESTIONS = [
  { title: '贵公司是否已部署ERP系统？', choices: ['是', '否', '否，但正在考虑'] },
  {
    title: '贵公司当前面临的主要挑战是什么？',
    choices: ['实时库存跟踪', '简化财务报表', '集成CRM', '数据同步', '其他'],
  },
  { title: '贵公司的采购周期是多久？', choices: ['0–3个月', '4–6个月', '7–9个月', '9–12个月', '12个月以上'] },
  { title: '您在采购决策中的角色是？', choices: ['决策团队成员', '影响者', '推荐者', '决策者', '不参与'] },
] as const;

/** meet_id used by the 2025 vendor landing page. */
export const VENDOR_2025_MEET_ID = 1;

/** Local/session storage keys and cookie names (spec section 3). */
export const STORAGE_KEY = { member: 'SMBData', vendorUser: 'user_id', pageViews: 'article_pv' } as const;
export const COOKIE = { viewportWidth: 'vw', consent: 'cookie_consent' } as const;

/**
 * The development client credential, the one definition the browser transport, the gateway and
 * the API import. It is public by design (DESIGN section 5): the token it buys reads public content
 * only. Servers read the configured pair from CLIENT_ID / CLIENT_SECRET; production refuses the
 * default secret.
 */
export const DEFAULT_CLIENT_ID = 'portal-web';
export const DEFAULT_CLIENT_SECRET = 'portal-dev-secret';
