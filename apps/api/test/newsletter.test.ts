import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { contentType, hostileString, malformedBody, safeEncode } from '@portal/fuzz';
import { ADMIN_MSG } from '@portal/api-client/admin';
import { buildApp } from '../src/app';
import * as newsletterMigration from '../src/db/migrations/019_newsletter';
import type { MailMessage } from '../src/lib/mail/provider';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../src/lib/mail/unsubscribe-token';
import { ONE_CLICK_PATH } from '../src/plugins/newsletter';
import { sendProgress, startSend } from '../src/repositories/newsletter';
import { DIALECTS, startTestApp, TEST_TOKEN_SECRET, type TestApp } from './helpers';
import { adminCall, editorSession, type EditorSession } from './editor-helpers';
import { insertMemberFixtures, newMember } from './member-helpers';

const ORIGIN = 'https://www.example.com';
const FAST = {
  newsletterRatePerMin: 1_000_000,
  newsletterIntervalMs: 0,
  publicOrigins: { desktop: ORIGIN, mobile: ORIGIN },
};

async function addReport(t: TestApp, publishTime: number, itNumber = 901): Promise<number> {
  const row = await t.app.database.db
    .insertInto('weekly_reports')
    .values({
      year: 2026,
      number: 1,
      it_number: itNumber,
      week: '11.16-11.22',
      recommend: '本期导读',
      publish_time: publishTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function addSubscribers(t: TestApp, count: number, from = 100_000): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    member_id: from + i,
    email: `reader${from + i}@example.com`,
    active: 1,
    created_at: 1,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await t.app.database.db
      .insertInto('newsletter_subscribers')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** Counts what a process's provider was given, per address; `stopAfter` aborts that process's pass. */
function record(
  app: TestApp['app'],
  counts: Map<string, number>,
  stopAfter?: { n: number; abort: AbortController },
) {
  const provider = app.newsletter.provider;
  const send = provider.send.bind(provider);
  let seen = 0;
  provider.send = async (message: MailMessage) => {
    await send(message);
    counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
    if (stopAfter && ++seen >= stopAfter.n) stopAfter.abort.abort();
  };
}

describe.each(DIALECTS)('newsletter (%s)', (dialect) => {
  let t: TestApp;
  let editor: EditorSession;
  let reviewer: EditorSession;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertMemberFixtures(app.database), FAST);
    editor = await editorSession(t, 'nl-editor', 'editor');
    reviewer = await editorSession(t, 'nl-reviewer', 'reviewer');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('it_sub subscribes the member to every future issue; the member centre switches it and asks for an email', async () => {
    const report = await addReport(t, Date.now() - 1000);
    const m = await newMember(t);
    const sub = await t.call('it_sub', { report_id: report, email: 'Me@Example.org', ...m.identity });
    expect(sub).toMatchObject({ code: 0, msg: '订阅成功' });
    expect(await t.call('newsletter_get', m.identity)).toMatchObject({
      code: 0,
      data: { subscribed: true, email: 'me@example.org', bounced: false },
    });
    const off = await t.call('newsletter_set', { subscribed: false, ...m.identity });
    expect(off).toMatchObject({ code: 0, data: { subscribed: false, email: 'me@example.org' } });
    expect(
      await t.call('newsletter_set', { subscribed: true, email: 'not-an-email', ...m.identity }),
    ).toMatchObject({
      code: ErrorCode.Validation,
      msg: '请输入正确的邮箱',
    });
    expect(await t.call('newsletter_set', { subscribed: 'maybe', ...m.identity })).toMatchObject({
      code: ErrorCode.Validation,
    });
    // Not text where the address belongs: the field's own message (yup's trim() threw on a list).
    for (const email of [{ a: 1 }, ['a@example.org'], 5]) {
      const res = await t.call('newsletter_set', { subscribed: true, email, ...m.identity });
      expect(res, JSON.stringify(email)).toMatchObject({
        code: ErrorCode.Validation,
        msg: '请输入正确的邮箱',
      });
    }
    expect(await t.call('newsletter_get', {})).toMatchObject({ code: ErrorCode.SessionInvalid });
    // A member without an email is asked for one.
    await t.app.database.db.updateTable('members').set({ email: '' }).where('id', '=', m.id).execute();
    await t.app.database.db.deleteFrom('newsletter_subscribers').where('member_id', '=', m.id).execute();
    expect(await t.call('newsletter_set', { subscribed: true, ...m.identity })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '请先填写接收周刊的邮箱',
    });
    expect(
      await t.call('newsletter_set', { subscribed: true, email: 'new@example.org', ...m.identity }),
    ).toMatchObject({
      code: 0,
      data: { subscribed: true, email: 'new@example.org' },
    });
  });

  it('migrates per-issue subscriptions to one weekly subscription per member (newest address wins)', async () => {
    const db = t.app.database.db;
    const a = await newMember(t);
    const b = await newMember(t);
    await db.deleteFrom('newsletter_subscribers').execute();
    await db.deleteFrom('report_subscriptions').execute();
    await db
      .insertInto('report_subscriptions')
      .values([
        { member_id: a.id, report_id: 1, email: 'old@example.com', created_at: 10 },
        { member_id: a.id, report_id: 2, email: 'new@example.com', created_at: 20 },
        { member_id: b.id, report_id: 1, email: '', created_at: 30 },
      ])
      .execute();
    for (const table of ['newsletter_deliveries', 'newsletter_sends', 'newsletter_subscribers']) {
      await db.schema.dropTable(table).execute();
    }
    // The migration itself, again: later migrations are applied, so the migrator would not rerun it.
    await newsletterMigration.up(db as never, dialect);
    const rows = await db.selectFrom('newsletter_subscribers').selectAll().orderBy('member_id').execute();
    const own = await db
      .selectFrom('members')
      .select('email')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(rows.map((r) => [r.member_id, r.email, r.active, Number(r.created_at)])).toEqual([
      [a.id, 'new@example.com', 1, 10],
      [b.id, own.email, 1, 30],
    ]);
  });

  it('refuses an unpublished issue and one already sending (409), a bad test address (400), and other roles (403)', async () => {
    const future = await addReport(t, Date.now() + 3600_000);
    const res = await adminCall(t, editor, 'POST', `/reports/${future}/send`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ADMIN_MSG.newsletterUnpublished });
    expect((await adminCall(t, editor, 'POST', '/reports/987654/send', {})).statusCode).toBe(404);
    const bad = await adminCall(t, editor, 'POST', `/reports/${future}/send`, { testEmail: 'x@' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'testEmail' });
    expect((await adminCall(t, reviewer, 'GET', `/reports/${future}/send`)).statusCode).toBe(403);

    await t.app.database.db.deleteFrom('newsletter_subscribers').execute();
    await addSubscribers(t, 3, 500);
    const report = await addReport(t, Date.now() - 1000);
    const first = await adminCall(t, editor, 'POST', `/reports/${report}/send`, {});
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ total: 3, status: 'sending' });
    const again = await adminCall(t, editor, 'POST', `/reports/${report}/send`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ADMIN_MSG.newsletterSending });
    await t.app.newsletter.runOnce();
    const progress = await adminCall(t, editor, 'GET', `/reports/${report}/send`);
    expect(progress.json()).toMatchObject({ total: 3, sent: 3, failed: 0, pending: 0, status: 'done' });
    // A second start sends nobody twice.
    expect((await adminCall(t, editor, 'POST', `/reports/${report}/send`, {})).json()).toMatchObject({
      total: 3,
    });
  });

  it('writes RFC 5322 .eml files with both parts and the RFC 8058 headers; the one-click POST unsubscribes without a session', async () => {
    await t.app.database.db.deleteFrom('newsletter_subscribers').execute();
    await addSubscribers(t, 2, 700);
    const report = await addReport(t, Date.now() - 1000, 777);
    expect((await adminCall(t, editor, 'POST', `/reports/${report}/send`, {})).statusCode).toBe(202);
    await t.app.newsletter.runOnce();
    const file = path.join(t.config.dataDir!, 'mail-outbox', `weekly-${report}-700.eml`);
    const eml = fs.readFileSync(file, 'utf8');
    expect(eml).toContain('\r\n');
    expect(eml).toMatch(/^To: reader700@example\.com/m);
    expect(eml).toMatch(/^Subject: /m);
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /^List-Unsubscribe: <(https:\/\/[^>]+)>/m.exec(eml.replace(/\r\n[ \t]+/g, ' '));
    expect(link).not.toBeNull();
    const url = new URL(link![1]);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe(ONE_CLICK_PATH);
    const post = await t.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const row = await t.app.database.db
      .selectFrom('newsletter_subscribers')
      .select('active')
      .where('member_id', '=', 700)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(0);
    const progress = (await adminCall(t, editor, 'GET', `/reports/${report}/send`)).json();
    expect(progress).toMatchObject({ sent: 2, unsubscribed: 1 });
    // The next issue skips the member.
    const next = await addReport(t, Date.now() - 500, 778);
    expect((await adminCall(t, editor, 'POST', `/reports/${next}/send`, {})).json()).toMatchObject({
      total: 1,
    });
  });

  it('refuses a tampered or expired unsubscribe token with its own code, never a 500', async () => {
    const good = signUnsubscribeToken(TEST_TOKEN_SECRET, 42);
    expect(verifyUnsubscribeToken(TEST_TOKEN_SECRET, good)).toEqual({ memberId: 42 });
    const tampered = good.replace(/^42\./, '43.');
    expect(await t.call('newsletter_unsubscribe', { token: tampered })).toMatchObject({
      code: ErrorCode.UnsubscribeTokenInvalid,
    });
    const expired = signUnsubscribeToken(TEST_TOKEN_SECRET, 42, Date.now() - 10_000, 1000);
    expect(await t.call('newsletter_unsubscribe', { token: expired })).toMatchObject({
      code: ErrorCode.UnsubscribeTokenExpired,
    });
    expect(await t.call('newsletter_unsubscribe', { token: 'x'.repeat(300) })).toMatchObject({
      code: ErrorCode.Validation,
    });
    const wrongBody = await t.inject({
      method: 'POST',
      url: `${ONE_CLICK_PATH}?token=${good}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Maybe',
    });
    expect(wrongBody.statusCode).toBe(400);
    const bad = await t.inject({
      method: 'POST',
      url: `${ONE_CLICK_PATH}?token=${tampered}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.UnsubscribeTokenInvalid });
    // Hostile tokens, bodies and content types at the one-click address: a 4xx, never a 500.
    await fc.assert(
      fc.asyncProperty(hostileString, malformedBody, contentType, async (token, body, type) => {
        const res = await t.inject({
          method: 'POST',
          url: `${ONE_CLICK_PATH}?token=${safeEncode(token)}`,
          headers: type === undefined ? {} : { 'content-type': type },
          payload: body,
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    const get = await t.inject({ method: 'GET', url: `${ONE_CLICK_PATH}?token=${good}` });
    expect(get.statusCode).toBe(302);
    expect(get.headers.location).toBe(`${ORIGIN}/unsubscribe?token=${encodeURIComponent(good)}`);
  });

  it('sends 1,000 subscribers exactly once while a sender is killed mid-batch and two senders run at once', async () => {
    await t.app.newsletter.runOnce(); // the earlier tests' background passes are over
    await t.app.database.db.deleteFrom('newsletter_subscribers').execute();
    await addSubscribers(t, 1000, 10_000);
    const report = await addReport(t, Date.now() - 1000, 1000);
    // Queued as the POST does, without its background pass: this test runs each sender itself.
    expect(await startSend(t.app.database, report, 'test', Date.now())).toEqual({ started: 1000 });
    const counts = new Map<string, number>();
    // Process A: killed after 250 messages, in the middle of its second batch of 200.
    const abort = new AbortController();
    record(t.app, counts, { n: 250, abort });
    expect(await t.app.newsletter.runOnce({ signal: abort.signal })).toMatchObject({ sent: 250 });
    await t.app.close().catch(() => undefined);
    // Processes B and C on the same database, after A's claim ran out.
    const later = () => Date.now() + 60 * 60_000;
    const others = await Promise.all([1, 2].map(() => buildApp({ ...t.config, ...FAST })));
    for (const app of others) record(app, counts);
    await Promise.all(others.map((app) => app.newsletter.runOnce({ now: later })));
    expect(counts.size).toBe(1000);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const progress = await sendProgress(others[0].database, report);
    expect(progress).toMatchObject({ total: 1000, sent: 1000, pending: 0, failed: 0, status: 'done' });
    await Promise.all(others.map((app) => app.close()));
  }, 120_000);
});

describe('newsletter over SMTP', () => {
  let t: TestApp;
  let server: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce')) {
          const err = new Error('mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          return callback(err);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await startTestApp('sqlite', undefined, {
      ...FAST,
      mail: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'IT 周刊 <news@example.com>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers through SMTP; a 5xx marks the address and the next issue skips it', async () => {
    const db = t.app.database.db;
    await db
      .insertInto('newsletter_subscribers')
      .values([
        { member_id: 1, email: 'one@example.com', created_at: 1 },
        { member_id: 2, email: 'bounce@example.com', created_at: 1 },
      ])
      .execute();
    const editor = await editorSession(t, 'smtp-editor', 'editor');
    const report = await addReport(t, Date.now() - 1000, 55);
    await adminCall(t, editor, 'POST', `/reports/${report}/send`, {});
    await t.app.newsletter.runOnce();
    expect((await adminCall(t, editor, 'GET', `/reports/${report}/send`)).json()).toMatchObject({
      total: 2,
      sent: 1,
      failed: 1,
      status: 'done',
    });
    expect(received.map((r) => r.to)).toEqual([['one@example.com']]);
    expect(received[0].raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(received[0].raw).toContain('text/html');
    expect(received[0].raw).toMatch(/^From: .*news@example\.com/m);
    const bounced = await db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('member_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(bounced.bounced_at).not.toBeNull();
    const next = await addReport(t, Date.now() - 500, 56);
    expect((await adminCall(t, editor, 'POST', `/reports/${next}/send`, {})).json()).toMatchObject({
      total: 1,
    });
    // A test send goes to the one address, outside the queue.
    const test = await adminCall(t, editor, 'POST', `/reports/${next}/send`, {
      testEmail: 'editor@example.com',
    });
    expect(test.statusCode).toBe(200);
    expect(received.some((r) => r.to.includes('editor@example.com'))).toBe(true);
  });
});
