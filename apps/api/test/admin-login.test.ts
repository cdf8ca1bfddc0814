import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG, ADMIN_SESSION_IDLE_MS, LOGIN_CAPTCHA_FIELD } from '@portal/api-client/admin';
import { ErrorCode } from '@portal/api-client/codes';
import { DEFAULT_ADMIN_SESSION_MAX_AGE_HOURS } from '@portal/config';
import type { ArticleDetail, DragChallenge } from '@portal/api-client/contract';
import { addressKey } from '../src/lib/address-key';
import { SCRYPT_PARAMS, verifyPassword } from '../src/lib/password';
import { CHALLENGES_PER_IP_MINUTE } from '../src/lib/sms/drag-captcha';
import { ADMIN_LOGIN_LIMITS } from '../src/routes/admin/session';
import { SEARCH_LIMIT } from '../src/routes/search';
import { adminCall, adminLogin, addEditor, EDITOR_PASSWORD, sessionOf } from './editor-helpers';
import { BACKENDS, backendConfig, freshIp, startTestApp, type TestApp } from './helpers';
import { findGap, insertMemberFixtures, newMember } from './member-helpers';

/**
 * Issue 23 items 2, 9, 10 and 12: back-office login limits that nobody can use to lock an editor
 * out, audit records of refused logins and display-name changes, scrypt parameters raised with
 * rehashing on login, an absolute session lifetime, per-address limits keyed on an IPv6 /64, and
 * public pages that name editors by display name only. SQLite with the memory limiter always;
 * PostgreSQL with Redis when DATABASE_URL and REDIS_URL are set.
 */

/** A scrypt hash as the code before issue 23 made them (N = 2^14), in the same stored format. */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}
const CURRENT_PREFIX = `scrypt$${SCRYPT_PARAMS.N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$`;

describe('addressKey', () => {
  it('keeps IPv4, groups IPv6 by /64 and maps IPv4-mapped IPv6 to its IPv4 address', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('')).toBe('');
  });
});

