/**
 * The API contract: every call of spec section 7, its HTTP method, who may call it,
 * and its payload and `data` types. The server registers routes from `endpoints`;
 * the client derives its typed calls from the same object. Change a call here first.
 */
import type { ComplaintReason } from './constants';

import type { ViewDevice } from './stats';

// ---------- entities (spec section 3) ----------

export interface ListItem {
  id: number;
  title: string;
  description: string;
  /** In-product path ("/news/12") or absolute URL. */
  url: string;
  thumb: string;
  /** Comma-separated keywords. */
  keyword: string;
  /** Highlight terms (search results). */
  keys?: string[];
  created_at: string;
}

export interface ArticleDetail extends ListItem {
  /** Last edit, in created_at's format (Beijing time); created_at for an article never edited since. */
  updated_at: string;
  author: string;
  adminName: string;
  source_name: string;
  /** Sanitised HTML. */
  content: string;
  cat_id: number;
  cat_name: string;
  /** Category route alias ("AI"), '' when none. */
  cat_alias: string;
  pv: number;
  seo: Seo;
  prev: ListItem | null;
  next: ListItem | null;
}

/** What wx.config needs besides the api list (WeChat JS-SDK). */
export interface WechatSignature {
  appId: string;
  /** Seconds since the epoch. */
  timestamp: number;
  nonceStr: string;
  /** sha1 hex of jsapi_ticket=…&noncestr=…&timestamp=…&url=…. */
  signature: string;
}

/** complaint_add (举报, DESIGN.md section 10): the page, its article if any, and what the reader says. */
export interface ComplaintPayload {
  /** The page complained about: an address on one of the site's public origins. */
  url: string;
  article_id?: number;
  reason: ComplaintReason;
  description: string;
  contact?: string;
}

export interface Seo {
  title: string;
  description: string;
  keyword: string;
}

export interface CategoryEntry {
  id: number;
  name: string;
  /** Route alias ("AI") or absolute path ("/video"). */
  alias: string;
  son: CategoryEntry[];
}

export interface Menu {
  menu_id: number;
  name: string;
}

export interface Banner {
  banner: string;
  title: string;
  url: string;
}

export interface Ad {
  url: string;
  thumb: string;
  title: string;
}
export type Ads = Record<'one' | 'two' | 'three' | 'four' | 'five', Ad | null>;

export interface Video {
  id: number;
  title: string;
  url: string;
  thumb: string;
  list_thumb: string;
  index_thumb: string;
  /** 1 embedded frame, 2 mp4 file. */
  video_type: 1 | 2;
  iframe: string;
  keyword: string;
  description: string;
  created_at: string;
}
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

export interface EventItem {
  id: number;
  title: string;
  description: string;
  thumb: string;
  url: string;
  /** 1 online, 2 offline. */
  type: number;
  /** 0 upcoming, 1 in progress, 2 ended. */
  status: number;
  showTime: string;
  city: string;
}

export interface WeeklyReport {
  id: number;
  /** Issue number within its year. */
  number: number;
  publish_time: string;
  /** Running issue number. */
  it_number: number;
  /** e.g. "2026年第47周". */
  week: string;
  /** Editor's recommendation text. */
  recommend: string;
  adv: Ad | null;
}

export interface Expert {
  id: number;
  avatar: string;
  name: string;
  company: string;
  job: string;
}

