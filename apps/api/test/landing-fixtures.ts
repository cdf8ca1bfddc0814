import type { EndpointName, FormField, PartnerBase } from '@portal/api-client/contract';
import type { Envelope } from '@portal/api-client/codes';
import { SURVEY_QUESTIONS, VENDOR_2025_MEET_ID } from '@portal/api-client/constants';
import type { Db } from '../src/db';
import { field, opt } from '../src/seed/form-fields';
import type { TestApp } from './helpers';

/** The landing calls' fixture (meets, partners, places and two forms) and request builders. */

// ---------- fixture: meets, partners, places and two forms ----------

export const MEETS = [
  {
    id: 0,
    name: '企业管理软件选型中心',
    data: {
      hero: {
        title: '选型中心',
        subtitle: '报告与演示',
        banner: '/uploads/h0.svg',
        date: '长期开放',
        place: '线上',
      },
      reports: [
        {
          title: '选型指南',
          description: '十个步骤',
          thumb: '/uploads/r0.svg',
          url: '/uploads/seed/pdf/guide.pdf',
        },
      ],
      carousels: [
        {
          title: '产品演示',
          items: [{ title: '速览', thumb: '/uploads/v0.svg', url: '/uploads/seed/video/a.mp4' }],
        },
      ],
    },
  },
  {
    id: VENDOR_2025_MEET_ID,
    name: '2025数智化转型峰会',
    data: {
      hero: {
        title: '2025峰会',
        subtitle: '智启增长',
        banner: '/uploads/h1.svg',
        date: '2025年11月20日',
        place: '上海',
      },
      reports: [
        {
          title: '2025报告',
          description: '调研',
          thumb: '/uploads/r1.svg',
          url: '/uploads/seed/pdf/2025.pdf',
        },
      ],
      carousels: [],
    },
  },
];

export const PARTNER_BASE: Record<string, PartnerBase> = {
  demo1: {
    slogan: '算力普惠',
    num: '12000+',
    banner: '/b1.svg',
    adv: '/a1.svg',
    des: '数擎信息',
    qrocde: [{ img: '/q1.svg', name1: '扫码咨询', name2: '顾问' }],
  },
  demo2: {
    slogan: '数据有归处',
    num: '8600+',
    banner: '/b2.svg',
    adv: '/a2.svg',
    des: '海纳存储',
    qrocde: [],
  },
};

export const FORM1: FormField[] = [
  field('name', '姓名', 'input', 1),
  field('mobile', '手机号', 'input', 1),
  field('email', '邮箱', 'input', 1),
  field('position', '职位', 'select', 1, [opt(1, 'CIO'), opt(2, '工程师')]),
  field('size', '企业规模', 'radio', 1, [opt(1, '1-99人'), opt(2, '100人以上')]),
  field('interest', '关注方向', 'checkbox', 1, [
    opt(1, '人工智能'),
    opt(2, '云计算'),
    opt(5, '其他', { is_input: 1 }),
  ]),
  field('topics', '分论坛', 'multi', 0, [opt(1, '智能制造'), opt(2, '零售')]),
  field('channel', '了解渠道', 'radio', 0, [opt(1, '网站'), opt(4, '其他', { is_input: 1 })]),
  field('province', '所在省份', 'province', 1),
  field('city', '所在城市', 'city', 1),
  field('backup_email', '备用邮箱', 'input', 0),
  field('backup_mobile', '备用手机', 'input', 0),
  field('invite_code', '邀请码', 'input', 1, [], 0),
];

