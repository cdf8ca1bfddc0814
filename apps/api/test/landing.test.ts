import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import type {
  DynamicForm,
  PartnerActivity,
  PartnerBase,
  PartnerKnowledge,
  PartnerProduct,
} from '@portal/api-client/contract';
import { MSG } from '@portal/api-client/schemas';
import { LANDING_LIMITS } from '../src/routes/landing';
import { freshIp, startTestApp, DIALECTS, type TestApp } from './helpers';
import {
  FORM1,
  HOSTILE,
  PARTNER_BASE,
  PARTNER_CALLS,
  caller,
  insertLandingFixtures,
  submission,
  validContent,
} from './landing-fixtures';

/** The partner landing calls and the dynamic activity forms. */
describe.each(DIALECTS)('landing calls on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  const rows = {
    forms: () => app.database.db.selectFrom('form_submissions').selectAll().orderBy('id').execute(),
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, (a) => insertLandingFixtures(a.database));
    app = t.app;
  });
  afterAll(async () => t?.close());

  describe('partner landing', () => {
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
      for (const name of PARTNER_CALLS) {
        expect((await call(name, { mark: 'nobody' })).code, name).toBe(ErrorCode.NotFound);
        // Every mark the back office accepts (up to 40) is one the public calls look up.
        expect((await call(name, { mark: 'a'.repeat(40) })).code, name).toBe(ErrorCode.NotFound);
        for (const mark of ['', '../etc/passwd', HOSTILE, 'a'.repeat(41), '-a', { a: 1 }, ['demo1']]) {
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
      // The answers as sent (the unknown key and the hidden field dropped), the radio's id a number.
      expect(JSON.parse(stored[0].content)).toEqual({ ...validContent(), size: 2 });
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