// Every scrypt hash costs 128 MiB and about half a second (more on a busy machine).
describe.each(BACKENDS)('back-office login under $name', { timeout: 240_000 }, (backend) => {
  let t: TestApp;

  const login = (username: string, password: string, ip: string, dragVerify?: string) =>
    adminLogin(t, username, password, {
      headers: { 'x-forwarded-for': ip },
      fields: dragVerify === undefined ? {} : { drag_verify: dragVerify },
    });
  /** Asks the back office for a slider picture from `ip` and solves it as a person would. */
  const solveSlider = async (ip: string) => {
    const res = await t.inject({
      method: 'GET',
      url: '/admin/api/session/captcha',
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.statusCode).toBe(200);
    const challenge = res.json() as DragChallenge;
    return `${challenge.id}:${await findGap(challenge)}`;
  };
  const auditRows = (action: string, entityId: string) =>
    t.app.database.db
      .selectFrom('audit_log')
      .select(['editor', 'editor_id', 'action', 'entity', 'entity_id', 'detail', 'ip'])
      .where('action', '=', action)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(
      backend.dialect,
      (app) => insertMemberFixtures(app.database),
      backendConfig(backend),
    );
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('50 wrong passwords from 10 addresses do not lock the account: the right one from an 11th signs in after the slider', async () => {
    await addEditor(t, 'besieged', 'admin');
    const addresses = Array.from({ length: 10 }, freshIp);
    const answers: number[] = [];
    for (const ip of addresses) {
      for (let i = 0; i < 5; i++) answers.push((await login('besieged', `guess-${i}`, ip)).statusCode);
    }
    // The first failures are checked; past the threshold the account asks for the slider; no
    // address used more than its pair allowance, so none of them was refused outright.
    expect(answers.slice(0, ADMIN_LOGIN_LIMITS.captchaAfter)).toEqual(
      Array(ADMIN_LOGIN_LIMITS.captchaAfter).fill(401),
    );
    expect(answers.slice(ADMIN_LOGIN_LIMITS.captchaAfter)).toEqual(
      Array(50 - ADMIN_LOGIN_LIMITS.captchaAfter).fill(400),
    );

    const editorIp = freshIp();
    const asked = await login('besieged', EDITOR_PASSWORD, editorIp);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({ message: ADMIN_MSG.captchaRequired, field: LOGIN_CAPTCHA_FIELD });
    // A missed slider is refused and spends the picture.
    const missed = (await solveSlider(editorIp)).replace(/:(\d+)$/, (_, x: string) => `:${Number(x) + 40}`);
    expect((await login('besieged', EDITOR_PASSWORD, editorIp, missed)).json()).toMatchObject({
      message: ADMIN_MSG.captchaMissed,
      field: LOGIN_CAPTCHA_FIELD,
    });
    // A picture asked for from another address does not count here.
    const elsewhere = await solveSlider(freshIp());
    expect((await login('besieged', EDITOR_PASSWORD, editorIp, elsewhere)).json()).toMatchObject({
      message: ADMIN_MSG.captchaExpired,
    });
    const signedIn = await login('besieged', EDITOR_PASSWORD, editorIp, await solveSlider(editorIp));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { username: 'besieged' } });

    // Item 9: every refused attempt is in the audit log with its address; the sign-in too.
    const failed = await auditRows('login-failed', 'besieged');
    expect(failed).toHaveLength(50 + 3);
    expect(failed.filter((r) => r.detail === 'wrong password').map((r) => r.ip)).toEqual(
      addresses.flatMap((ip) => Array<string>(5).fill(ip)).slice(0, ADMIN_LOGIN_LIMITS.captchaAfter),
    );
    expect(failed[0]).toMatchObject({ editor: 'besieged', entity: 'session', ip: addresses[0] });
    expect(Number(failed[0].editor_id)).toBeGreaterThan(0);
    expect(failed.at(-1)).toMatchObject({ detail: 'slider unknown', ip: editorIp });
    const [session] = await t.app.database.db
      .selectFrom('audit_log')
      .select(['ip'])
      .where('action', '=', 'login')
      .where('editor', '=', 'besieged')
      .execute();
    expect(session.ip).toBe(editorIp);
  });

  it('50 parallel wrong passwords from one address: the pair allowance, then 429, and one throttle record', async () => {
    await addEditor(t, 'hammered', 'admin');
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => login('hammered', 'wrong-password-x', ip)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(ADMIN_LOGIN_LIMITS.perPair);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - ADMIN_LOGIN_LIMITS.perPair);
    expect(results.find((r) => r.statusCode === 429)!.json()).toEqual({ message: ADMIN_MSG.loginLimited });
    // That address stays locked for this account, even with the right password…
    expect((await login('hammered', EDITOR_PASSWORD, ip)).statusCode).toBe(429);
    // …while the editor signs in from anywhere else.
    expect((await login('hammered', EDITOR_PASSWORD, freshIp())).statusCode).toBe(200);
    // One record when the pair's lock starts, one when the address's does; none per refusal.
    const throttled = await auditRows('login-throttled', 'hammered');
    // Both locks start within the one burst, so their records may be written in either order.
    expect(throttled.map((r) => [r.detail, r.ip]).sort()).toEqual([
      ['account and address', ip],
      ['address', ip],
    ]);
  });

  it('50 parallel wrong passwords for 50 accounts from one address: the address allowance, then 429', async () => {
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`spray${i}`, 'wrong-password-x', ip)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(ADMIN_LOGIN_LIMITS.perIp);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - ADMIN_LOGIN_LIMITS.perIp);
    const throttled = await t.app.database.db
      .selectFrom('audit_log')
      .select(['detail'])
      .where('action', '=', 'login-throttled')
      .where('ip', '=', ip)
      .execute();
    expect(throttled).toEqual([{ detail: 'address' }]);
  });

  it('addresses of one IPv6 /64 share a budget; another /64 has its own; IPv4-mapped IPv6 is the IPv4 address', async () => {
    // The back-office login: one account's allowance from a /64, spent from two of its addresses.
    const wrong = (ip: string) => login('v6user', 'wrong-password-x', ip);
    for (let i = 0; i < ADMIN_LOGIN_LIMITS.perPair; i++) {
      expect((await wrong(i % 2 === 0 ? '2001:db8:77:1::1' : `2001:db8:77:1:${i}::9`)).statusCode).toBe(401);
    }
    expect((await wrong('2001:db8:77:1:abcd::1')).statusCode).toBe(429);
    expect((await wrong('2001:db8:77:2::1')).statusCode).toBe(401);

    // The slider pictures (back office and members share the count).
    const challenge = (ip: string) =>
      t.inject({ method: 'GET', url: '/admin/api/session/captcha', headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < CHALLENGES_PER_IP_MINUTE; i++) {
      const ip = i % 2 === 0 ? '2001:db8:99:5::1' : `2001:db8:99:5:${i}::1`;
      expect((await challenge(ip)).statusCode).toBe(200);
    }
    expect((await challenge('2001:db8:99:5:ffff::1')).statusCode).toBe(429);
    const member = await t.call('drag_captcha', {}, { headers: { 'x-forwarded-for': '2001:db8:99:5::2' } });
    expect(member.code).toBe(ErrorCode.RateLimited);

    // A member-side limit (search) counts through the same key.
    const search = (ip: string) =>
      t.call('search_list', { title: '云计算' }, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < SEARCH_LIMIT.perIp; i++) {
      const ip = i % 2 === 0 ? '198.51.100.7' : '::ffff:198.51.100.7';
      expect((await search(ip)).code).toBe(0);
    }
    expect((await search('::ffff:c633:6407')).code).toBe(ErrorCode.RateLimited);
    expect((await search('2001:db8:88::1')).code).toBe(0);
  });

  it('a hash made with the old scrypt parameters verifies and is rehashed at the next login (editors and members)', async () => {
    await addEditor(t, 'veteran', 'admin');
    const old = legacyHash(EDITOR_PASSWORD);
    await t.app.database.db
      .updateTable('editors')
      .set({ password_hash: old })
      .where('username', '=', 'veteran')
      .execute();
    expect(await verifyPassword(EDITOR_PASSWORD, old)).toBe(true);
    const editorHash = async () =>
      (
        await t.app.database.db
          .selectFrom('editors')
          .select('password_hash')
          .where('username', '=', 'veteran')
          .executeTakeFirstOrThrow()
      ).password_hash;
    // A wrong password changes nothing.
    expect((await login('veteran', 'not-it-at-all', freshIp())).statusCode).toBe(401);
    expect(await editorHash()).toBe(old);
    expect((await login('veteran', EDITOR_PASSWORD, freshIp())).statusCode).toBe(200);
    const rehashed = await editorHash();
    expect(rehashed.startsWith(CURRENT_PREFIX)).toBe(true);
    expect(await verifyPassword(EDITOR_PASSWORD, rehashed)).toBe(true);
    expect((await login('veteran', EDITOR_PASSWORD, freshIp())).statusCode).toBe(200);
    expect(await editorHash()).toBe(rehashed);

    const m = await newMember(t);
    const memberHash = async () =>
      (
        await t.app.database.db
          .selectFrom('members')
          .select('password_hash')
          .where('id', '=', m.id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    expect((await memberHash()).startsWith(CURRENT_PREFIX)).toBe(true);
    const memberOld = legacyHash('member-pass-9');
    await t.app.database.db
      .updateTable('members')
      .set({ password_hash: memberOld })
      .where('id', '=', m.id)
      .execute();
    const res = await t.call('member_login', { username: m.username, password: 'member-pass-9' });
    expect(res.code).toBe(0);
    const memberNew = await memberHash();
    expect(memberNew.startsWith(CURRENT_PREFIX)).toBe(true);
    expect(await verifyPassword('member-pass-9', memberNew)).toBe(true);
    // The member's other sessions were not ended by the rehash.
    expect((await t.call('member_info', { id: m.id, ...m.identity })).code).toBe(0);
  });

  it('a session ends 7 days after sign-in however busy it is', async () => {
    await addEditor(t, 'tireless', 'admin');
    const res = await login('tireless', EDITOR_PASSWORD, freshIp());
    const { cookie } = sessionOf(res);
    const me = () => t.inject({ method: 'GET', url: '/admin/api/session', headers: { cookie } });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const step = ADMIN_SESSION_IDLE_MS - 3600_000;
    const maxAge = DEFAULT_ADMIN_SESSION_MAX_AGE_HOURS * 3600_000;
    expect(maxAge).toBe(7 * 24 * 3600_000);
    // Busy all week: a request every 7 h keeps the idle limit away…
    let at = start;
    while (at + step < start + maxAge) {
      at += step;
      vi.setSystemTime(at);
      expect((await me()).statusCode).toBe(200);
    }
    // …and still the session ends at its absolute lifetime.
    vi.setSystemTime(start + maxAge + 1000);
    expect((await me()).statusCode).toBe(401);
  });

  it('a display-name change is audited with the address, and public pages print the display name, never the login', async () => {
    await addEditor(t, 'wangwu', 'admin', '--name', '王编辑');
    const ip = freshIp();
    const s = sessionOf(await login('wangwu', EDITOR_PASSWORD, ip));
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      adminCall(t, s, method, url, payload, { headers: { 'x-forwarded-for': ip } });
    const created = await call('POST', '/articles', {
      title: '署名测试文章',
      category: 'AI',
      content: '<p>正文</p>',
      description: '',
      keywords: '',
      author: '记者',
      source: '本站',
      thumb: '',
      is_hot: false,
      is_recommend: false,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    expect((await call('POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
    const article = async () => (await t.call<ArticleDetail>('article_content', { id })).data;
    expect((await article()).adminName).toBe('王编辑');
    expect(JSON.stringify(await article())).not.toContain('wangwu');

    const editorId = (
      await t.app.database.db
        .selectFrom('editors')
        .select('id')
        .where('username', '=', 'wangwu')
        .executeTakeFirstOrThrow()
    ).id;
    const rename = (displayName: string) =>
      call('PUT', `/editors/${editorId}`, { role: 'admin', display_name: displayName });
    expect((await rename('王五')).statusCode).toBe(200);
    t.app.readCache.invalidate();
    expect((await article()).adminName).toBe('王五');
    expect(await auditRows('display-name', 'wangwu')).toEqual([
      expect.objectContaining({ editor: 'wangwu', detail: '王编辑 → 王五', ip }),
    ]);
    // Without a display name the page names no editor (and never falls back to the login).
    expect((await rename('')).statusCode).toBe(200);
    t.app.readCache.invalidate();
    expect((await article()).adminName).toBe('');
  });
});
