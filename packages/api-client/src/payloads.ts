/**
 * Yup schemas of call payloads, keyed by endpoint name. The server validates every request with
 * them (unknown keys stripped, numbers coerced from GET query strings); clients may reuse them.
 * Messages are the Chinese text a user sees in `msg` (the first failing rule wins).
 */
import { object, string, type AnyObject, type ObjectSchema } from 'yup';
import {
  FIELD_MAX,
  IT_REPORT_FIRST_YEAR,
  MAX_ID,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  WECHAT_URL_MAX,
} from './constants';
import type { EndpointName } from './contract';
import { COMPLAINT_FIELDS } from './entities/complaint';
import { entitySchema } from './entities/schema';
import { PAGE_VIEW_REFERRER_MAX, VIEW_DEVICES } from './stats';
import { notTextMsg, tooLongMsg } from './messages';
import { idOrZero, int, trimmed } from './rules';

/** Longest free-text filter (title, search words, city…) any read call accepts. */
export const MAX_QUERY_LENGTH = FIELD_MAX.query;

/** The current year on the site's clock (Asia/Shanghai, UTC+8 all year). */
const shanghaiYear = () => new Date(Date.now() + 8 * 3600_000).getUTCFullYear();

/** A required positive id. */
const id = (label = 'id') =>
  int(label).required(`${label}不能为空`).min(1, `${label}不正确`).max(MAX_ID, `${label}超出范围`);

const text = (label: string, max: number = MAX_QUERY_LENGTH) =>
  string().typeError(notTextMsg(label)).transform(trimmed).max(max, tooLongMsg(label, max));

/**
 * page and pageSize of every list call (the payload schemas here and the member calls' own schemas):
 * both bounded, so no request asks the database for an unbounded offset.
 */
export const paged = (defaultSize: number) => ({
  page: int('页码').min(1, '页码不能小于1').max(MAX_PAGE, `页码不能超过${MAX_PAGE}`).default(1),
  pageSize: int('每页条数')
    .min(1, '每页条数不能小于1')
    .max(MAX_PAGE_SIZE, `每页条数不能超过${MAX_PAGE_SIZE}`)
    .default(defaultSize),
});

const none = object({});
const catId = object({ cat_id: idOrZero('分类').required('分类不能为空') });

/** The payload schema of each call served with a body or query (calls without one accept `{}`). */
export const payloadSchemas = {
  accessToken: object({
    id: text('客户端编号').required('客户端编号不能为空'),
    secret: text('客户端密钥', 200).required('客户端密钥不能为空'),
  }),
  get_category: none,
  company_letter: none,
  website_url: none,
  get_seo: object({ page: text('页面', 40).required('页面不能为空') }),
  dropMenu: none,
  smallMenu: none,
  get_adv: none,
  get_loop: object({ type: string().oneOf(['mobile'], '类型不正确') }),
  get_loop_right: none,
  get_news: none,
  get_policy: none,
  mTop: object({ type: idOrZero('类型').default(0) }),
  mfall: object({ type: idOrZero('类型').default(0), ...paged(PAGE_SIZE.homeFall) }),
  indexFall: object({
    page: paged(PAGE_SIZE.homeFall).page,
    pageseze: paged(PAGE_SIZE.homeFall).pageSize,
  }),
  m_news: object({
    type: idOrZero('类型'),
    menu_id: idOrZero('菜单').required('菜单不能为空'),
    ...paged(PAGE_SIZE.homeFall),
  }),
  category_top: catId,
  category_news: catId,
  cate_recommend: catId,
  cate_list: object({ cat_id: idOrZero('分类').default(0), ...paged(PAGE_SIZE.categoryList) }),
  article_content: object({ id: id('文章'), type: idOrZero('类型') }),
  article_pv: object({
    id: id('文章'),
    lasttime: int('上次访问时间').min(0, '上次访问时间不正确'),
    /** The page's document.referrer (cut to the bound by the client); only its host's class is stored. */
    ref: text('来源页面', PAGE_VIEW_REFERRER_MAX),
    device: string().oneOf([...VIEW_DEVICES, undefined], '设备类型不正确'),
  }),
  video_detail: object({ id: id('视频') }),
  topic_detail: object({ id: id('专题'), ...paged(PAGE_SIZE.topic) }),
  mvideo_list: object(paged(PAGE_SIZE.videoMobile)),
  get_schoolTop: none,
  get_school: object({ cat_id: idOrZero('分类').default(0), ...paged(PAGE_SIZE.videoDesktop) }),
  doc_ls_fronted: object(paged(PAGE_SIZE.whitePapers)),
  it_index: object({ id: idOrZero('期刊').default(0) }),
  it_list: object({
    year: int('年份')
      .required('年份不能为空')
      .min(IT_REPORT_FIRST_YEAR, `年份不能早于${IT_REPORT_FIRST_YEAR}年`)
      .test('not-future', '年份不能晚于今年', (v) => v === undefined || v <= shanghaiYear()),
    ...paged(PAGE_SIZE.itIssues),
  }),
  it_sub: object({
    report_id: id('期刊'),
    email: string()
      .typeError('邮箱必须是文本')
      .transform(trimmed)
      .max(FIELD_MAX.email, `邮箱不能超过${FIELD_MAX.email}个字符`)
      .email('请输入正确的邮箱地址'),
  }),
  meet_index: object({
    city: text('城市'),
    year: int('年份').min(2000, '年份不正确').max(2100, '年份不正确'),
    month: int('月份').min(1, '月份不正确').max(12, '月份不正确'),
    title: text('标题'),
    ...paged(PAGE_SIZE.events),
  }),
  search_list: object({
    title: text('搜索内容').required('请输入搜索内容'),
    type: idOrZero('类型'),
    ...paged(PAGE_SIZE.search),
  }),
  option_ls: none,
  get_province: none,
  get_city: object({ title: text('省份', 20).required('省份不能为空') }),
  get_expert: object({ batch: idOrZero('批次').max(1_000_000, '批次不正确').default(0) }),
  handle404: object({ path: text('路径', 500) }),
  category_solution: catId,
  get_right: none,
  get_activity: none,
  get_cxo: none,
  get_big: none,
  get_special: none,
  get_video: none,
  get_partner: none,
  get_jobs: none,
  doc_detail: object({ id: id('白皮书') }),
  white_paper_file: object({ id: id('白皮书') }),
  wechat_signature: object({ url: text('页面地址', WECHAT_URL_MAX).required('页面地址不能为空') }),
  newsletter_get: none,
  newsletter_unsubscribe: object({ token: text('退订凭证', 200).required('退订凭证不能为空') }),
  complaint_add: entitySchema(COMPLAINT_FIELDS, 'create', 'public'),
} satisfies { [N in EndpointName]?: ObjectSchema<AnyObject> };

export type PayloadSchemaName = keyof typeof payloadSchemas;
