import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { SMS_COUNTDOWN_S } from '@portal/api-client/constants';
import type { DragChallenge } from '@portal/api-client/contract';
import { MSG } from '@portal/api-client/schemas';
import { AliyunSmsProvider, createSmsProvider, OutboxProvider, TencentSmsProvider } from '../src/lib/sms';
import { DIALECTS, TEST_CLIENT, startTestApp, type TestApp } from './helpers';
import {
  dragProof,
  findGap,
  insertMemberFixtures,
  newMember,
  TOLERANCE,
  uniqueIdentity,
  type Session,
} from './member-helpers';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5, 2, 0, 0);

describe.each(DIALECTS)('SMS codes and password reset on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let ipSeq = 0;
  /** Each test sends from its own address so the per-IP cap does not couple the tests. */
  let ip = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-sms-'));
    t = await startTestApp(dialect, (app) => insertMemberFixtures(app.database), { dataDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    // The injectable clock: every server-side time (code expiry, send windows, challenges) reads Date.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    ipSeq += 1;
    ip = `10.9.${ipSeq}.1`;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
  /** A fresh access token at the current (fake) time: the suite's token expires after 2 h. */
  let cached = { token: '', at: 0 };
  const token = async () => {
    if (!cached.token || Math.abs(Date.now() - cached.at) > 3600_000) {
      const res = await t.call<{ access_token: string }>('accessToken', TEST_CLIENT, { token: null });
      cached = { token: res.data.access_token, at: Date.now() };
    }
    return cached.token;
  };
  const call = async <T = unknown>(
    name: Parameters<TestApp['call']>[0],
    payload: Record<string, unknown> = {},
  ) => t.call<T>(name, payload, { token: await token(), headers: { 'x-forwarded-for': ip } });

  const outbox = () => {
    const file = path.join(dataDir, 'sms-outbox.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  };
  const lastCode = (mobile: string) => {
    const line = outbox()
      .filter((l) => l.startsWith(`${mobile}\t`))
      .at(-1);
    if (!line) throw new Error(`no code for ${mobile}`);
    return line.split('\t')[1];
  };
  /** Solves a challenge as a person does (finds the gap in the picture), from this test's address. */
  const proof = async (miss = 0) =>
    dragProof(t, miss, { token: await token(), headers: { 'x-forwarded-for': ip } });
  const send = async (mobile: string) => call('send_sms', { mobile });
  const reset = async (m: { mobile: string }, code: string, password = 'newpass123') =>
    call('reset_password', { mobile: m.mobile, code, password, drag_verify: await proof() });

  let m: Session;
  beforeEach(async () => {
    m = await newMember(t);
  });

  it('sends a 6-digit code to the outbox as mobile<TAB>code<TAB>ISO time', async () => {
    const sent = async () =>
      (await t.app.metrics.sms.get()).values.find((v) => v.labels.result === 'sent')?.value ?? 0;
    const before = await sent();
    const res = await send(m.mobile);
    expect(res).toMatchObject({ code: 0, msg: '验证码已发送，请注意查收' });
    // Counted for the metrics (portal_sms_total{result="sent"}).
    expect(await sent()).toBe(before + 1);
    const line = outbox().at(-1)!;
    const [mobile, code, time] = line.split('\t');
    expect(mobile).toBe(m.mobile);
    expect(code).toMatch(/^\d{6}$/);
    expect(new Date(time).toISOString()).toBe(time);
    // Only a hash is stored.
    const rows = await t.app.database.db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('mobile', '=', m.mobile)
      .execute();
    expect(rows.map((r) => r.code_hash)).not.toContain(code);
  });

  it('validates the phone before anything else', async () => {
    expect(await call('send_sms', { mobile: '' })).toMatchObject({
      code: ErrorCode.Validation,
      msg: MSG.phoneFirst,
    });
    expect(await call('send_sms', { mobile: '1234' })).toMatchObject({
      code: ErrorCode.Validation,
      msg: MSG.mobileInvalid,
    });
  });

  it('sends {mobile} without a slider, and 重新获取 after the 60 s countdown sends again', async () => {
    expect(await send(m.mobile)).toMatchObject({ code: 0 });
    const first = lastCode(m.mobile);
    advance(SMS_COUNTDOWN_S * 1000 + 1000);
    expect(await send(m.mobile)).toMatchObject({ code: 0, msg: '验证码已发送，请注意查收' });
    expect(outbox().filter((l) => l.startsWith(`${m.mobile}\t`))).toHaveLength(2);
    // Only the newest code is valid.
    const second = lastCode(m.mobile);
    if (first !== second) expect((await reset(m, first)).code).toBe(ErrorCode.SmsCodeInvalid);
    expect((await reset(m, second)).code).toBe(0);
  });

  it('drag_captcha answers a picture and a piece, never where the gap is', async () => {
    const res = await call<DragChallenge>('drag_captcha');
    // Only what the browser draws: the old answer's `target` (and anything like it) is gone.
    expect(Object.keys(res.data).sort()).toEqual([
      'height',
      'id',
      'image',
      'piece',
      'piece_size',
      'width',
      'y',
    ]);
    expect(res.data.image).toMatch(/^data:image\/png;base64,/);
    expect(res.data.piece).toMatch(/^data:image\/png;base64,/);
    const gap = await findGap(res.data);
    expect(gap).toBeGreaterThanOrEqual(res.data.piece_size);
  });

  it('reset_password needs a server-checked, unexpired, single-use slider of the same client', async () => {
    await send(m.mobile);
    const code = lastCode(m.mobile);
    const attempt = (drag_verify?: string) =>
      call('reset_password', { mobile: m.mobile, code, password: 'newpass123', drag_verify });
    const refused = { code: ErrorCode.DragVerifyFailed };
    expect(await attempt()).toMatchObject({ code: ErrorCode.Validation, msg: '请先完成滑块验证' });
    expect(await attempt('true')).toMatchObject(refused);
    // Off by more than the tolerance: refused, and the challenge is spent (one try per picture).
    const challenge = await call<DragChallenge>('drag_captcha');
    const gap = await findGap(challenge.data);
    expect(await attempt(`${challenge.data.id}:${gap + TOLERANCE + 1}`)).toMatchObject({
      ...refused,
      msg: '滑块验证失败，请重新验证',
    });
    expect(await attempt(`${challenge.data.id}:${gap}`)).toMatchObject({
      ...refused,
      msg: '滑块验证已失效，请重新验证',
    });
    // Asked for by another address: refused.
    const other = await dragProof(t, 0, {
      token: await token(),
      headers: { 'x-forwarded-for': '10.250.0.1' },
    });
    expect(await attempt(other)).toMatchObject(refused);
    // Expired after 10 minutes.
    const late = await proof();
    advance(11 * MINUTE);
    expect(await attempt(late)).toMatchObject(refused);
    // Within the tolerance: accepted once (the code is still live: every refusal above came first).
    await send(m.mobile);
    const fresh = lastCode(m.mobile);
    const good = await proof(-TOLERANCE);
    const reset = () =>
      call('reset_password', { mobile: m.mobile, code: fresh, password: 'newpass123', drag_verify: good });
    expect(await reset()).toMatchObject({ code: 0 });
    expect(await reset()).toMatchObject(refused);
  });

  it('resets the password with the code once, and ends existing sessions', async () => {
    await send(m.mobile);
    const code = lastCode(m.mobile);
    expect(await reset(m, code)).toMatchObject({ code: 0 });
    expect((await call('member_info', { id: m.id, ...m.identity })).code).toBe(ErrorCode.SessionInvalid);
    expect((await call('member_login', { username: m.username, password: 'newpass123' })).code).toBe(0);
    // Single use.
    expect(await reset(m, code, 'another123')).toMatchObject({ code: ErrorCode.SmsCodeInvalid });
  });

  it('validates reset_password fields', async () => {
    const base = { mobile: m.mobile, code: '123456', password: 'newpass123', drag_verify: 'x' };
    expect(await call('reset_password', { ...base, mobile: '' })).toMatchObject({ msg: MSG.mobileRequired });
    expect(await call('reset_password', { ...base, mobile: '999' })).toMatchObject({
      msg: MSG.mobileInvalid,
    });
    expect(await call('reset_password', { ...base, code: '' })).toMatchObject({ msg: MSG.codeRequired });
    expect(await call('reset_password', { ...base, password: '' })).toMatchObject({
      msg: MSG.newPasswordRequired,
    });
    expect(await call('reset_password', { ...base, password: '12345' })).toMatchObject({
      msg: MSG.passwordLength,
    });
    expect(await call('reset_password', { ...base, password: 'z'.repeat(21) })).toMatchObject({
      msg: MSG.passwordLength,
    });
    expect(await call('reset_password', base)).toMatchObject({ code: ErrorCode.DragVerifyFailed });
  });

  it('expires a code after 10 minutes', async () => {
    await send(m.mobile);
    const code = lastCode(m.mobile);
    advance(10 * MINUTE + 1000);
    expect(await reset(m, code)).toMatchObject({ code: ErrorCode.SmsCodeInvalid, msg: '验证码错误或已失效' });
  });

  it('destroys a code after 5 wrong guesses', async () => {
    await send(m.mobile);
    const code = lastCode(m.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset(m, wrong)).code).toBe(ErrorCode.SmsCodeInvalid);
    expect((await reset(m, code)).code).toBe(ErrorCode.SmsCodeInvalid);
  });

  it('limits sends per phone: 1 a minute, 5 an hour, 10 a day', async () => {
    expect((await send(m.mobile)).code).toBe(0);
    expect(await send(m.mobile)).toMatchObject({
      code: ErrorCode.RateLimited,
      msg: '验证码发送过于频繁，请1分钟后再试',
    });
    for (let i = 0; i < 4; i++) {
      advance(MINUTE + 1000);
      expect((await send(m.mobile)).code).toBe(0);
    }
    advance(MINUTE + 1000);
    expect(await send(m.mobile)).toMatchObject({
      code: ErrorCode.RateLimited,
      msg: '验证码发送次数过多，请1小时后再试',
    });
    advance(60 * MINUTE);
    for (let i = 0; i < 5; i++) {
      expect((await send(m.mobile)).code).toBe(0);
      advance(MINUTE + 1000);
    }
    advance(60 * MINUTE);
    expect(await send(m.mobile)).toMatchObject({
      code: ErrorCode.RateLimited,
      msg: '今日验证码发送次数已达上限',
    });
    // A day after the first sends, the window has room again.
    advance(22 * 60 * MINUTE);
    expect((await send(m.mobile)).code).toBe(0);
  });

  it('answers the same for an unknown phone and sends nothing', async () => {
    const stranger = uniqueIdentity().mobile;
    const before = outbox().length;
    const res = await send(stranger);
    expect(res).toEqual(await send(m.mobile));
    expect(outbox().length).toBe(before + 1);
    expect(outbox().some((l) => l.startsWith(`${stranger}\t`))).toBe(false);
    // The same per-phone limit applies.
    expect((await send(stranger)).code).toBe(ErrorCode.RateLimited);
    expect((await reset({ mobile: stranger }, '123456')).code).toBe(ErrorCode.SmsCodeInvalid);
  });

  it('caps sends per IP', async () => {
    let refused = false;
    for (let i = 0; i < 25 && !refused; i++) {
      const res = await send(uniqueIdentity().mobile);
      refused = res.code === ErrorCode.RateLimited;
      if (refused) expect(i).toBe(20);
    }
    expect(refused).toBe(true);
  });
});

describe('SMS providers', () => {
  it('the outbox appends one tab-separated line per message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const logged: string[] = [];
    const p = new OutboxProvider(
      dir,
      (msg) => logged.push(msg),
      () => Date.UTC(2026, 0, 1),
    );
    await p.send('13800138000', '123456');
    await p.send('13900139000', '654321');
    expect(fs.readFileSync(path.join(dir, 'sms-outbox.log'), 'utf8')).toBe(
      '13800138000\t123456\t2026-01-01T00:00:00.000Z\n13900139000\t654321\t2026-01-01T00:00:00.000Z\n',
    );
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain('123456');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('in production (a staging host) keeps the code in its file and out of the log line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const logged: string[] = [];
    const p = createSmsProvider({ dataDir: dir, log: (msg) => logged.push(msg), revealCodes: false }, {});
    await p.send('13800138000', '123456');
    expect(fs.readFileSync(path.join(dir, 'sms-outbox.log'), 'utf8')).toMatch(/^13800138000\t123456\t/);
    expect(logged).toEqual([
      `sms outbox: a code for *******8000 appended to ${path.join(dir, 'sms-outbox.log')}`,
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('chooses the provider from SMS_PROVIDER and refuses a half configuration', () => {
    expect(createSmsProvider({ dataDir: '/tmp' }, {}).name).toBe('outbox');
    expect(() => createSmsProvider({ dataDir: '/tmp' }, { SMS_PROVIDER: 'aliyun' })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_ID/,
    );
    expect(() => createSmsProvider({ dataDir: '/tmp' }, { SMS_PROVIDER: 'carrier-pigeon' })).toThrow(
      /Unknown SMS_PROVIDER/,
    );
    const env = {
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000000',
      TENCENT_SMS_SIGN_NAME: '签名',
      TENCENT_SMS_TEMPLATE_ID: '100',
    };
    expect(createSmsProvider({ dataDir: '/tmp' }, env).name).toBe('tencent');
  });

  it('Aliyun signs a SendSms request and reports a refusal (no network)', async () => {
    const requests: string[] = [];
    const reply = (body: object) => async (url: string) => {
      requests.push(url);
      return { ok: true, status: 200, text: async () => JSON.stringify(body) };
    };
    const config = {
      accessKeyId: 'testid',
      accessKeySecret: 'testsecret',
      signName: '测试',
      templateCode: 'SMS_1',
    };
    const now = () => Date.UTC(2026, 0, 1);
    await new AliyunSmsProvider(config, reply({ Code: 'OK' }), now).send('13800138000', '123456');
    const url = new URL(requests[0]);
    expect(url.searchParams.get('Action')).toBe('SendSms');
    expect(url.searchParams.get('PhoneNumbers')).toBe('13800138000');
    expect(url.searchParams.get('TemplateParam')).toBe('{"code":"123456"}');
    expect(url.searchParams.get('Timestamp')).toBe('2026-01-01T00:00:00Z');
    expect(url.searchParams.get('Signature')).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    await expect(
      new AliyunSmsProvider(config, reply({ Code: 'isv.BUSINESS_LIMIT_CONTROL' }), now).send(
        '13800138000',
        '1',
      ),
    ).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
  });

  it('Tencent signs with TC3-HMAC-SHA256 (no network)', async () => {
    const seen: { headers: Record<string, string>; body?: string }[] = [];
    const fetchImpl = async (
      _url: string,
      init: { method: string; headers: Record<string, string>; body?: string },
    ) => {
      seen.push(init);
      return {
        ok: true,
        status: 200,
        text: async () =>
          JSON.stringify({ Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }] } }),
      };
    };
    const p = new TencentSmsProvider(
      { secretId: 'AKID', secretKey: 'key', sdkAppId: '1400', signName: '测试', templateId: '9' },
      fetchImpl,
      () => Date.UTC(2026, 0, 1),
    );
    await p.send('13800138000', '123456');
    expect(seen[0].headers.Authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKID\/2026-01-01\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(seen[0].body!)).toMatchObject({
      PhoneNumberSet: ['+8613800138000'],
      TemplateParamSet: ['123456'],
    });
  });
});
