import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '@portal/api-client/codes';
import { ErrorCode } from '@portal/api-client/codes';
import { MEMBER_HEADERS } from '@portal/api-client/constants';
import { logCollector, startTestApp, TEST_CLIENT, type TestApp } from './helpers';
import { insertMemberFixtures, registration } from './member-helpers';

/**
 * Issue 11, hole 8: the spec lets a client put stoken in a GET query, and the request log records
 * the URL. No line may carry a stoken, password, client secret or access token.
 */
describe('request logs keep secrets out', () => {
  const { lines, runtime } = logCollector();
  let t: TestApp;
  let app: FastifyInstance;
  let bearer = '';
  let member = { id: 0, stoken: '' };
  const password = 'pw-visible-123';

  beforeAll(async () => {
    t = await startTestApp('sqlite', (a) => insertMemberFixtures(a.database), { logLevel: 'info' }, runtime);
    app = t.app;
    bearer = t.token;
    const body = registration({ password });
    await t.call('member_register', body);
    const login = await t.call<{ id: number; stoken: string }>('member_login', {
      username: body.username,
      password,
    });
    member = login.data;
  });
  afterAll(async () => t?.close());

  it('a member GET with stoken in the query succeeds and logs its URL without the stoken', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: `/api/space_channel?stoken=${encodeURIComponent(member.stoken)}&member_id=${member.id}&code=123456`,
      headers: { authorization: `Bearer ${bearer}`, cookie: 'session=cookie-secret' },
    });
    expect((res.json() as Envelope<unknown>).code).toBe(ErrorCode.Ok);
    const log = lines.join('');
    // The request was logged (so the assertions below read a real line), with its URL redacted.
    expect(log).toContain('/api/space_channel?stoken=[REDACTED]');
    expect(log).toContain('code=[REDACTED]');
    for (const secret of [member.stoken, bearer, 'cookie-secret', '123456'])
      expect(log).not.toContain(secret);
  });

  it('no line of a whole session carries a password, client secret or token', async () => {
    const log = lines.join('');
    expect(member.stoken).not.toBe('');
    for (const secret of [member.stoken, bearer, password, TEST_CLIENT.secret])
      expect(log).not.toContain(secret);
  });

  it('a logged object is scrubbed by name before it is written', () => {
    lines.length = 0;
    app.log.info(
      { body: { password, code: '654321' }, headers: { authorization: `Bearer ${bearer}` }, code: 'E1' },
      'x',
    );
    const log = lines.join('');
    expect(log).toContain('"code":"E1"');
    for (const secret of [password, '654321', bearer]) expect(log).not.toContain(secret);
  });

  it('accepts the identity in the MEMBER_HEADERS pair, so the clients keep it out of URLs', async () => {
    const headers = { authorization: `Bearer ${bearer}` };
    const ok = await app.inject({
      method: 'GET',
      url: '/api/space_channel',
      headers: {
        ...headers,
        [MEMBER_HEADERS.stoken]: member.stoken,
        [MEMBER_HEADERS.memberId]: String(member.id),
      },
    });
    expect((ok.json() as Envelope<unknown>).code).toBe(ErrorCode.Ok);
    const wrong = await app.inject({
      method: 'GET',
      url: '/api/space_channel',
      headers: {
        ...headers,
        [MEMBER_HEADERS.stoken]: 'not-a-session',
        [MEMBER_HEADERS.memberId]: String(member.id),
      },
    });
    expect((wrong.json() as Envelope<unknown>).code).toBe(ErrorCode.SessionInvalid);
  });
});
