import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, ErrorCode } from './codes';
import { HTTP_TIMEOUT_MS } from './constants';
import {
  createBrowserApi,
  createHttpTransport,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  LOCAL_API_URL,
  TRANSPORT_MESSAGES,
  type HttpTransportOptions,
} from './http';

interface Seen {
  url: string;
  method: string;
  authorization: string | undefined;
  params: Record<string, unknown> | undefined;
  body: unknown;
  config: InternalAxiosRequestConfig;
}

type Reply = { status?: number; data: unknown; headers?: Record<string, string> } | Error;

/** A fake network: records each request and answers from `handler` (an envelope by default). */
function fakeServer(
  handler: (seen: Seen, calls: Seen[]) => Reply | Promise<Reply>,
  { ownTokens = false } = {},
) {
  const calls: Seen[] = [];
  let issued = 0;
  const adapter: AxiosAdapter = async (config) => {
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const seen: Seen = {
      url: config.url ?? '',
      method: (config.method ?? 'get').toUpperCase(),
      authorization: config.headers.get('Authorization') as string | undefined,
      params: config.params,
      body,
      config,
    };
    calls.push(seen);
    const reply =
      // Token purchases get numbered tokens unless the test answers them itself.
      seen.url === '/api/accessToken' && !ownTokens
        ? { data: { code: 0, msg: '', data: { access_token: `token-${++issued}`, expires_in: 7200 } } }
        : await handler(seen, calls);
    if (reply instanceof Error) throw reply;
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status ?? 200,
      statusText: 'OK',
      headers: new AxiosHeaders(reply.headers ?? { 'content-type': 'application/json' }),
      config,
    };
    return response;
  };
  return { adapter, calls, apiCalls: () => calls.filter((c) => c.url !== '/api/accessToken') };
}

const ok = (data: unknown = null, extra: Record<string, unknown> = {}): Reply => ({
  data: { code: 0, msg: '', data, ...extra },
});

function transportWith(server: ReturnType<typeof fakeServer>, options: HttpTransportOptions = {}) {
  return createHttpTransport({ adapter: server.adapter, ...options });
}

