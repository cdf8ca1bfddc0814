import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
import { endpoints, type EndpointName } from '@portal/api-client/contract';
import { signAccessToken } from '../src/lib/token';
import { DIALECTS, TEST_CLIENT, TEST_TOKEN_SECRET, startTestApp, type TestApp } from './helpers';
import { VENDOR_USER_ID, insertFixtures } from './fixtures';

describe.each(DIALECTS)('API core on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  describe('accessToken', () => {
    it('issues a token with its lifetime for the configured client', async () => {
      const res = await t.call<{ access_token: string; expires_in: number }>('accessToken', TEST_CLIENT, {
        token: null,
      });
      expect(res.code).toBe(0);
      expect(res.data.access_token).toMatch(/^[\w-]+\.[\w-]+$/);
      expect(res.data.expires_in).toBe(7200);
    });

    it('refuses a wrong secret or id', async () => {
      for (const payload of [
        { ...TEST_CLIENT, secret: 'wrong' },
        { ...TEST_CLIENT, id: 'portal-web' },
      ]) {
        const res = await t.call('accessToken', payload, { token: null });
        expect(res).toMatchObject({
          code: ErrorCode.ClientInvalid,
          msg: ERROR_MESSAGES[ErrorCode.ClientInvalid],
          data: null,
        });
      }
    });

    it('reports missing fields in Chinese', async () => {
      const res = await t.call('accessToken', { id: TEST_CLIENT.id }, { token: null });
      expect(res).toMatchObject({ code: ErrorCode.Validation, msg: '客户端密钥不能为空' });
    });
  });

  describe('access token checks', () => {
    const invalid = { code: ErrorCode.TokenInvalid, msg: ERROR_MESSAGES[ErrorCode.TokenInvalid], data: null };

    it('accepts a valid token', async () => {
      expect((await t.call('get_news')).code).toBe(0);
    });

    it('refuses a missing token', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/get_news' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(invalid);
    });

    it('refuses a malformed, forged or expired token', async () => {
      const [body] = t.token.split('.');
      const forgedClaims = Buffer.from(JSON.stringify({ cid: TEST_CLIENT.id, exp: 4_102_444_800 })).toString(
        'base64url',
      );
      const tokens = [
        'garbage',
        `${body}.AAAA`,
        `${forgedClaims}.${t.token.split('.')[1]}`,
        signAccessToken('another-secret', TEST_CLIENT.id),
        signAccessToken(TEST_TOKEN_SECRET, TEST_CLIENT.id, Date.now() - 3 * 3600_000),
      ];
      for (const token of tokens) expect(await t.call('get_news', {}, { token })).toEqual(invalid);
      const basic = await t.call(
        'get_news',
        {},
        { token: null, headers: { authorization: `Basic ${t.token}` } },
      );
      expect(basic).toEqual(invalid);
    });

    it('guards POST calls before reading their body', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/cate_list',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.json()).toEqual(invalid);
    });
  });

  describe('request errors', () => {
    const post = (url: string, payload: string, contentType = 'application/json') =>
      t.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${t.token}`, 'content-type': contentType },
      });

    it('answers malformed JSON with BadRequest', async () => {
      const res = await post('/api/cate_list', '{"cat_id": 1,');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: ErrorCode.BadRequest,
        msg: ERROR_MESSAGES[ErrorCode.BadRequest],
        data: null,
      });
    });

    it('keeps prototype-poisoning protection', async () => {
      for (const body of [
        '{"__proto__": {"admin": true}}',
        '{"constructor": {"prototype": {"admin": true}}}',
      ]) {
        const res = await post('/api/cate_list', body);
        expect(res.json().code).toBe(ErrorCode.BadRequest);
      }
    });

    it('answers a non-object JSON body with BadRequest', async () => {
      for (const body of ['[1,2]', '"text"', '42']) {
        expect((await post('/api/cate_list', body)).json().code).toBe(ErrorCode.BadRequest);
      }
    });

    it('treats an empty JSON body as an empty payload', async () => {
      const res = await post('/api/get_schoolTop', '');
      expect(res.json().code).toBe(0);
    });

    it('refuses bodies over 1 MB and unsupported media types', async () => {
      const big = await post('/api/cate_list', JSON.stringify({ cat_id: 0, pad: 'x'.repeat(1_100_000) }));
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe(ErrorCode.BadRequest);
      const xml = await post('/api/cate_list', '<a/>', 'application/xml');
      expect(xml.json().code).toBe(ErrorCode.BadRequest);
    });

    it('answers unknown calls and wrong methods with UnknownCall and 404', async () => {
      for (const [method, url] of [
        ['GET', '/api/no_such_call'],
        ['POST', '/api/get_news'],
        ['GET', '/api/cate_list'],
        ['GET', '/somewhere'],
      ] as const) {
        const res = await t.inject({ method, url, headers: { authorization: `Bearer ${t.token}` } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          code: ErrorCode.UnknownCall,
          msg: ERROR_MESSAGES[ErrorCode.UnknownCall],
          data: null,
        });
      }
    });

    it('strips unknown keys instead of failing', async () => {
      const res = await t.call<unknown[]>('cate_list', {
        cat_id: 694,
        page: 1,
        pageSize: 2,
        extra: 'x',
        stoken: 'y',
      });
      expect(res.code).toBe(0);
      expect(res.data).toHaveLength(2);
    });
  });

  it('hides the details of unexpected failures behind ServerError (HTTP 500)', async () => {
    const site = await import('../src/repositories/site');
    const spy = vi
      .spyOn(site, 'listMenus')
      .mockRejectedValue(new Error('connection string postgres://secret'));
    try {
      const res = await t.inject({
        method: 'GET',
        url: '/api/smallMenu',
        headers: { authorization: `Bearer ${t.token}` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: ErrorCode.ServerError,
        msg: ERROR_MESSAGES[ErrorCode.ServerError],
        data: null,
      });
      expect(res.body).not.toContain('secret');
    } finally {
      spy.mockRestore();
    }
  });

  describe('vendor access (vendor_log)', () => {
    it('refuses a user_id that no vendor login created', async () => {
      for (const user_id of ['unknown-user', 'vendor-user-2']) {
        const res = await t.call('vendor_log', { meetName: '大会', user_id });
        expect(res).toMatchObject({ code: ErrorCode.Forbidden, msg: '请先使用手机号登录', data: null });
      }
    });

    it('lets a known vendor user through to the call', async () => {
      const res = await t.call('vendor_log', { meetName: '大会', user_id: VENDOR_USER_ID });
      expect(res.code).not.toBe(ErrorCode.Forbidden);
      expect(res.code).not.toBe(ErrorCode.ServerError);
    });
  });

  it('routes every public read call of the contract this app serves with its method', async () => {
    const served = t.app.printRoutes({ commonPrefix: false });
    const mine: EndpointName[] = [
      'get_category',
      'search_list',
      'article_pv',
      'it_sub',
      'get_expert',
      'doc_detail',
      'handle404',
    ];
    for (const name of mine) {
      expect(served).toContain(`/api/${name}`);
      expect(t.app.hasRoute({ method: endpoints[name].method, url: `/api/${name}` })).toBe(true);
    }
  });
});
