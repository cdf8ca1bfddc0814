import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
import type { Member } from '@portal/api-client/contract';
import { MSG } from '@portal/api-client/schemas';
import { hashStoken } from '../src/lib/token';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember, registration, type Session } from './member-helpers';

const SESSION_INVALID = {
  code: ErrorCode.SessionInvalid,
  msg: ERROR_MESSAGES[ErrorCode.SessionInvalid],
  data: null,
};

describe.each(DIALECTS)('member accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertMemberFixtures(app.database));
  });
  afterAll(async () => t?.close());

  describe('member_register', () => {
    it('registers a member and stores only a scrypt hash of the password', async () => {
      const body = registration();
      const res = await t.call<{ id: number }>('member_register', body);
      expect(res.code).toBe(0);
      expect(res.data.id).toBeGreaterThan(0);
      const row = await t.app.database.db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', res.data.id)
        .executeTakeFirstOrThrow();
      expect(row.username).toBe(body.username);
      expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/);
      expect(row.password_hash).not.toContain(String(body.password));
    });

    it.each([
      [{ username: '' }, MSG.usernameRequired],
      [{ mobile: '' }, MSG.mobileRequired],
      [{ mobile: '12345678901' }, MSG.mobileInvalid],
      [{ mobile: '1381234567' }, MSG.mobileInvalid],
      [{ mobile: '138123456789' }, MSG.mobileInvalid],
      [{ email: '' }, MSG.emailRequired],
      [{ email: 'not-an-email' }, MSG.emailInvalid],
      [{ industry: '' }, MSG.industryRequired],
      [{ position: 0 }, MSG.positionRequired],
      [{ department: undefined }, MSG.departmentRequired],
      [{ password: '' }, MSG.passwordRequired],
      [{ password: '12345' }, MSG.passwordLength],
      [{ password: 'x'.repeat(21) }, MSG.passwordLength],
      // Option ids must exist in option_ls.
      [{ industry: 99 }, MSG.industryRequired],
    ])('refuses %j with its message', async (override, msg) => {
      const res = await t.call('member_register', registration(override));
      expect(res).toMatchObject({ code: ErrorCode.Validation, msg, data: null });
    });

    it('refuses a taken username or mobile with Conflict', async () => {
      const first = registration();
      expect((await t.call('member_register', first)).code).toBe(0);
      const sameName = await t.call('member_register', registration({ username: first.username }));
      expect(sameName).toMatchObject({ code: ErrorCode.Conflict, msg: '该会员名已被注册' });
      const sameMobile = await t.call('member_register', registration({ mobile: first.mobile }));
      expect(sameMobile).toMatchObject({ code: ErrorCode.Conflict, msg: '该手机号已被注册' });
    });
  });

  describe('member_login / logout', () => {
    it('logs in with a random stoken stored only as its sha256', async () => {
      const body = registration();
      await t.call('member_register', body);
      const res = await t.call<{ id: number; stoken: string; username: string; avatar: string }>(
        'member_login',
        {
          username: body.username,
          password: body.password,
        },
      );
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ username: body.username, avatar: '' });
      expect(res.data.stoken).toMatch(/^[\w-]{43}$/);
      const sessions = await t.app.database.db
        .selectFrom('member_sessions')
        .selectAll()
        .where('member_id', '=', res.data.id)
        .execute();
      expect(sessions.map((s) => s.token_hash)).toContain(hashStoken(res.data.stoken));
      expect(sessions.map((s) => s.token_hash)).not.toContain(res.data.stoken);
    });

    it.each([
      [{ username: '' }, MSG.usernameRequired],
      [{ password: '' }, MSG.passwordRequired],
      [{ password: '123' }, MSG.passwordLength],
      [{ password: 'y'.repeat(21) }, MSG.passwordLength],
    ])('validates %j', async (override, msg) => {
      const res = await t.call('member_login', { username: 'someone', password: 'secret123', ...override });
      expect(res).toMatchObject({ code: ErrorCode.Validation, msg });
    });

    it('answers the same for an unknown user and a wrong password', async () => {
      const m = await newMember(t);
      const unknown = await t.call(
        'member_login',
        { username: 'nobody-here', password: 'secret123' },
        { headers: { 'x-forwarded-for': '10.0.0.1' } },
      );
      const wrong = await t.call('member_login', { username: m.username, password: 'wrongpass1' });
      expect(unknown).toEqual({ code: ErrorCode.BadCredentials, msg: '用户名或密码错误', data: null });
      expect(wrong).toEqual(unknown);
    });

    it('locks an account after 5 failures, even for the right password', async () => {
      const m = await newMember(t);
      for (let i = 0; i < 5; i++) {
        expect((await t.call('member_login', { username: m.username, password: `wrong${i}pass` })).code).toBe(
          ErrorCode.BadCredentials,
        );
      }
      const locked = await t.call('member_login', { username: m.username, password: 'secret123' });
      expect(locked.code).toBe(ErrorCode.RateLimited);
      // Another account is not affected.
      const other = await newMember(t);
      expect((await t.call('member_login', { username: other.username, password: 'secret123' })).code).toBe(
        0,
      );
    });

    it('logout ends that session only', async () => {
      const m = await newMember(t);
      const second = await t.call<{ stoken: string }>('member_login', {
        username: m.username,
        password: 'secret123',
      });
      expect((await t.call('member_logout', m.identity)).code).toBe(0);
      expect(await t.call('member_info', { id: m.id, ...m.identity })).toEqual(SESSION_INVALID);
      const stillIn = await t.call('member_info', { id: m.id, stoken: second.data.stoken, member_id: m.id });
      expect(stillIn.code).toBe(0);
    });
  });

  describe('member_info / member_info_update', () => {
    let a: Session;
    let b: Session;
    beforeAll(async () => {
      a = await newMember(t);
      b = await newMember(t);
    });

    it('returns the caller’s own profile', async () => {
      const res = await t.call<Member>('member_info', { id: a.id, ...a.identity });
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        id: a.id,
        username: a.username,
        mobile: a.mobile,
        industry: 1,
        company_people: '26-99',
      });
      expect(res.data).not.toHaveProperty('password_hash');
    });

    it('refuses another member’s id', async () => {
      const res = await t.call('member_info', { id: b.id, ...a.identity });
      expect(res).toMatchObject({ code: ErrorCode.Forbidden, data: null });
    });

    it('answers 10001 for a forged, expired, mismatched or missing stoken', async () => {
      const forged = await t.call('member_info', { id: a.id, stoken: 'x'.repeat(43), member_id: a.id });
      const mismatched = await t.call('member_info', { id: a.id, stoken: a.stoken, member_id: b.id });
      const missing = await t.call('member_info', { id: a.id, member_id: a.id });
      await t.app.database.db
        .updateTable('member_sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('token_hash', '=', hashStoken(b.stoken))
        .execute();
      const expired = await t.call('member_info', { id: b.id, ...b.identity });
      for (const res of [forged, mismatched, missing, expired]) expect(res).toEqual(SESSION_INVALID);
    });

    it('updates profile fields but never username or mobile', async () => {
      const res = await t.call<Member>('member_info_update', {
        ...a.identity,
        username: 'hijack',
        mobile: '13111111111',
        email: 'new@example.com',
        company: '新公司',
        industry: 2,
        position: 3,
        department: 1,
        province: '上海市',
        city: '上海市',
        address: '浦东',
        company_people: '100-499',
      });
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        username: a.username,
        mobile: a.mobile,
        email: 'new@example.com',
        company: '新公司',
        industry: 2,
      });
    });

    it.each([
      [{ email: '' }, MSG.emailRequired],
      [{ email: 'bad' }, MSG.emailInvalid],
      [{ industry: 0 }, MSG.industryRequired],
      [{ position: '' }, MSG.positionRequired],
      [{ department: null }, MSG.departmentRequired],
      [{ company_people: '7' }, MSG.companyPeopleInvalid],
    ])('validates the profile %j', async (override, msg) => {
      const base = { email: 'ok@example.com', industry: 1, position: 1, department: 1 };
      const res = await t.call('member_info_update', { ...a.identity, ...base, ...override });
      expect(res).toMatchObject({ code: ErrorCode.Validation, msg });
    });

    it('refuses an avatar url that is not the member’s own upload', async () => {
      for (const avatar of [
        'https://evil.example/x.png',
        `/uploads/avatars/${b.id}-00000000-0000-4000-8000-000000000000.png`,
        'javascript:alert(1)',
      ]) {
        const res = await t.call('member_info_update', {
          ...a.identity,
          email: 'ok@example.com',
          industry: 1,
          position: 1,
          department: 1,
          avatar,
        });
        expect(res).toMatchObject({ code: ErrorCode.Validation, msg: '头像地址无效，请重新上传' });
      }
    });

    it('another member’s stoken cannot change a profile', async () => {
      const res = await t.call('member_info_update', {
        stoken: b.stoken,
        member_id: a.id,
        email: 'evil@example.com',
        industry: 1,
        position: 1,
        department: 1,
      });
      expect(res).toEqual(SESSION_INVALID);
      const me = await t.call<Member>('member_info', { id: a.id, ...a.identity });
      expect(me.data.email).not.toBe('evil@example.com');
    });
  });
});