describe('access token', () => {
  it('buys one token with the client credential and reuses it', async () => {
    const server = fakeServer(() => ok([]));
    const send = transportWith(server);
    await send('get_news', {});
    await send('cate_list', { cat_id: 56, page: 1, pageSize: 21 });

    const purchases = server.calls.filter((c) => c.url === '/api/accessToken');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.method).toBe('POST');
    expect(purchases[0]?.body).toEqual({ id: DEFAULT_CLIENT_ID, secret: DEFAULT_CLIENT_SECRET });
    expect(purchases[0]?.authorization).toBeUndefined();
    expect(server.apiCalls().map((c) => c.authorization)).toEqual(['Bearer token-1', 'Bearer token-1']);
  });

  it('shares one purchase between concurrent first calls', async () => {
    const server = fakeServer(() => ok([]));
    const send = transportWith(server, { clientId: 'web-2', clientSecret: 's2' });
    await Promise.all([send('get_news', {}), send('get_policy', {}), send('dropMenu', {})]);
    const purchases = server.calls.filter((c) => c.url === '/api/accessToken');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.body).toEqual({ id: 'web-2', secret: 's2' });
    expect(new Set(server.apiCalls().map((c) => c.authorization))).toEqual(new Set(['Bearer token-1']));
  });

  it('buys a new token once when a call answers TokenInvalid, then retries the call', async () => {
    const server = fakeServer((seen, calls) => {
      const rejected = calls.filter((c) => c.url === '/api/get_news').length === 1;
      if (seen.url === '/api/get_news' && rejected)
        return { status: 401, data: { code: ErrorCode.TokenInvalid, msg: '过期', data: null } };
      return ok(['fresh']);
    });
    const send = transportWith(server);
    const result = await send('get_news', {});
    expect(result).toEqual({ code: 0, msg: '', data: ['fresh'] });
    expect(server.calls.map((c) => [c.url, c.authorization])).toEqual([
      ['/api/accessToken', undefined],
      ['/api/get_news', 'Bearer token-1'],
      ['/api/accessToken', undefined],
      ['/api/get_news', 'Bearer token-2'],
    ]);
    // The new token is kept for later calls.
    await send('get_policy', {});
    expect(server.calls.at(-1)?.authorization).toBe('Bearer token-2');
  });

  it('retries only once, so a token the server keeps refusing cannot loop', async () => {
    const server = fakeServer(() => ({
      data: { code: ErrorCode.TokenInvalid, msg: '访问凭证无效', data: null },
    }));
    const result = await transportWith(server)('get_news', {});
    expect(result).toEqual({ code: ErrorCode.TokenInvalid, msg: '访问凭证无效', data: null });
    expect(server.apiCalls()).toHaveLength(2);
  });

  it('resolves with the purchase failure instead of throwing, and tries again on the next call', async () => {
    let refuse = true;
    const handler = (seen: Seen): Reply => {
      if (seen.url === '/api/accessToken') {
        return refuse
          ? { status: 401, data: { code: ErrorCode.ClientInvalid, msg: '客户端凭证错误', data: null } }
          : ok({ access_token: 'late-token', expires_in: 60 });
      }
      return ok('news');
    };
    const server = fakeServer(handler, { ownTokens: true });
    const send = transportWith(server);
    expect(await send('get_news', {})).toEqual({
      code: ErrorCode.ClientInvalid,
      msg: '客户端凭证错误',
      data: null,
    });
    expect(server.apiCalls()).toHaveLength(0);
    refuse = false;
    expect(await send('get_news', {})).toMatchObject({ code: 0, data: 'news' });
    expect(server.apiCalls()[0]?.authorization).toBe('Bearer late-token');
  });

  it('buys a new token before the old one expires (expires_in is in seconds)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.UTC(2026, 0, 1);
      vi.setSystemTime(start);
      // The fake issues tokens with expires_in 7200 s.
      const server = fakeServer(() => ok());
      const send = transportWith(server);
      await send('get_news', {});
      vi.setSystemTime(start + 3600 * 1000);
      await send('get_news', {});
      vi.setSystemTime(start + 7200 * 1000);
      await send('get_news', {});
      expect(server.apiCalls().map((c) => c.authorization)).toEqual([
        'Bearer token-1',
        'Bearer token-1',
        'Bearer token-2',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('buys again after resetAccessToken()', async () => {
    const server = fakeServer(() => ok());
    const send = transportWith(server);
    await send('get_news', {});
    send.resetAccessToken();
    await send('get_news', {});
    expect(server.apiCalls().map((c) => c.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });
});

describe('methods and member identity', () => {
  const member = { id: 42, stoken: 'st-abc' };

  it('sends GET payloads as query parameters and POST/DELETE payloads as JSON bodies', async () => {
    const server = fakeServer(() => ok());
    const send = transportWith(server);
    await send('get_loop', { type: 'mobile' });
    await send('cate_list', { cat_id: 56, page: 2, pageSize: 21 });
    await send('space_delete_article', { id: 7 });
    const [get, post, del] = server.apiCalls();
    expect(get).toMatchObject({ method: 'GET', url: '/api/get_loop', params: { type: 'mobile' } });
    expect(get?.body).toBeUndefined();
    expect(post).toMatchObject({
      method: 'POST',
      url: '/api/cate_list',
      body: { cat_id: 56, page: 2, pageSize: 21 },
    });
    expect(del).toMatchObject({ method: 'DELETE', url: '/api/space_delete_article', body: { id: 7 } });
  });

  it('sends the member in headers on every call, in POST/DELETE bodies too, and never in a URL', async () => {
    const server = fakeServer(() => ok());
    const send = transportWith(server, { getMember: () => member });
    await send('space_channel', {});
    await send('get_loop', { type: 'mobile' });
    await send('space_list', { page: 1, pageSize: 10 });
    await send('space_delete_article', { id: 9 });
    const [memberGet, publicGet, post, del] = server.apiCalls();
    for (const call of server.apiCalls()) {
      expect(call.config.headers.get('x-stoken')).toBe('st-abc');
      expect(call.config.headers.get('x-member-id')).toBe('42');
      // Nothing of the identity in the URL axios builds (issue 11, hole 8: URLs are logged).
      const url = send.axios.getUri(call.config);
      expect(url).not.toContain('st-abc');
      expect(url).not.toContain('member_id');
    }
    expect(memberGet?.params).toEqual({});
    expect(publicGet?.params).toEqual({ type: 'mobile' });
    expect(post?.body).toEqual({ page: 1, pageSize: 10, stoken: 'st-abc', member_id: 42 });
    expect(del?.body).toEqual({ id: 9, stoken: 'st-abc', member_id: 42 });
    // The credential purchase never carries the member.
    expect(server.calls[0]?.body).toEqual({ id: DEFAULT_CLIENT_ID, secret: DEFAULT_CLIENT_SECRET });
    expect(server.calls[0]?.config.headers.get('x-stoken')).toBeUndefined();
  });

  it('reads the member on every request, so logout takes effect at once', async () => {
    let current: typeof member | null = member;
    const server = fakeServer(() => ok());
    const send = transportWith(server, { getMember: () => current });
    await send('get_news', {});
    current = null;
    await send('get_news', {});
    expect(server.apiCalls().map((c) => c.config.headers.get('x-stoken'))).toEqual(['st-abc', undefined]);
  });

  it('does not copy the identity into the caller object', async () => {
    const server = fakeServer(() => ok());
    const payload = { page: 1, pageSize: 10 };
    await transportWith(server, { getMember: () => member })('space_list', payload);
    expect(payload).toEqual({ page: 1, pageSize: 10 });
  });

  it('sends multipart uploads as FormData with the identity appended', async () => {
    const server = fakeServer(() => ok('/uploads/avatar/1.png'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'a.png');
    const result = await transportWith(server, { getMember: () => member })('member_upload', form);
    expect(result.data).toBe('/uploads/avatar/1.png');
    const sent = server.apiCalls()[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    const fields = sent as FormData;
    expect(fields.get('stoken')).toBe('st-abc');
    expect(fields.get('member_id')).toBe('42');
    expect(fields.get('file')).toBeInstanceOf(Blob);
  });

  it('keeps the identity on a TokenInvalid retry', async () => {
    const server = fakeServer((seen, calls) =>
      calls.filter((c) => c.url === seen.url).length === 1 && seen.url !== '/api/accessToken'
        ? { data: { code: ErrorCode.TokenInvalid, msg: '', data: null } }
        : ok(),
    );
    await transportWith(server, { getMember: () => member })('space_list', { page: 1, pageSize: 10 });
    const [first, retry] = server.apiCalls();
    expect(first?.body).toEqual({ page: 1, pageSize: 10, stoken: 'st-abc', member_id: 42 });
    expect(retry?.body).toEqual(first?.body);
    expect(retry?.authorization).toBe('Bearer token-2');
  });
});

describe('responses', () => {
  it('returns the envelope with total', async () => {
    const server = fakeServer(() => ok([{ id: 1 }], { total: 99, extra: 'dropped' }));
    expect(await transportWith(server)('cate_list', { cat_id: 56, page: 1, pageSize: 21 })).toEqual({
      code: 0,
      msg: '',
      data: [{ id: 1 }],
      total: 99,
    });
  });

  it('calls onSessionInvalid with the server msg on 10001 and still resolves the envelope', async () => {
    const onSessionInvalid = vi.fn();
    const msg = ERROR_MESSAGES[ErrorCode.SessionInvalid];
    const server = fakeServer(() => ({ data: { code: ErrorCode.SessionInvalid, msg, data: null } }));
    const send = transportWith(server, { getMember: () => ({ id: 1, stoken: 'old' }), onSessionInvalid });
    const result = await send('member_info', { id: 1 });
    expect(result.code).toBe(ErrorCode.SessionInvalid);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(onSessionInvalid).toHaveBeenCalledWith('无效的会话，或者会话已过期，请重新登录。');
  });

  it('does not call onSessionInvalid for other codes', async () => {
    const onSessionInvalid = vi.fn();
    const server = fakeServer(() => ({
      data: { code: ErrorCode.VendorUnregistered, msg: '未注册', data: null },
    }));
    const result = await transportWith(server, { onSessionInvalid })('vendor_login', {
      mobile: '13812345678',
    });
    expect(result).toEqual({ code: ErrorCode.VendorUnregistered, msg: '未注册', data: null });
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('passes PDF responses through untouched', async () => {
    const pdf = '%PDF-1.7 binary';
    const server = fakeServer(() => ({ data: pdf, headers: { 'content-type': 'application/pdf' } }));
    const send = transportWith(server, { getMember: () => ({ id: 1, stoken: 'secret-stoken' }) });
    const response = (await send.axios.get('/uploads/seed/paper.pdf')) as AxiosResponse<string>;
    expect(response.data).toBe(pdf);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // A file outside /api gets neither a token purchase nor the member's stoken in its URL.
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.params).toBeUndefined();
    expect(server.calls[0]?.authorization).toBeUndefined();
  });

  it('passes a PDF answered by an API call through untouched, with credentials sent', async () => {
    const server = fakeServer(() => ({
      data: '%PDF',
      headers: { 'content-type': 'application/pdf; charset=binary' },
    }));
    const send = transportWith(server);
    const response = (await send.axios.post('/api/doc_detail', { id: 1 })) as AxiosResponse<string>;
    expect(response.data).toBe('%PDF');
    expect(server.apiCalls()[0]?.authorization).toBe('Bearer token-1');
  });

  it('passes blob and arraybuffer responses through untouched', async () => {
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const server = fakeServer(() => ({
      data: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    }));
    const response = (await transportWith(server).axios.get('/file', {
      responseType: 'arraybuffer',
    })) as AxiosResponse<ArrayBuffer>;
    expect(response.data).toBe(bytes);
  });

  it('resolves a timeout as a ServerError envelope with a Chinese message', async () => {
    const server = fakeServer(
      ({ config }) =>
        new AxiosError(`timeout of ${HTTP_TIMEOUT_MS}ms exceeded`, AxiosError.ECONNABORTED, config),
    );
    const result = await transportWith(server)('get_news', {});
    expect(result).toEqual({ code: ErrorCode.ServerError, msg: TRANSPORT_MESSAGES.timeout, data: null });
    expect(TRANSPORT_MESSAGES.timeout).toBe('请求超时，请稍后重试');
  });

  it('resolves a network failure as a ServerError envelope', async () => {
    const server = fakeServer(
      ({ config }) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config),
    );
    expect(await transportWith(server)('get_news', {})).toEqual({
      code: ErrorCode.ServerError,
      msg: TRANSPORT_MESSAGES.network,
      data: null,
    });
  });

  it('resolves a failing token purchase (network down) as an envelope too', async () => {
    const handler = ({ config }: Seen) => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const result = await transportWith(fakeServer(handler, { ownTokens: true }))('get_news', {});
    expect(result).toEqual({ code: ErrorCode.ServerError, msg: TRANSPORT_MESSAGES.network, data: null });
  });

  it('turns a body that is not an envelope into a ServerError envelope', async () => {
    const html = fakeServer(() => ({
      status: 502,
      data: '<html>Bad Gateway</html>',
      headers: { 'content-type': 'text/html' },
    }));
    expect(await transportWith(html)('get_news', {})).toEqual({
      code: ErrorCode.ServerError,
      msg: ERROR_MESSAGES[ErrorCode.ServerError],
      data: null,
    });
  });

  it('keeps the envelope of an HTTP error status', async () => {
    const server = fakeServer(() => ({
      status: 400,
      data: { code: ErrorCode.Validation, msg: '手机号格式不正确', data: null },
    }));
    expect(await transportWith(server)('send_sms', { mobile: '1' })).toEqual({
      code: ErrorCode.Validation,
      msg: '手机号格式不正确',
      data: null,
    });
  });
});

describe('configuration', () => {
  it('on a server defaults to the local address and the 30 s timeout', async () => {
    const server = fakeServer(() => ok());
    await transportWith(server)('get_news', {});
    expect(server.calls[0]?.config.baseURL).toBe(LOCAL_API_URL);
    expect(server.calls[0]?.config.timeout).toBe(HTTP_TIMEOUT_MS);
    expect(LOCAL_API_URL).toBe('http://127.0.0.1:8080');
  });

  it('uses a configured base URL and timeout', async () => {
    const server = fakeServer(() => ok());
    await transportWith(server, { baseURL: 'http://api.internal:3001', timeout: 5000 })('get_news', {});
    expect(server.calls[1]?.config.baseURL).toBe('http://api.internal:3001');
    expect(server.calls[1]?.config.timeout).toBe(5000);
  });

  it('createBrowserApi gives a typed call per endpoint over the same transport', async () => {
    const server = fakeServer((seen) =>
      ok(seen.url === '/api/get_city' ? [{ label: '广州市', value: '广州市' }] : null),
    );
    const api = createBrowserApi({ adapter: server.adapter });
    const cities = await api.get_city({ title: '广东省' });
    expect(cities.data).toEqual([{ label: '广州市', value: '广州市' }]);
    expect(server.apiCalls()[0]).toMatchObject({ method: 'POST', body: { title: '广东省' } });
  });
});
