import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope } from '@portal/api-client/codes';
import type { EndpointName, MemberRegisterPayload } from '@portal/api-client/contract';
import { UPLOAD_LIMITS, UPLOAD_RATE_MSG } from '../src/lib/uploads';
import { createMember } from '../src/repositories/members';
import { LANDING_LIMITS } from '../src/routes/landing';
import { LOGIN_IP_FACTOR, LOGIN_MAX_FAILURES, REGISTER_PER_IP_HOUR } from '../src/routes/member';
import { SMS_RULES } from '../src/routes/member/sms';
import { field as formField } from '../src/seed/form-fields';
import { BACKENDS, backendConfig, freshIp, startTestApp, type TestApp } from './helpers';
import { insertLeadTargets, vendorLead } from './landing-fixtures';
import {
  dragProof,
  insertMemberFixtures,
  newMember,
  registration,
  uniqueIdentity,
  upload,
} from './member-helpers';

/**
 * Every abuse limit hit by PARALLEL requests at once (Promise.all over fastify.inject) lets no more
 * through than the limit: the count is raised and checked in one atomic step (the memory limiter's
 * synchronous increment, Redis INCR, or a locked write transaction), never read before slow work
 * and raised after it. On SQLite with the in-memory limiter always; on PostgreSQL with Redis when
 * DATABASE_URL and REDIS_URL are set.
 */
const PARALLEL = 50;
/** Small enough that PARALLEL requests to members' phones overrun it. */
const SMS_DAILY_CAP = 3;

