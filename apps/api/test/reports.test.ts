import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
import type { ListItem, WeeklyReport } from '@portal/api-client/contract';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { EXPIRED_STOKEN, MEMBER, OTHER_MEMBER, insertFixtures } from './fixtures';

const SESSION_MSG = '无效的会话，或者会话已过期，请重新登录。';

describe.each(DIALECTS)('IT weekly report calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  it('it_index: the latest issue (id 0) with its events and recommended articles', async () => {
    const res = await t.call<{ report: WeeklyReport; events: ListItem[]; recommend: ListItem[] }>(
      'it_index',
      { id: 0 },
    );
    expect(res.code).toBe(0);
    expect(res.data.report).toEqual({
      id: 5,
      number: 3,
      it_number: 5,
      week: '2025年第3周',
      publish_time: '2025-01-17',
      recommend: '本周推荐',
      adv: { url: 'https://ad.example.com', thumb: '/uploads/adv.jpg', title: '2025年第3周' },
    });
    expect(res.data.events.map((e) => e.id)).toEqual([28, 25]);
    // Article 29 is hidden: it is left out.
    expect(res.data.recommend.map((e) => e.id)).toEqual([26]);
    const older = await t.call<{ report: WeeklyReport; events: ListItem[] }>('it_index', { id: 2 });
    expect(older.data.report).toMatchObject({ id: 2, adv: null });
    expect(older.data.events).toEqual([]);
    expect(await t.call('it_index', { id: 99 })).toMatchObject({
      code: ErrorCode.NotFound,
      msg: '该期周报不存在',
    });
  });

  it('it_list: issues of a year with total; years 2020..this year only', async () => {
    const res = await t.call<WeeklyReport[]>('it_list', { year: 2025, page: 1, pageSize: 30 });
    expect(res.total).toBe(3);
    expect(res.data.map((r) => r.id)).toEqual([5, 4, 3]);
    expect(await t.call('it_list', { year: 2023 })).toMatchObject({ code: 0, data: [], total: 0 });
    expect(await t.call('it_list', { year: 2019 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '年份不能早于2020年',
    });
    expect(await t.call('it_list', { year: new Date().getFullYear() + 2 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '年份不能晚于今年',
    });
    expect(await t.call('it_list', {})).toMatchObject({ code: ErrorCode.Validation, msg: '年份不能为空' });
  });

  describe('it_sub (member call)', () => {
    const subs = () =>
      t.app.database.db.selectFrom('report_subscriptions').selectAll().orderBy('report_id').execute();

    it('subscribes the session member, with the member email by default', async () => {
      const res = await t.call('it_sub', { report_id: 5, stoken: MEMBER.stoken, member_id: MEMBER.id });
      expect(res).toMatchObject({ code: 0, msg: '订阅成功', data: null });
      await t.call('it_sub', {
        report_id: 4,
        email: 'me@example.org',
        stoken: MEMBER.stoken,
        member_id: String(MEMBER.id),
      });
      await t.call('it_sub', { report_id: 5, stoken: MEMBER.stoken, member_id: MEMBER.id });
      expect((await subs()).map((s) => [s.member_id, s.report_id, s.email])).toEqual([
        [MEMBER.id, 4, 'me@example.org'],
        [MEMBER.id, 5, MEMBER.email],
      ]);
    });

    it("answers 10001 for a missing, wrong, expired or someone else's stoken", async () => {
      const cases = [
        { report_id: 5 },
        { report_id: 5, member_id: MEMBER.id },
        { report_id: 5, stoken: MEMBER.stoken },
        { report_id: 5, stoken: 'forged', member_id: MEMBER.id },
        { report_id: 5, stoken: EXPIRED_STOKEN, member_id: MEMBER.id },
        { report_id: 5, stoken: OTHER_MEMBER.stoken, member_id: MEMBER.id },
        { report_id: 5, stoken: MEMBER.stoken, member_id: 'abc' },
        { report_id: 5, stoken: { $gt: '' }, member_id: MEMBER.id },
      ];
      for (const payload of cases) {
        expect(await t.call('it_sub', payload)).toEqual({
          code: ErrorCode.SessionInvalid,
          msg: SESSION_MSG,
          data: null,
        });
      }
      expect(ERROR_MESSAGES[ErrorCode.SessionInvalid]).toBe(SESSION_MSG);
    });

    it('still needs the access token, and validates the report', async () => {
      const res = await t.call(
        'it_sub',
        { report_id: 5, stoken: MEMBER.stoken, member_id: MEMBER.id },
        { token: null },
      );
      expect(res.code).toBe(ErrorCode.TokenInvalid);
      expect(
        await t.call('it_sub', { report_id: 99, stoken: MEMBER.stoken, member_id: MEMBER.id }),
      ).toMatchObject({ code: ErrorCode.NotFound });
      expect(await t.call('it_sub', { stoken: MEMBER.stoken, member_id: MEMBER.id })).toMatchObject({
        code: ErrorCode.Validation,
        msg: '期刊不能为空',
      });
      expect(
        await t.call('it_sub', {
          report_id: 5,
          email: 'not-mail',
          stoken: MEMBER.stoken,
          member_id: MEMBER.id,
        }),
      ).toMatchObject({
        code: ErrorCode.Validation,
        msg: '请输入正确的邮箱地址',
      });
    });
  });
});
