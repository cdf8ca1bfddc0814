import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES, ErrorCode, type Envelope } from '@portal/api-client/codes';
import { SURVEY_QUESTIONS, VENDOR_2025_MEET_ID } from '@portal/api-client/constants';
import type { VendorMeet } from '@portal/api-client/contract';
import { MSG } from '@portal/api-client/schemas';
import { LANDING_LIMITS, MSG_LANDING } from '../src/routes/landing';
import { latestLead } from '../src/repositories/vendor';
import { VENDOR_SESSION_TTL_MS } from '../src/repositories/sessions';
import { freshIp, startTestApp, DIALECTS, type TestApp } from './helpers';
import { HOSTILE, MEETS, caller, insertLandingFixtures, survey, vendorLead } from './landing-fixtures';

/** The vendor landing calls: meets, phone login, registration (leads) and the access log. */
describe.each(DIALECTS)('landing calls on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  const rows = {
    leads: () => app.database.db.selectFrom('vendor_leads').selectAll().orderBy('id').execute(),
    users: () => app.database.db.selectFrom('vendor_users').selectAll().execute(),
    logs: () => app.database.db.selectFrom('vendor_access_logs').selectAll().orderBy('id').execute(),
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
      const noToken = await t.inject({ method: 'POST', url: '/api/vendor_register', payload: vendorLead() });
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

      const reg = await call(
        'vendor_register',
        vendorLead({ name: '  张三  ', extra: 'dropped', stoken: 'x' }),
      );
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
      const again = await call('vendor_register', vendorLead({ company: '新公司', question: '[]' }));
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

      const other = await call('vendor_register', vendorLead({ meet_id: VENDOR_2025_MEET_ID, meetName: '' }));
      expect(other).toMatchObject({ code: 0, msg: MSG_LANDING.registered });
      leads = await rows.leads();
      expect(leads).toHaveLength(3);
      expect(leads[2]).toMatchObject({ meet_id: 1, meet_name: '2025数智化转型峰会' });
      expect((await call('vendor_register', vendorLead({ meet_id: 42 }))).code).toBe(ErrorCode.NotFound);
      // The lead counter (metrics) counts the two stored leads, not the refusal.
      expect(await vendorLeads()).toBe(counted + 2);
    });

    it('concurrent registrations of one phone are all kept, exactly one of them the first', async () => {
      const call = caller(t, freshIp());
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((i) =>
          call('vendor_register', vendorLead({ mobile: '13300133000', company: `公司${i}` })),
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
        const res = await call('vendor_register', vendorLead({ mobile: '13700137000', ...over }));
        expect(res, JSON.stringify(over).slice(0, 60)).toMatchObject({ code: ErrorCode.Validation, msg });
      }
      // An operator object instead of text: refused (yup's trim cannot read it, so the generic message).
      expect(
        (await call('vendor_register', vendorLead({ mobile: '13700137000', name: { $gt: '' } }))).code,
      ).toBe(ErrorCode.Validation);
      expect(await rows.leads()).toEqual(before);

      // Markup in a name is only text: stored as typed, escaped wherever it is shown.
      const res = await call('vendor_register', vendorLead({ mobile: '13700137000', name: HOSTILE }));
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
});
