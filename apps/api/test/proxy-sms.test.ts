import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '@portal/api-client/admin';
import { addEditor, adminLogin, EDITOR_PASSWORD } from './editor-helpers';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { dragProof, insertMemberFixtures, newMember } from './member-helpers';

/** Issue 23 items 7 and 8: the back office cookie behind a TLS proxy, and SMS codes out of the logs. */

const PRODUCTION = {
  nodeEnv: 'production',
  tokenSecret: randomBytes(32).toString('hex'),
} as const;

describe('the back office cookie behind a proxy that ends HTTPS', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  /** Signs in through a proxy that forwards `X-Forwarded-Proto: http` (nginx behind a load balancer). */
  async function sessionCookie(publicOrigin: string) {
    const t = await startTestApp('sqlite', undefined, {
      publicOrigins: { desktop: publicOrigin, mobile: publicOrigin },
    });
    apps.push(t);
    await addEditor(t, 'chief', 'admin');
    const res = await adminLogin(t, 'chief', EDITOR_PASSWORD, {
      headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.5' },
    });
    expect(res.statusCode).toBe(200);
    return res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
  }

  it('is Secure when PUBLIC_ORIGIN is https, whatever the inner hop says', async () => {
    expect(await sessionCookie('https://www.example.com')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });
  });

  it('is not Secure on a plain-http origin (development), where a Secure cookie would be dropped', async () => {
    expect((await sessionCookie('http://localhost:8080')).secure).toBeFalsy();
  });
});

describe.each(DIALECTS)('SMS codes in production never reach a log line (%s)', (dialect) => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      (app) => insertMemberFixtures(app.database),
      // A staging host: production, the outbox allowed by name, everything logged.
      { ...PRODUCTION, smsOutboxInProduction: true, logLevel: 'trace' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => t?.close());

  it('sends to the outbox file only; no line at trace level carries the code, sent or used', async () => {
    const member = await newMember(t);
    lines.length = 0;
    expect(await t.call('send_sms', { mobile: member.mobile })).toMatchObject({ code: 0 });
    const outbox = fs.readFileSync(path.join(t.config.dataDir!, 'sms-outbox.log'), 'utf8');
    const code = outbox
      .split('\n')
      .find((l) => l.startsWith(`${member.mobile}\t`))
      ?.split('\t')[1];
    expect(code).toMatch(/^\d{6}$/);
    // The code works (so it is the one sent), and is used in a request body and a query string.
    const reset = await t.call('reset_password', {
      mobile: member.mobile,
      code,
      password: 'newpass123',
      drag_verify: await dragProof(t),
    });
    expect(reset).toMatchObject({ code: 0 });
    await t.inject({ method: 'GET', url: `/api/space_channel?code=${code}&mobile_code=${code}` });

    t.app.log.trace('trace probe');
    const log = lines.join('');
    // The capture is real: trace lines reach it, and the outbox's own line is there without the code.
    expect(log).toContain('"level":10');
    expect(log).toContain('trace probe');
    expect(log).toContain('sms outbox: a code for');
    expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
    expect(log).not.toContain(member.mobile);
  });
});