export interface WhitePaper {
  id: number;
  /** 0 = free. */
  is_free: number;
  title: string;
  description: string;
  thumb: string;
  url: string;
  created_at: string;
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

/**
 * drag_captcha: a picture with a gap and the piece cut from it. Where the gap is stays on the
 * server; the client sends how far the piece was dragged (px from the left of the picture).
 */
export interface DragChallenge {
  id: string;
  width: number;
  height: number;
  /** Size of the square piece, px. */
  piece_size: number;
  /** Top of the piece, px: it moves only sideways. */
  y: number;
  /** The picture with the gap, a PNG data URL. */
  image: string;
  /** The piece, a PNG data URL. */
  piece: string;
}

export interface Member {
  id: number;
  username: string;
  mobile: string;
  email: string;
  company: string;
  industry: number;
  position: number;
  department: number;
  province: string;
  city: string;
  address: string;
  company_people: string;
  status: number;
  avatar: string;
}

export interface ColumnArticle {
  id: number;
  title: string;
  channel: number;
  category: number;
  content: string;
  description: string;
  keyword: string;
  is_push: 0 | 1;
  status: number;
  showStatus: string;
  refuse: string;
  created_at: string;
  /** The member's list only (issue 25): views of the published article, 0 before it is published. */
  views?: number;
}

export type FormFieldType = 'input' | 'select' | 'radio' | 'checkbox' | 'multi' | 'province' | 'city';
export interface FormOption {
  id: number;
  title: string;
  is_input: 0 | 1;
  is_mark: 0 | 1;
}
export interface FormField {
  field_name: string;
  label: string;
  type: FormFieldType;
  is_require: 0 | 1;
  is_show: 0 | 1;
  options: FormOption[];
}
export interface DynamicForm {
  form: FormField[];
  banner: string;
  is_submit: boolean;
  is_privacy: boolean;
  /** JSON text: {title, content}. */
  privacy: string;
  title: string;
}

/** An open position of /recruit (managed in the back office: the `jobs` resource). */
export interface Job {
  id: number;
  title: string;
  city: string;
  /** Headcount as shown on the card. */
  count: string;
  summary: string;
  duties: string[];
  requirements: string[];
}

export interface PartnerBase {
  slogan: string;
  num: string;
  banner: string;
  adv: string;
  des: string;
  qrocde: { img: string; name1: string; name2: string }[];
}
export interface PartnerProduct {
  thumb: string;
  title: string;
  subTitle: string;
  url: string;
}
export interface PartnerActivity {
  thumb: string;
  title: string;
  url: string;
  btnText: string;
}
export interface PartnerKnowledge {
  title: string;
  subTitle: string;
  url: string;
}

export interface VendorRegistration {
  name: string;
  mobile: string;
  email: string;
  company: string;
  department: string;
  position: string;
  meetName: string;
  /** JSON text: [{title, answer}] for the four survey questions. */
  question: string;
  meet_id?: number;
}

/** A gated vendor asset (report PDF or video): the login gate remembers its title and logs access. */
export interface VendorAsset {
  title: string;
  description: string;
  thumb: string;
  /** PDF or video address, opened in a new tab after the gate. */
  url: string;
  kind: 'pdf' | 'video';
}
/** A vendor landing page (vendor_meets row): hero, report cards and titled carousels of assets. */
export interface VendorMeet {
  id: number;
  /** Sent as meetName by vendor_register and vendor_log. */
  name: string;
  hero: { title: string; subtitle: string; banner: string; date: string; place: string };
  reports: VendorAsset[];
  carousels: { title: string; items: VendorAsset[] }[];
}

// ---------- payload helpers ----------

export interface Paged {
  page: number;
  pageSize: number;
}
/** Added by the client to every call when a member is logged in. */
export interface MemberIdentity {
  stoken: string;
  member_id: number;
}

export interface MemberRegisterPayload {
  username: string;
  mobile: string;
  email: string;
  company: string;
  industry: number;
  position: number;
  department: number;
  province: string;
  city: string;
  address: string;
  company_people: string;
  password: string;
}
export type MemberUpdatePayload = Omit<MemberRegisterPayload, 'username' | 'mobile' | 'password'> & {
  avatar?: string;
};
export interface ColumnArticlePayload {
  title: string;
  channel: number;
  category: number;
  content: string;
  description?: string;
  keyword?: string;
  is_push: 0 | 1;
  /** 1 keeps the article as an unsubmitted draft (status 0); otherwise it goes to review (status 1). */
  draft?: 0 | 1;
}

// ---------- the endpoint table ----------

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
/**
 * Who may call: `open` needs nothing (accessToken itself); `public` needs the Bearer
 * access token; `member` also needs a valid stoken + member_id; `vendor` needs a vendor user_id.
 */
export type Access = 'open' | 'public' | 'member' | 'vendor';

/** A member's subscription to the IT weekly newsletter (every future issue). */
export interface NewsletterSubscription {
  subscribed: boolean;
  /** Where the issues go ('' when the member has no email yet: the member centre asks for one). */
  email: string;
  /** Delivery to `email` failed for good: the issues stop until the member gives another address. */
  bounced: boolean;
}

interface Def<P, D> {
  payload: P;
  data: D;
}
type None = Record<string, never>;

/** Types of every call: payload sent, `data` received. */
export interface ApiTypes {
  // common
  accessToken: Def<{ id: string; secret: string }, { access_token: string; expires_in: number }>;
  get_category: Def<None, { web_list: CategoryEntry[]; cat_one: CategoryEntry[] }>;
  company_letter: Def<None, FooterData>;
  website_url: Def<None, WebsiteUrl[]>;
  /** SEO title/description/keywords of a page without its own entity ('home', 'video', 'white_pager', ...). */
  get_seo: Def<{ page: string }, Seo>;
  // content
  dropMenu: Def<None, Menu[]>;
  smallMenu: Def<None, Menu[]>;
  get_adv: Def<None, Ads>;
  get_loop: Def<{ type?: 'mobile' }, Banner[]>;
  get_loop_right: Def<None, ListItem[]>;
  get_news: Def<None, ListItem[]>;
  get_policy: Def<None, ListItem[]>;
  /** Mobile home blocks: type is a menu id as in m_news (10001 recommended, 10000 activities, 10002 special topics). */
  mTop: Def<{ type: number }, ListItem[]>;
  /** Mobile home endless list: type is a menu id as in m_news (0 = newest articles of every category). */
  mfall: Def<{ type: number } & Paged, ListItem[]>;
  /** `pageseze` is the spec's spelling. */
  indexFall: Def<{ page: number; pageseze: number }, ListItem[]>;
  m_news: Def<{ type?: number; menu_id: number } & Paged, ListItem[]>;
  category_top: Def<{ cat_id: number }, { banner: Banner[]; pictures: ListItem[]; seo: Seo; name: string }>;
  category_news: Def<{ cat_id: number }, { topics: ListItem[]; news: ListItem[] }>;
  cate_recommend: Def<
    { cat_id: number },
    { lists: { title: string; items: ListItem[] }[]; special: ListItem[]; white_papers: WhitePaper[] }
  >;
  cate_list: Def<{ cat_id: number } & Paged, ListItem[]>;
  article_content: Def<{ id: number; type?: number }, ArticleDetail>;
  /** ref: the page's referrer; device: who sent it (the desktop site's server decides from the width cookie). */
  article_pv: Def<
    { id: number; lasttime?: number; ref?: string; device?: ViewDevice },
    { lasttime: number; pv: number }
  >;
  video_detail: Def<{ id: number }, VideoDetail>;
  /** A topic's page (not in the spec: topics were links only until the back office picked their articles). */
  topic_detail: Def<{ id: number } & Partial<Paged>, TopicDetail>;
  mvideo_list: Def<Paged, { list: Video[] }>;
  get_schoolTop: Def<None, Video[]>;
  get_school: Def<{ cat_id: number } & Paged, Video[]>;
  doc_ls_fronted: Def<Paged, WhitePaper[]>;
  it_index: Def<{ id: number }, { report: WeeklyReport; events: ListItem[]; recommend: ListItem[] }>;
  it_list: Def<{ year: number } & Paged, WeeklyReport[]>;
  it_sub: Def<{ report_id: number; email?: string }, null>;
  meet_index: Def<{ city?: string; year?: number; month?: number; title?: string } & Paged, EventItem[]>;
  search_list: Def<{ title: string; type?: number } & Paged, { list: ListItem[] }>;
  getForm: Def<{ activity_id: number }, DynamicForm>;
  /** privacy: the consent tick, required true when the form has is_privacy. */
  form_register: Def<
    { activity_id: number; source?: string; content: string; other: string; privacy?: boolean },
    null
  >;
  option_ls: Def<None, { industry: Option[]; position: Option[]; department: Option[] }>;
  get_province: Def<None, PlaceOption[]>;
  get_city: Def<{ title: string }, PlaceOption[]>;
  get_expert: Def<{ batch?: number }, { data: Expert[] }>;
  // defined but unused by the screens of the spec
  handle404: Def<{ path?: string }, { recommend: ListItem[] }>;
  category_solution: Def<{ cat_id: number }, ListItem[]>;
  get_right: Def<
    None,
    { activities: EventItem[]; hot: ListItem[]; special: ListItem[]; white_papers: WhitePaper[] }
  >;
  get_activity: Def<None, EventItem[]>;
  get_cxo: Def<None, ListItem[]>;
  get_big: Def<None, ListItem[]>;
  get_special: Def<None, ListItem[]>;
  get_video: Def<None, Video[]>;
  get_partner: Def<None, WebsiteUrl[]>;
  /** The published positions of /recruit in their order (/recruit/detail?id=N is the Nth). */
  get_jobs: Def<None, Job[]>;
  doc_detail: Def<{ id: number }, WhitePaper>;
  /**
   * A white paper's PDF for a logged-in member (paid papers have no public file). Success is the
   * application/pdf body itself, not an envelope: request it raw (responseType blob) through the
   * HTTP transport's axios instance. Failures are envelopes (10001, NotFound, Validation).
   */
  white_paper_file: Def<{ id: number }, null>;
  // member
  member_register: Def<MemberRegisterPayload, { id: number }>;
  member_login: Def<
    { username: string; password: string },
    { id: number; stoken: string; username: string; avatar: string }
  >;
  member_logout: Def<None, null>;
  member_info: Def<{ id: number }, Member>;
  member_info_update: Def<MemberUpdatePayload, Member>;
  send_sms: Def<{ mobile: string }, null>;
  /** Slider challenge: drag the piece onto the gap in `image`; send `${id}:${offset}` as reset_password's drag_verify. */
  drag_captcha: Def<None, DragChallenge>;
  reset_password: Def<{ drag_verify: string; mobile: string; password: string; code: string }, null>;
  /** multipart: file (+ stoken, member_id); data is the avatar url. */
  member_upload: Def<FormData, string>;
  check_space: Def<{ id: number }, { status: number; msg: string }>;
  space_apply: Def<{ id: number }, { status: number }>;
  space_list: Def<{ title?: string; status?: number } & Paged, ColumnArticle[]>;
  space_channel: Def<None, Option[]>;
  space_category: Def<{ channel_id: number }, Option[]>;
  space_add_article: Def<ColumnArticlePayload, { id: number }>;
  space_update_article: Def<ColumnArticlePayload & { id: number }, null>;
  space_edit_article: Def<{ id: number }, ColumnArticle>;
  space_delete_article: Def<{ id: number }, null>;
  /** multipart: file (+ stoken, member_id); data is {url}. */
  space_thumb_upload: Def<FormData, { url: string }>;
  // vendor and partner landing
  vendor_login: Def<{ mobile: string; meet_id?: number }, { user_id: string }>;
  vendor_register: Def<VendorRegistration, null>;
  /** `asset`: the address of the asset opened, recorded with the access. */
  vendor_log: Def<{ meetName: string; user_id: string; meet_id?: number; asset?: string }, null>;
  /** Content of a vendor landing page (0 = /vendor, 1 = /vendor2025). */
  vendor_meet: Def<{ meet_id: number }, VendorMeet>;
  partner_base: Def<{ mark: string }, PartnerBase>;
  partner_new: Def<{ mark: string }, PartnerProduct[]>;
  partner_recommend: Def<{ mark: string }, PartnerProduct[]>;
  partner_video: Def<{ mark: string }, PartnerProduct[]>;
  partner_know: Def<{ mark: string }, PartnerKnowledge[]>;
  partner_activity: Def<{ mark: string }, PartnerActivity[]>;
  partner_product: Def<{ mark: string }, PartnerProduct[]>;
  // WeChat share cards (not in the spec: issue 26)
  /**
   * The JS-SDK's wx.config for a page of this site (its url without the fragment): WeChat's sha1
   * signature over the jsapi_ticket. 10601 when WeChat is not configured, 10602 when WeChat's API fails.
   */
  wechat_signature: Def<{ url: string }, WechatSignature>;
  // The IT weekly newsletter (issue 25): the member's subscription, and the unsubscribe link's call
  newsletter_get: Def<None, NewsletterSubscription>;
  /** The member centre's switch; `email` changes the address (required when the member has none). */
  newsletter_set: Def<{ subscribed: boolean; email?: string }, NewsletterSubscription>;
  /** The unsubscribe link's page: the token from the message, no session. 10801 tampered, 10802 expired. */
  newsletter_unsubscribe: Def<{ token: string }, { email: string }>;
  // Complaints (举报, issue 26; DESIGN.md section 10, fixed)
  /**
   * A reader's complaint about a page of this site (`url` on a public origin; `article_id` when it is
   * an article). Rate-limited per address (10008) and screened for sensitive words (10701).
   */
  complaint_add: Def<ComplaintPayload, null>;
}

export type EndpointName = keyof ApiTypes;
export type Payload<N extends EndpointName> = ApiTypes[N]['payload'];
export type Data<N extends EndpointName> = ApiTypes[N]['data'];

export interface EndpointSpec {
  method: HttpMethod;
  access: Access;
  /** multipart/form-data upload. */
  multipart?: boolean;
}

const get = (access: Access = 'public'): EndpointSpec => ({ method: 'GET', access });
const post = (access: Access = 'public'): EndpointSpec => ({ method: 'POST', access });

/** Method and access of every call; the server routes from this, the client calls from it. */
export const endpoints: { [N in EndpointName]: EndpointSpec } = {
  accessToken: post('open'),
  get_category: get(),
  company_letter: get(),
  website_url: get(),
  get_seo: get(),
  dropMenu: get(),
  smallMenu: get(),
  get_adv: get(),
  get_loop: get(),
  get_loop_right: get(),
  get_news: get(),
  get_policy: get(),
  mTop: get(),
  mfall: post(),
  indexFall: post(),
  m_news: post(),
  category_top: post(),
  category_news: post(),
  cate_recommend: post(),
  cate_list: post(),
  article_content: post(),
  article_pv: post(),
  video_detail: post(),
  topic_detail: post(),
  mvideo_list: post(),
  get_schoolTop: post(),
  get_school: post(),
  doc_ls_fronted: post(),
  it_index: post(),
  it_list: post(),
  it_sub: post('member'),
  meet_index: post(),
  search_list: post(),
  getForm: post(),
  form_register: post(),
  option_ls: get(),
  get_province: get(),
  get_city: post(),
  get_expert: get(),
  handle404: get(),
  category_solution: post(),
  get_right: get(),
  get_activity: get(),
  get_cxo: get(),
  get_big: get(),
  get_special: get(),
  get_video: get(),
  get_partner: get(),
  get_jobs: get(),
  doc_detail: post(),
  // POST: the member identity travels in the body, never in a URL (logs, history, Referer).
  white_paper_file: post('member'),
  member_register: post(),
  member_login: post(),
  member_logout: post('member'),
  member_info: post('member'),
  member_info_update: post('member'),
  send_sms: post(),
  drag_captcha: get(),
  reset_password: post(),
  member_upload: { method: 'POST', access: 'member', multipart: true },
  check_space: post('member'),
  space_apply: post('member'),
  space_list: post('member'),
  space_channel: get('member'),
  space_category: post('member'),
  space_add_article: post('member'),
  space_update_article: post('member'),
  space_edit_article: post('member'),
  space_delete_article: { method: 'DELETE', access: 'member' },
  space_thumb_upload: { method: 'POST', access: 'member', multipart: true },
  vendor_login: post(),
  vendor_register: post(),
  vendor_log: post('vendor'),
  vendor_meet: post(),
  partner_base: post(),
  partner_new: post(),
  partner_recommend: post(),
  partner_video: post(),
  partner_know: post(),
  partner_activity: post(),
  partner_product: post(),
  wechat_signature: post(),
  newsletter_get: post('member'),
  newsletter_set: post('member'),
  newsletter_unsubscribe: post(),
  complaint_add: post(),
};
