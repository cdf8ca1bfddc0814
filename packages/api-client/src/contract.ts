/**
 * The API contract: every call of spec section 7, its HTTP method, who may call it,
 * and its payload and `data` types. The server registers routes from `endpoints`;
 * the client derives its typed calls from the same object. Change a call here first.
 */
import type { ViewDevice } from './stats';

import type {
  Ads,
  ArticleDetail,
  Banner,
  CategoryEntry,
  ComplaintPayload,
  DynamicForm,
  EventItem,
  Expert,
  FooterData,
  Job,
  ListItem,
  Menu,
  Option,
  PlaceOption,
  Seo,
  TopicDetail,
  Video,
  VideoDetail,
  WebsiteUrl,
  WeeklyReport,
  WhitePaper,
} from './contract/content';
import type {
  PartnerActivity,
  PartnerBase,
  PartnerKnowledge,
  PartnerProduct,
  VendorMeet,
  VendorRegistration,
} from './contract/landing';
import type {
  ColumnArticle,
  ColumnArticlePayload,
  ColumnSpace,
  DragChallenge,
  Member,
  MemberRegisterPayload,
  MemberUpdatePayload,
  NewsletterPayload,
  NewsletterSubscription,
  WechatSignature,
} from './contract/member';

// The records and payloads of the calls, by domain (contract/*; the member's, column articles', vendor
// leads', the newsletter subscription's and the editorial kinds' are derived from their entity modules, entities/*).
export * from './contract/content';
export * from './contract/landing';
export * from './contract/member';

// ---------- payload helpers ----------

export interface Paged {
  page: number;
  pageSize: number;
}
// ---------- the endpoint table ----------

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
/**
 * Who may call: `open` needs nothing (accessToken itself); `public` needs the Bearer
 * access token; `member` also needs a valid stoken + member_id; `vendor` needs a vendor user_id.
 */
export type Access = 'open' | 'public' | 'member' | 'vendor';

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
  check_space: Def<{ id: number }, ColumnSpace>;
  space_apply: Def<{ id: number }, Pick<ColumnSpace, 'status'>>;
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
  newsletter_set: Def<NewsletterPayload, NewsletterSubscription>;
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
