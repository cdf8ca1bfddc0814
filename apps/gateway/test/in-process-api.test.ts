import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createInProcessApi } from '../src/in-process-api';

function tokenApi() {
  const app = Fastify();
  let issued = 0;
  let valid = '';
  app.post('/api/accessToken', async (request) => {
    const body = request.body as { id?: string; secret?: string };
    if (body.id !== 'portal-web' || body.secret !== 's3cret')
      return { code: 10005, msg: '客户端凭证错误', data: null };
    valid = `t${++issued}`;
    return { code: 0, msg: '成功', data: { access_token: valid, expires_in: 120 } };
  });
  app.get('/api/get_news', async (request) =>
    request.headers.authorization === `Bearer ${valid}`
      ? { code: 0, msg: '成功', data: [{ id: 7 }] }
      : { code: 10004, msg: '访问凭证无效或已过期，请刷新页面', data: null },
  );
  app.post('/api/cate_list', async (request) => ({ code: 0, msg: '成功', data: request.body }));
  app.get('/api/get_loop', async (request) => ({ code: 0, msg: '成功', data: request.query }));
  return { app, issued: () => issued, revoke: () => (valid = 'revoked') };
}

describe('in-process api', () => {
  it('buys one token and reuses it', async () => {
    const fake = tokenApi();
    const api = createInProcessApi(fake.app, { clientId: 'portal-web', clientSecret: 's3cret' });
    const [a, b] = await Promise.all([api.get_news({}), api.get_news({})]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(fake.issued()).toBe(1);
  });
  it('renews the token before it expires', async () => {
    const fake = tokenApi();
    let now = 1_000_000;
    const api = createInProcessApi(fake.app, {
      clientId: 'portal-web',
      clientSecret: 's3cret',
      now: () => now,
    });
    await api.get_news({});
    now += 119_000; // one second before expiry: inside the renewal window
    await api.get_news({});
    expect(fake.issued()).toBe(2);
  });
  it('buys a new token once when the API rejects the current one', async () => {
    const fake = tokenApi();
    const api = createInProcessApi(fake.app, { clientId: 'portal-web', clientSecret: 's3cret' });
    await api.get_news({});
    fake.revoke();
    const res = await api.get_news({});
    expect(res.code).toBe(0);
    expect(fake.issued()).toBe(2);
  });
  it('sends POST payloads as JSON bodies and GET payloads as query strings', async () => {
    const fake = tokenApi();
    const api = createInProcessApi(fake.app, { clientId: 'portal-web', clientSecret: 's3cret' });
    const post = await api.cate_list({ cat_id: 56, page: 2, pageSize: 21 });
    expect(post.data).toEqual({ cat_id: 56, page: 2, pageSize: 21 });
    const get = await api.get_loop({ type: 'mobile' });
    expect(get.data).toEqual({ type: 'mobile' });
  });
  it('answers an envelope, not a throw, when the credential is refused', async () => {
    const fake = tokenApi();
    const api = createInProcessApi(fake.app, { clientId: 'portal-web', clientSecret: 'wrong' });
    fake.app.log.level = 'silent';
    const res = await api.get_news({});
    expect(res.code).toBe(10500);
    expect(res.msg).toBe('服务器繁忙，请稍后再试');
  });
});