describe.each(BACKENDS)('limits under $name hold against 50 parallel requests', (backend) => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limits-race-'));
    t = await startTestApp(
      backend.dialect,
      async (app) => {
        await insertMemberFixtures(app.database);
        await insertLeadTargets(app.database, [formField('name', '姓名', 'input', 1)]);
      },
      { dataDir, smsDailyCap: SMS_DAILY_CAP, ...backendConfig(backend) },
    );
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (name: EndpointName, payload: Record<string, unknown>, ip: string) =>
    t.call(name, payload, { headers: { 'x-forwarded-for': ip } });
  /** `count` requests started together; the codes they answered. */
  const burst = async (count: number, send: (i: number) => Promise<Envelope<unknown>>) =>
    (await Promise.all(Array.from({ length: count }, (_, i) => send(i)))).map((r) => r.code);
  const tally = (codes: number[], code: number) => codes.filter((c) => c === code).length;
  /** `count` requests one after the other, to bring a counter near its limit first. */
  const warmUp = async (count: number, send: (i: number) => Promise<Envelope<unknown>>) => {
    for (let i = 0; i < count; i++) expect((await send(i)).code).not.toBe(ErrorCode.RateLimited);
  };
  const outbox = () => {
    const file = path.join(dataDir, 'sms-outbox.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  };

  it('login per account: only the allowed failures are evaluated, then even the right password waits', async () => {
    const m = await newMember(t);
    const codes = await burst(PARALLEL, () =>
      call('member_login', { username: m.username, password: 'wrong-password' }, freshIp()),
    );
    expect(tally(codes, ErrorCode.BadCredentials)).toBe(LOGIN_MAX_FAILURES);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - LOGIN_MAX_FAILURES);
    const right = await call('member_login', { username: m.username, password: 'secret123' }, freshIp());
    expect(right.code).toBe(ErrorCode.RateLimited);
  });

  // 20 scrypt hashes at N = 2^17 each (half a second of CPU apiece, more on a shared machine).
  const HASHING = { timeout: 120_000 };

  it('login per address', HASHING, async () => {
    const ip = freshIp();
    const codes = await burst(PARALLEL, () =>
      call('member_login', { username: uniqueIdentity().username, password: 'wrong-password' }, ip),
    );
    expect(tally(codes, ErrorCode.BadCredentials)).toBe(LOGIN_MAX_FAILURES * LOGIN_IP_FACTOR);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - LOGIN_MAX_FAILURES * LOGIN_IP_FACTOR);
  });

  it('registration per address', HASHING, async () => {
    const ip = freshIp();
    const codes = await burst(PARALLEL, () => call('member_register', registration(), ip));
    expect(tally(codes, ErrorCode.Ok)).toBe(REGISTER_PER_IP_HOUR);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - REGISTER_PER_IP_HOUR);
  });

  it('SMS per phone: one code a minute, however many ask at once', async () => {
    const m = await newMember(t);
    const codes = await burst(PARALLEL, () => call('send_sms', { mobile: m.mobile }, freshIp()));
    expect(tally(codes, ErrorCode.Ok)).toBe(SMS_RULES.perPhone[0].max);
    expect(outbox().filter((l) => l.startsWith(`${m.mobile}\t`))).toHaveLength(SMS_RULES.perPhone[0].max);
    const rows = await t.app.database.db
      .selectFrom('sms_codes')
      .select('id')
      .where('mobile', '=', m.mobile)
      .execute();
    expect(rows).toHaveLength(SMS_RULES.perPhone[0].max);
  });

  it('SMS per address', async () => {
    const ip = freshIp();
    const codes = await burst(PARALLEL, () => call('send_sms', { mobile: uniqueIdentity().mobile }, ip));
    expect(tally(codes, ErrorCode.Ok)).toBe(SMS_RULES.perIpDay);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - SMS_RULES.perIpDay);
  });

  it('SMS global cap: numbers without a member use none of it; members get exactly the cap', async () => {
    // Everything sent so far in this app went to numbers with no member or was counted above:
    // start from what is already sent.
    const sentBefore = outbox().length;
    // Strangers' numbers, from many addresses: same answer as a member's, nothing sent or counted.
    const strangers = await burst(PARALLEL, () =>
      call('send_sms', { mobile: uniqueIdentity().mobile }, freshIp()),
    );
    expect(tally(strangers, ErrorCode.Ok)).toBe(PARALLEL);
    expect(outbox()).toHaveLength(sentBefore);

    const phones = Array.from({ length: PARALLEL }, () => uniqueIdentity().mobile);
    for (const mobile of phones) {
      const { password: _unused, ...fields } = registration({ mobile });
      const created = await createMember(
        t.app.database,
        { ...(fields as Omit<MemberRegisterPayload, 'password'>), password_hash: 'not-a-hash' },
        Date.now(),
      );
      expect(created.ok).toBe(true);
    }
    const codes = await burst(PARALLEL, (i) => call('send_sms', { mobile: phones[i] }, freshIp()));
    const left = Math.max(0, SMS_DAILY_CAP - sentBefore);
    expect(tally(codes, ErrorCode.Ok)).toBe(left);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - left);
    expect(outbox()).toHaveLength(sentBefore + left);
  });

  it('a solved slider passes one password reset, however many use it at once', async () => {
    const ip = freshIp();
    const proof = await dragProof(t, 0, { headers: { 'x-forwarded-for': ip } });
    const codes = await burst(PARALLEL, () =>
      call(
        'reset_password',
        { mobile: uniqueIdentity().mobile, code: '000000', password: 'newpass123', drag_verify: proof },
        ip,
      ),
    );
    // Past the slider only once (then the code is checked: there is none for this number).
    expect(tally(codes, ErrorCode.SmsCodeInvalid)).toBe(1);
    expect(tally(codes, ErrorCode.DragVerifyFailed)).toBe(SMS_RULES.resetPerIpHour - 1);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - SMS_RULES.resetPerIpHour);
  });

  it('uploads per member and minute: exactly the minute’s files are decoded and stored', async () => {
    const m = await newMember(t);
    const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        upload(t, 'member_upload', m.identity, { name: 'a.png', type: 'image/png', data }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(tally(codes, ErrorCode.Ok)).toBe(UPLOAD_LIMITS.filesPerMinute);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - UPLOAD_LIMITS.filesPerMinute);
    for (const a of answers.filter((x) => x.body.code !== ErrorCode.Ok))
      expect(a).toMatchObject({ status: 429, body: { msg: UPLOAD_RATE_MSG } });
    const stored = fs.readdirSync(path.join(dataDir, 'uploads', 'avatars'));
    expect(stored.filter((name) => name.startsWith(`${m.id}-`))).toHaveLength(UPLOAD_LIMITS.filesPerMinute);
  });

  it('vendor login per phone', async () => {
    const mobile = uniqueIdentity().mobile;
    const codes = await burst(PARALLEL, () => call('vendor_login', { mobile }, freshIp()));
    expect(PARALLEL - tally(codes, ErrorCode.RateLimited)).toBe(LANDING_LIMITS.loginPerPhone.limit);
  });

  it('vendor login per address', async () => {
    const ip = freshIp();
    const room = 20;
    await warmUp(LANDING_LIMITS.loginPerIp.limit - room, () =>
      call('vendor_login', { mobile: uniqueIdentity().mobile }, ip),
    );
    const codes = await burst(PARALLEL, () => call('vendor_login', { mobile: uniqueIdentity().mobile }, ip));
    expect(PARALLEL - tally(codes, ErrorCode.RateLimited)).toBe(room);
  });

  it('vendor registration per address', async () => {
    const ip = freshIp();
    const room = 20;
    const lead = () => vendorLead({ mobile: uniqueIdentity().mobile, meetName: '选型中心' });
    await warmUp(LANDING_LIMITS.registerPerIp.limit - room, () => call('vendor_register', lead(), ip));
    const codes = await burst(PARALLEL, () => call('vendor_register', lead(), ip));
    expect(tally(codes, ErrorCode.Ok)).toBe(room);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - room);
  });

  it('activity form submissions per address', async () => {
    const ip = freshIp();
    const room = 20;
    const submit = () =>
      call('form_register', { activity_id: 1, content: JSON.stringify({ name: '李四' }), other: '{}' }, ip);
    await warmUp(LANDING_LIMITS.formPerIp.limit - room, submit);
    const codes = await burst(PARALLEL, submit);
    expect(tally(codes, ErrorCode.Ok)).toBe(room);
    expect(tally(codes, ErrorCode.RateLimited)).toBe(PARALLEL - room);
  });
});