export async function insertLandingFixtures(database: Db): Promise<void> {
  const { db } = database;
  await db
    .insertInto('vendor_meets')
    .values(MEETS.map((m) => ({ id: m.id, name: m.name, data: JSON.stringify(m.data) })))
    .execute();
  await db
    .insertInto('partners')
    .values(Object.entries(PARTNER_BASE).map(([mark, base]) => ({ mark, base: JSON.stringify(base) })))
    .execute();
  let sort = 0;
  for (const mark of ['demo1', 'demo2']) {
    const lists = ['new', 'recommend', 'video', 'product'] as const;
    for (const list of lists) {
      await db
        .insertInto('partner_items')
        .values(
          [1, 2].map((i) => ({
            mark,
            list,
            thumb: `/${mark}/${list}${i}.svg`,
            title: `${mark}-${list}-${i}`,
            sub_title: `副标题${i}`,
            url: `/p/${mark}/${list}/${i}`,
            sort: ++sort,
          })),
        )
        .execute();
    }
    await db
      .insertInto('partner_items')
      .values({ mark, list: 'know', title: `${mark}-know`, sub_title: '知识库', url: '/k', sort: ++sort })
      .execute();
    await db
      .insertInto('partner_items')
      .values({
        mark,
        list: 'activity',
        thumb: '/act.svg',
        title: `${mark}-activity`,
        url: '/activity/register?id=1',
        btn_text: '立即报名',
        sort: ++sort,
      })
      .execute();
  }
  await db
    .insertInto('provinces')
    .values([
      { code: '440000', name: '广东省' },
      { code: '330000', name: '浙江省' },
    ])
    .execute();
  await db
    .insertInto('cities')
    .values([
      { code: '440100', province_code: '440000', name: '广州市' },
      { code: '440300', province_code: '440000', name: '深圳市' },
      { code: '330100', province_code: '330000', name: '杭州市' },
    ])
    .execute();
  const privacy = JSON.stringify({ title: '个人信息授权协议', content: '仅用于活动通知。' });
  await db
    .insertInto('activity_forms')
    .values([
      {
        activity_id: 1,
        title: '数智化大会',
        banner: '/f1.svg',
        is_submit: 1,
        is_privacy: 1,
        privacy,
        form: JSON.stringify(FORM1),
      },
      {
        activity_id: 2,
        title: '存储沙龙',
        banner: '/f2.svg',
        is_submit: 0,
        is_privacy: 0,
        privacy: '',
        form: JSON.stringify(FORM1.slice(0, 3)),
      },
    ])
    .execute();
}

/**
 * Where the moderation and limit tests send leads: vendor meet 0 and the open activity form 1
 * (no privacy consent asked) with `fields`.
 */
export async function insertLeadTargets(database: Db, fields: FormField[]): Promise<void> {
  await database.db.insertInto('vendor_meets').values({ id: 0, name: '选型中心', data: '{}' }).execute();
  await database.db
    .insertInto('activity_forms')
    .values({ activity_id: 1, title: '报名', is_submit: 1, is_privacy: 0, form: JSON.stringify(fields) })
    .execute();
}

// ---------- requests ----------

/** Calls with a chosen client IP (X-Forwarded-For from loopback is trusted), so rate limits stay per test. */
export function caller(t: TestApp, ip: string) {
  return async <T = unknown>(
    name: EndpointName,
    payload: unknown,
  ): Promise<Envelope<T> & { status: number }> => {
    const res = await t.inject({
      method: 'POST',
      url: `/api/${name}`,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${t.token}`, 'x-forwarded-for': ip },
    });
    return { ...(res.json() as Envelope<T>), status: res.statusCode };
  };
}

/** One answer to each question of the vendor survey. */
export const survey = JSON.stringify(SURVEY_QUESTIONS.map((q) => ({ title: q.title, answer: q.choices[0] })));
/** A vendor registration (`over` replaces fields). */
export const vendorLead = (over: Record<string, unknown> = {}) => ({
  name: '张三',
  mobile: '13800138000',
  email: 'zhang@example.com',
  company: '示例科技',
  department: '信息部',
  position: 'CIO',
  meetName: '企业管理软件选型中心',
  question: survey,
  ...over,
});

/** Answers to FORM1 that pass every rule (`over` replaces some). */
export const validContent = (over: Record<string, unknown> = {}) => ({
  name: '李四',
  mobile: '13900139000',
  email: 'li@example.com',
  position: 1,
  size: '2',
  interest: [1, 5],
  topics: [2],
  channel: 4,
  province: '广东省',
  city: '深圳市',
  backup_email: '',
  backup_mobile: '',
  ...over,
});
/** A form_register body for activity 1 from partner demo1. */
export const submission = (content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  activity_id: 1,
  source: 'demo1',
  content: JSON.stringify(content),
  other: JSON.stringify({ interest: '边缘计算', channel: '展会' }),
  privacy: true,
  ...extra,
});

/** The seven calls of a partner page. */
export const PARTNER_CALLS = [
  'partner_base',
  'partner_new',
  'partner_recommend',
  'partner_video',
  'partner_know',
  'partner_activity',
  'partner_product',
] as const;

export const HOSTILE = '<script>alert(1)</script>';
