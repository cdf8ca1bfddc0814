import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES, ErrorCode, type Envelope } from '@portal/api-client/codes';
import { SURVEY_QUESTIONS, VENDOR_2025_MEET_ID } from '@portal/api-client/constants';
import type {
  DynamicForm,
  EndpointName,
  FormField,
  PartnerActivity,
  PartnerBase,
  PartnerKnowledge,
  PartnerProduct,
  VendorMeet,
} from '@portal/api-client/contract';
import { MSG } from '@portal/api-client/schemas';
import type { Db } from '../src/db';
import { LANDING_LIMITS, MSG_LANDING } from '../src/routes/landing';
import { latestLead } from '../src/repositories/vendor';
import { VENDOR_SESSION_TTL_MS } from '../src/repositories/sessions';
import { DIALECTS, startTestApp, type TestApp } from './helpers';

// ---------- fixture: meets, partners, places and two forms ----------

const MEETS = [
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

const PARTNER_BASE: Record<string, PartnerBase> = {
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

const opt = (id: number, title: string, is_input: 0 | 1 = 0) => ({
  id,
  title,
  is_input,
  is_mark: 0 as const,
});
const field = (
  field_name: string,
  label: string,
  type: FormField['type'],
  is_require: 0 | 1,
  options: FormField['options'] = [],
  is_show: 0 | 1 = 1,
): FormField => ({
  field_name,
  label,
  type,
  is_require,
  is_show,
  options,
});

const FORM1: FormField[] = [
  field('name', '姓名', 'input', 1),
  field('mobile', '手机号', 'input', 1),
  field('email', '邮箱', 'input', 1),
  field('position', '职位', 'select', 1, [opt(1, 'CIO'), opt(2, '工程师')]),
  field('size', '企业规模', 'radio', 1, [opt(1, '1-99人'), opt(2, '100人以上')]),
  field('interest', '关注方向', 'checkbox', 1, [opt(1, '人工智能'), opt(2, '云计算'), opt(5, '其他', 1)]),
  field('topics', '分论坛', 'multi', 0, [opt(1, '智能制造'), opt(2, '零售')]),
  field('channel', '了解渠道', 'radio', 0, [opt(1, '网站'), opt(4, '其他', 1)]),
  field('province', '所在省份', 'province', 1),
  field('city', '所在城市', 'city', 1),
  field('backup_email', '备用邮箱', 'input', 0),
  field('backup_mobile', '备用手机', 'input', 0),
  field('invite_code', '邀请码', 'input', 1, [], 0),
];

async function insertLandingFixtures(database: Db): Promise<void> {
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

// ---------- helpers ----------

/** Calls with a chosen client IP (X-Forwarded-For from loopback is trusted), so rate limits stay per test. */
function caller(t: TestApp, ip: string) {
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

let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const survey = JSON.stringify(SURVEY_QUESTIONS.map((q) => ({ title: q.title, answer: q.choices[0] })));
const lead = (over: Record<string, unknown> = {}) => ({
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

const validContent = (over: Record<string, unknown> = {}) => ({
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
const submission = (content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  activity_id: 1,
  source: 'demo1',
  content: JSON.stringify(content),
  other: JSON.stringify({ interest: '边缘计算', channel: '展会' }),
  privacy: true,
  ...extra,
});

const HOSTILE = '<script>alert(1)</script>';

describe.each(DIALECTS)('landing calls on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  const rows = {
    leads: () => app.database.db.selectFrom('vendor_leads').selectAll().orderBy('id').execute(),
    users: () => app.database.db.selectFrom('vendor_users').selectAll().execute(),
    logs: () => app.database.db.selectFrom('vendor_access_logs').selectAll().orderBy('id').execute(),
    forms: () => app.database.db.selectFrom('form_submissions').selectAll().orderBy('id').execute(),
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, (a) => insertLandingFixtures(a.database));
    app = t.app;
  });
  afterAll(async () => t?.close());

  describe('vendor_meet', () => {
    it('returns each meet with typed assets; unknown and malformed ids are refused', async () => {
      const call = caller(t, freshIp());
      const plain = await call<VendorMeet>('vendor_meet', { meet_id: 0 });
      expect(plain.code).toBe(0);
      expect(plain.data.name).toBe('企业管理软件选型中心');
      expect(plain.data.hero).toEqual(MEETS[0].data.hero);
      expect(plain.data.reports).toEqual([{ ...MEETS[0].data.reports[0], kind: 'pdf' }]);
      expect(plain.data.carousels[0].items[0]).toMatchObject({
        title: '速览',
        kind: 'video',
        description: '',
      });
      const y2025 = await call<VendorMeet>('vendor_meet', { meet_id: VENDOR_2025_MEET_ID });
      expect(y2025.data.name).toBe('2025数智化转型峰会');

      expect((await call('vendor_meet', { meet_id: 99 })).code).toBe(ErrorCode.NotFound);
      for (const meet_id of ['abc', -1, 1.5, { a: 1 }, [1], HOSTILE]) {
        const res = await call('vendor_meet', { meet_id });
        expect(res.code, JSON.stringify(meet_id)).toBe(ErrorCode.Validation);
      }
      expect((await call('vendor_meet', {})).msg).toBe('活动编号不能为空');
    });
  });

  describe('vendor login, registration and access log', () => {
    it('validates the phone with the spec messages', async () => {
      const call = caller(t, freshIp());
      expect(await call('vendor_login', {})).toMatchObject({
        code: ErrorCode.Validation,
        msg: MSG.vendorMobileRequired,
      });
      expect(await call('vendor_login', { mobile: '' })).toMatchObject({
        code: ErrorCode.Validation,
        msg: MSG.vendorMobileRequired,
      });
      for (const mobile of [
        '12345678901',
        '1380013800',
        '138001380001',
        HOSTILE,
        'x'.repeat(100_000),
        '１３８００１３８０００',
      ]) {
        expect(await call('vendor_login', { mobile }), mobile.slice(0, 20)).toMatchObject({
          code: ErrorCode.Validation,
          msg: MSG.vendorMobileInvalid,
        });
      }
      for (const mobile of [{ a: 1 }, ['13800138000'], true]) {
        const res = await call('vendor_login', { mobile });
        expect(res.code).toBe(ErrorCode.Validation);
        expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
      expect((await call('vendor_login', { mobile: '13800138000', meet_id: 'x' })).code).toBe(
        ErrorCode.Validation,
      );
    });

    it('refuses bodies that are not a JSON object, with no access token, never a 500', async () => {
      const ip = freshIp();
      const headers = {
        authorization: `Bearer ${t.token}`,
        'content-type': 'application/json',
        'x-forwarded-for': ip,
      };
      for (const body of ['{"mobile":', '[1,2]', '"13800138000"', 'null', '{"__proto__":{"x":1}}']) {
        const res = await t.inject({ method: 'POST', url: '/api/vendor_login', payload: body, headers });
        expect(res.statusCode, body).toBeLessThan(500);
        expect([ErrorCode.BadRequest, ErrorCode.Validation], body).toContain(res.json().code);
      }
      const noToken = await t.inject({ method: 'POST', url: '/api/vendor_register', payload: lead() });
      expect(noToken.json().code).toBe(ErrorCode.TokenInvalid);
      expect(await rows.leads()).toHaveLength(0);
    });

    it('unknown phone → 10002, register → 注册成功 with exactly the lead stored, then login → user_id', async () => {
      const call = caller(t, freshIp());
      const unknown = await call('vendor_login', { mobile: '13800138000' });
      expect(unknown).toMatchObject({
        code: ErrorCode.VendorUnregistered,
        msg: ERROR_MESSAGES[ErrorCode.VendorUnregistered],
        data: null,
      });
      expect(await rows.users()).toHaveLength(0);

      const reg = await call('vendor_register', lead({ name: '  张三  ', extra: 'dropped', stoken: 'x' }));
      expect(reg).toMatchObject({ code: 0, msg: MSG_LANDING.registered });
      const leads = await rows.leads();
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({
        meet_id: 0,
        meet_name: '企业管理软件选型中心',
        name: '张三',
        mobile: '13800138000',
        email: 'zhang@example.com',
        company: '示例科技',
        department: '信息部',
        position: 'CIO',
        question: survey,
      });

      const login = await call<{ user_id: string }>('vendor_login', { mobile: '13800138000' });
      expect(login.code).toBe(0);
      expect(login.msg).toBe('登录成功');
      expect(login.data.user_id).toMatch(/^[A-Za-z0-9_-]{24,}$/);
      const users = await rows.users();
      expect(users.map((u) => u.user_id)).toEqual([login.data.user_id]);
      expect(users[0]).toMatchObject({ mobile: '13800138000', meet_id: 0 });

      // The phone is registered for meet 0 only: the 2025 meet still answers 10002.
      expect((await call('vendor_login', { mobile: '13800138000', meet_id: VENDOR_2025_MEET_ID })).code).toBe(
        ErrorCode.VendorUnregistered,
      );

      // The vendor user_id is no member session.
      const member = await call('member_info', { id: 1, stoken: login.data.user_id, member_id: 1 });
      expect(member.code).toBe(ErrorCode.SessionInvalid);
    });

    it('a duplicate phone for the same meet keeps the earlier lead and adds the new one; another meet gets its own lead', async () => {
      const call = caller(t, freshIp());
      const vendorLeads = async () =>
        (await app.metrics.leads.get()).values.find((v) => v.labels.kind === 'vendor')?.value ?? 0;
      const counted = await vendorLeads();
      const first = (await rows.leads())[0];
      const again = await call('vendor_register', lead({ company: '新公司', question: '[]' }));
      expect(again).toMatchObject({ code: 0, msg: MSG_LANDING.registeredAgain });
      expect(again.msg.startsWith('注册成功')).toBe(true);
      let leads = await rows.leads();
      expect(leads).toHaveLength(2);
      // The earlier registration is untouched (issue 11: never overwritten)…
      expect(leads[0]).toEqual(first);
      expect(leads[0]).toMatchObject({ company: '示例科技', question: survey });
      // …and the lead is the newest one.
      expect(leads[1]).toMatchObject({ company: '新公司', question: '[]', mobile: '13800138000' });
      expect(await latestLead(app.database, 0, '13800138000')).toMatchObject({
        company: '新公司',
        question: '[]',
      });
      expect(await latestLead(app.database, 0, '13900000000')).toBeNull();

      const other = await call('vendor_register', lead({ meet_id: VENDOR_2025_MEET_ID, meetName: '' }));
      expect(other).toMatchObject({ code: 0, msg: MSG_LANDING.registered });
      leads = await rows.leads();
      expect(leads).toHaveLength(3);
      expect(leads[2]).toMatchObject({ meet_id: 1, meet_name: '2025数智化转型峰会' });
      expect((await call('vendor_register', lead({ meet_id: 42 }))).code).toBe(ErrorCode.NotFound);
      // The lead counter (metrics) counts the two stored leads, not the refusal.
      expect(await vendorLeads()).toBe(counted + 2);
    });

    it('concurrent registrations of one phone are all kept, exactly one of them the first', async () => {
      const call = caller(t, freshIp());
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((i) =>
          call('vendor_register', lead({ mobile: '13300133000', company: `公司${i}` })),
        ),
      );
      expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
      expect(results.filter((r) => r.msg === MSG_LANDING.registered)).toHaveLength(1);
      const leads = (await rows.leads()).filter((l) => l.mobile === '13300133000');
      expect(leads.map((l) => l.company).sort()).toEqual(['公司1', '公司2', '公司3', '公司4', '公司5']);
      await app.database.db.deleteFrom('vendor_leads').where('mobile', '=', '13300133000').execute();
    });

    it('registration rules of spec section 5, hostile values refused or stored as plain text', async () => {
      const call = caller(t, freshIp());
      const before = await rows.leads();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, MSG.nameRequired],
        [{ mobile: '' }, MSG.mobileRequired],
        [{ mobile: '23800138000' }, MSG.mobileInvalid],
        [{ email: '' }, MSG.emailRequired],
        [{ email: 'not-an-email' }, MSG.vendorEmailInvalid],
        [{ company: ' ' }, MSG.companyRequired],
        [{ position: '' }, MSG.jobRequired],
        [{ department: '' }, MSG.deptRequired],
        [{ name: 'x'.repeat(10_000) }, MSG.personTooLong],
        [{ question: 'not json' }, '问卷内容格式不正确'],
        [
          {
            question: JSON.stringify(
              [...SURVEY_QUESTIONS, SURVEY_QUESTIONS[0]].map((q) => ({ title: q.title, answer: '是' })),
            ),
          },
          '问卷内容格式不正确',
        ],
        [{ question: JSON.stringify([{ title: 'q', answer: 'a'.repeat(501) }]) }, '问卷内容格式不正确'],
        [{ question: JSON.stringify([{ title: 'q', answer: 1 }]) }, '问卷内容格式不正确'],
        [{ question: JSON.stringify({ title: 'q', answer: 'a' }) }, '问卷内容格式不正确'],
      ];
      for (const [over, msg] of cases) {
        const res = await call('vendor_register', lead({ mobile: '13700137000', ...over }));
        expect(res, JSON.stringify(over).slice(0, 60)).toMatchObject({ code: ErrorCode.Validation, msg });
      }
      // An operator object instead of text: refused (yup's trim cannot read it, so the generic message).
      expect((await call('vendor_register', lead({ mobile: '13700137000', name: { $gt: '' } }))).code).toBe(
        ErrorCode.Validation,
      );
      expect(await rows.leads()).toEqual(before);

      // Markup in a name is only text: stored as typed, escaped wherever it is shown.
      const res = await call('vendor_register', lead({ mobile: '13700137000', name: HOSTILE }));
      expect(res.code).toBe(0);
      const stored = (await rows.leads()).find((l) => l.mobile === '13700137000');
      expect(stored?.name).toBe(HOSTILE);
    });

    it('vendor_log needs a known user_id and records the meet (meet_id 1 on the 2025 page)', async () => {
      const call = caller(t, freshIp());
      const login = await call<{ user_id: string }>('vendor_login', { mobile: '13800138000' });
      const userId = login.data.user_id;
      const log0 = await call('vendor_log', {
        meetName: '企业管理软件选型中心',
        user_id: userId,
        asset: '/uploads/seed/reports/erp.pdf',
      });
      expect(log0.code).toBe(0);
      const log1 = await call('vendor_log', {
        meetName: '2025数智化转型峰会',
        user_id: userId,
        meet_id: VENDOR_2025_MEET_ID,
      });
      expect(log1.code).toBe(0);
      const logs = await rows.logs();
      expect(logs.map((l) => [l.user_id, l.meet_id, l.meet_name, l.asset])).toEqual([
        [userId, 0, '企业管理软件选型中心', '/uploads/seed/reports/erp.pdf'],
        [userId, 1, '2025数智化转型峰会', ''],
      ]);
      expect(
        await call('vendor_log', { meetName: 'x', user_id: userId, asset: 'x'.repeat(501) }),
      ).toMatchObject({
        code: ErrorCode.Validation,
        msg: '资料地址不正确',
      });
      expect((await call('vendor_log', { meetName: 'x', user_id: userId, asset: { a: 1 } })).code).toBe(
        ErrorCode.Validation,
      );

      for (const user_id of ['nobody', '', HOSTILE, 'x'.repeat(5000), 12345, { a: 1 }]) {
        const res = await call('vendor_log', { meetName: 'x', user_id, meet_id: 1 });
        expect(res.status, String(user_id).slice(0, 20)).toBeLessThan(500);
        expect([ErrorCode.Forbidden, ErrorCode.Validation]).toContain(res.code);
      }
      expect((await call('vendor_log', { meetName: 'x' })).code).not.toBe(0);
      expect((await call('vendor_log', { meetName: 'x', user_id: userId, meet_id: 77 })).code).toBe(
        ErrorCode.NotFound,
      );
      expect(await rows.logs()).toHaveLength(2);
    });

    it('a vendor user_id expires after 30 days', async () => {
      const call = caller(t, freshIp());
      const login = await call<{ user_id: string }>('vendor_login', { mobile: '13800138000' });
      const userId = login.data.user_id;
      const age = async (ms: number) =>
        app.database.db
          .updateTable('vendor_users')
          .set({ created_at: Date.now() - ms })
          .where('user_id', '=', userId)
          .execute();
      await age(VENDOR_SESSION_TTL_MS - 3600_000);
      expect((await call('vendor_log', { meetName: 'x', user_id: userId })).code).toBe(0);
      await age(VENDOR_SESSION_TTL_MS + 1000);
      expect(await call('vendor_log', { meetName: 'x', user_id: userId })).toMatchObject({
        code: ErrorCode.Forbidden,
        msg: '请先使用手机号登录',
      });
      // A new login gives a new, live user_id.
      const again = await call<{ user_id: string }>('vendor_login', { mobile: '13800138000' });
      expect((await call('vendor_log', { meetName: 'x', user_id: again.data.user_id })).code).toBe(0);
    });

    it('limits login attempts per phone and per IP', async () => {
      const phone = '13600136000';
      let last: Envelope<unknown> | null = null;
      for (let i = 0; i < LANDING_LIMITS.loginPerPhone.limit + 1; i++) {
        // A new IP every time: only the per-phone counter can stop these.
        last = await caller(t, freshIp())('vendor_login', { mobile: phone });
      }
      expect(last).toMatchObject({ code: ErrorCode.RateLimited, msg: ERROR_MESSAGES[ErrorCode.RateLimited] });

      const call = caller(t, freshIp());
      const codes: number[] = [];
      for (let i = 0; i < LANDING_LIMITS.loginPerIp.limit + 1; i++) {
        codes.push((await call('vendor_login', { mobile: `135${String(i).padStart(8, '0')}` })).code);
      }
      expect(codes.slice(0, -1).every((c) => c === ErrorCode.VendorUnregistered)).toBe(true);
      expect(codes.at(-1)).toBe(ErrorCode.RateLimited);
    });
  });

  describe('partner landing', () => {
    const calls = [
      'partner_base',
      'partner_new',
      'partner_recommend',
      'partner_video',
      'partner_know',
      'partner_activity',
      'partner_product',
    ] as const;

    it('each mark gets its own data from the seven calls', async () => {
      const call = caller(t, freshIp());
      for (const mark of ['demo1', 'demo2']) {
        const base = await call<PartnerBase>('partner_base', { mark });
        expect(base).toMatchObject({ code: 0, data: PARTNER_BASE[mark] });
        const news = await call<PartnerProduct[]>('partner_new', { mark });
        expect(news.data).toEqual(
          [1, 2].map((i) => ({
            thumb: `/${mark}/new${i}.svg`,
            title: `${mark}-new-${i}`,
            subTitle: `副标题${i}`,
            url: `/p/${mark}/new/${i}`,
          })),
        );
        expect(
          (await call<PartnerProduct[]>('partner_recommend', { mark })).data.map((p) => p.title),
        ).toEqual([`${mark}-recommend-1`, `${mark}-recommend-2`]);
        expect((await call<PartnerProduct[]>('partner_video', { mark })).data[0].title).toBe(
          `${mark}-video-1`,
        );
        expect((await call<PartnerProduct[]>('partner_product', { mark })).data[1].title).toBe(
          `${mark}-product-2`,
        );
        expect((await call<PartnerKnowledge[]>('partner_know', { mark })).data).toEqual([
          { title: `${mark}-know`, subTitle: '知识库', url: '/k' },
        ]);
        expect((await call<PartnerActivity[]>('partner_activity', { mark })).data).toEqual([
          {
            thumb: '/act.svg',
            title: `${mark}-activity`,
            url: '/activity/register?id=1',
            btnText: '立即报名',
          },
        ]);
      }
    });

    it('an unknown mark is NotFound and a malformed one a validation error, on every call', async () => {
      const call = caller(t, freshIp());
      for (const name of calls) {
        expect((await call(name, { mark: 'nobody' })).code, name).toBe(ErrorCode.NotFound);
        for (const mark of ['', '../etc/passwd', HOSTILE, 'a'.repeat(33), { a: 1 }, ['demo1']]) {
          const res = await call(name, { mark });
          expect(res.code, `${name} ${JSON.stringify(mark)}`).toBe(ErrorCode.Validation);
        }
      }
    });
  });

  describe('dynamic activity forms', () => {
    it('getForm returns the stored definition with boolean flags', async () => {
      const call = caller(t, freshIp());
      const res = await call<DynamicForm>('getForm', { activity_id: 1 });
      expect(res.code).toBe(0);
      expect(res.data).toEqual({
        form: FORM1,
        banner: '/f1.svg',
        is_submit: true,
        is_privacy: true,
        privacy: JSON.stringify({ title: '个人信息授权协议', content: '仅用于活动通知。' }),
        title: '数智化大会',
      });
      const closed = await call<DynamicForm>('getForm', { activity_id: 2 });
      expect(closed.data).toMatchObject({ is_submit: false, is_privacy: false });
      expect((await call('getForm', { activity_id: 999 })).code).toBe(ErrorCode.NotFound);
      for (const activity_id of [0, -3, 'abc', 1.5, HOSTILE, { id: 1 }, null]) {
        expect((await call('getForm', { activity_id })).code, JSON.stringify(activity_id)).toBe(
          ErrorCode.Validation,
        );
      }
    });

    it('a valid submission is stored exactly as acknowledged (known fields, ids as numbers, other for is_input choices)', async () => {
      const call = caller(t, freshIp());
      const res = await call(
        'form_register',
        submission(validContent({ unknown_key: 'dropped', invite_code: 'hidden field' })),
      );
      expect(res).toMatchObject({ code: 0, msg: '提交成功', data: null });
      const stored = await rows.forms();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ activity_id: 1, source: 'demo1' });
      expect(JSON.parse(stored[0].content)).toEqual({
        name: '李四',
        mobile: '13900139000',
        email: 'li@example.com',
        position: 1,
        size: 2,
        interest: [1, 5],
        topics: [2],
        channel: 4,
        province: '广东省',
        city: '深圳市',
        backup_email: '',
        backup_mobile: '',
      });
      expect(JSON.parse(stored[0].other)).toEqual({ interest: '边缘计算', channel: '展会' });

      // Free text is kept only for a chosen is_input option.
      const plain = await call(
        'form_register',
        submission(validContent({ interest: [2], channel: 1, name: HOSTILE }), { source: '' }),
      );
      expect(plain.code).toBe(0);
      const second = (await rows.forms())[1];
      expect(JSON.parse(second.other)).toEqual({});
      expect(JSON.parse(second.content).name).toBe(HOSTILE);
      expect(second.source).toBe('');
    });

    it('every rule of the stored form answers its message and stores nothing', async () => {
      const call = caller(t, freshIp());
      const before = await rows.forms();
      const cases: [Record<string, unknown>, string][] = [
        [validContent({ name: '' }), '姓名不能为空'],
        [validContent({ name: '   ' }), '姓名不能为空'],
        [validContent({ mobile: '' }), MSG.mobileRequired],
        [validContent({ mobile: '1390013900' }), MSG.mobileInvalid],
        [validContent({ email: '' }), MSG.emailRequired],
        [validContent({ email: 'li@' }), MSG.vendorEmailInvalid],
        [validContent({ backup_email: 'nope' }), MSG.vendorEmailInvalid],
        [validContent({ backup_mobile: '123' }), MSG.mobileInvalid],
        [validContent({ position: '' }), '职位不能为空'],
        [validContent({ position: 9 }), '职位的选项不正确'],
        [validContent({ position: HOSTILE }), '职位的选项不正确'],
        [validContent({ size: [1, 2] }), '提交的内容格式不正确'],
        [validContent({ interest: [] }), '关注方向不能为空'],
        [validContent({ interest: [1, 99] }), '关注方向的选项不正确'],
        [validContent({ topics: ['x'] }), '分论坛的选项不正确'],
        [validContent({ province: '' }), '所在省份不能为空'],
        [validContent({ province: '火星省' }), '请选择正确的所在省份'],
        [validContent({ city: '杭州市' }), '请选择正确的所在城市'],
        [validContent({ city: '' }), '所在城市不能为空'],
        [validContent({ name: { nested: true } }), '提交的内容格式不正确'],
        [validContent({ name: 'x'.repeat(501) }), MSG.formTextTooLong],
      ];
      for (const [content, msg] of cases) {
        const res = await call('form_register', submission(content));
        expect(res, msg).toMatchObject({ code: ErrorCode.Validation, msg });
      }
      expect(await call('form_register', submission(validContent(), { privacy: false }))).toMatchObject({
        code: ErrorCode.Validation,
        msg: MSG.formPrivacy,
      });
      expect(
        await call('form_register', { ...submission(validContent()), privacy: undefined }),
      ).toMatchObject({ msg: MSG.formPrivacy });
      for (const content of ['not json', '[1,2]', '"text"', 'null', '']) {
        const res = await call('form_register', { ...submission(validContent()), content });
        expect(res.code, content).toBe(ErrorCode.Validation);
      }
      expect(
        (await call('form_register', { ...submission(validContent()), content: { name: 'x' } })).code,
      ).toBe(ErrorCode.Validation);
      expect((await call('form_register', { ...submission(validContent()), other: '[' })).msg).toBe(
        '补充内容格式不正确',
      );
      expect(
        (
          await call('form_register', {
            ...submission(validContent()),
            other: JSON.stringify({ interest: 5 }),
          })
        ).msg,
      ).toBe('补充内容格式不正确');
      expect(
        (
          await call('form_register', {
            ...submission(validContent()),
            content: JSON.stringify({ pad: 'x'.repeat(30_000) }),
          })
        ).msg,
      ).toBe('提交的内容过长');
      expect(
        (await call('form_register', { ...submission(validContent()), source: 'x'.repeat(101) })).code,
      ).toBe(ErrorCode.Validation);
      expect((await call('form_register', { ...submission(validContent()), activity_id: 'one' })).code).toBe(
        ErrorCode.Validation,
      );
      expect(await rows.forms()).toEqual(before);
    });

    it('a closed or unknown activity refuses submissions', async () => {
      const call = caller(t, freshIp());
      const before = await rows.forms();
      const closed = await call('form_register', {
        activity_id: 2,
        content: JSON.stringify({ name: 'a' }),
        other: '{}',
      });
      expect(closed).toMatchObject({ code: ErrorCode.ActivityClosed, msg: '当前活动报名时间已结束' });
      expect((await call('form_register', submission(validContent(), { activity_id: 404 }))).code).toBe(
        ErrorCode.NotFound,
      );
      expect(await rows.forms()).toEqual(before);
    });

    it('an oversized body is a clear client error, never a 500', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/form_register',
        payload: { ...submission(validContent()), content: 'x'.repeat(2 * 1024 * 1024) },
        headers: { authorization: `Bearer ${t.token}`, 'x-forwarded-for': freshIp() },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).toBe(ErrorCode.BadRequest);
    });

    it('limits submissions per IP', async () => {
      const call = caller(t, freshIp());
      const codes: number[] = [];
      for (let i = 0; i < LANDING_LIMITS.formPerIp.limit + 1; i++) {
        codes.push((await call('form_register', submission(validContent({ mobile: '1' })))).code);
      }
      expect(codes.slice(0, -1), codes.join()).toEqual(codes.slice(0, -1).map(() => ErrorCode.Validation));
      expect(codes.at(-1)).toBe(ErrorCode.RateLimited);
    });
  });
});
