import { describe, expect, it } from 'vitest';
import { createHttpTransport } from './http';

/**
 * Runs axios's real fetch adapter against a fake fetch, so the bytes that would go on the wire
 * (URL with query, JSON body, multipart body, headers) are checked, not only axios's config.
 */
function wire() {
  const requests: Request[] = [];
  const fakeFetch = async (input: URL | Request | string, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const data = request.url.endsWith('/api/accessToken')
      ? { access_token: 'wire-token', expires_in: 3600 }
      : { echoed: true };
    return new Response(JSON.stringify({ code: 0, msg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const send = createHttpTransport({
    adapter: 'fetch',
    baseURL: 'http://api.test',
    getMember: () => ({ id: 5, stoken: 'st 5&x' }),
  });
  send.axios.defaults.env = { ...send.axios.defaults.env, fetch: fakeFetch };
  return { send, requests };
}

describe('on the wire (axios fetch adapter)', () => {
  it('puts the GET payload in the query string, the identity and bearer token in headers', async () => {
    const { send, requests } = wire();
    const result = await send('get_loop', { type: 'mobile' });
    expect(result).toEqual({ code: 0, msg: '', data: { echoed: true } });
    const [token, get] = requests;
    expect(token?.method).toBe('POST');
    expect(await token?.json()).toEqual({ id: 'portal-web', secret: 'portal-dev-secret' });
    const url = new URL(get?.url ?? '');
    expect(url.pathname).toBe('/api/get_loop');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'mobile' });
    expect(get?.headers.get('authorization')).toBe('Bearer wire-token');
    expect(get?.headers.get('x-stoken')).toBe('st 5&x');
    expect(get?.headers.get('x-member-id')).toBe('5');
  });

  it('sends POST and DELETE payloads as JSON with the identity', async () => {
    const { send, requests } = wire();
    await send('space_list', { page: 1, pageSize: 10 });
    await send('space_delete_article', { id: 4 });
    const [, post, del] = requests;
    expect(post?.headers.get('content-type')).toContain('application/json');
    expect(await post?.json()).toEqual({ page: 1, pageSize: 10, stoken: 'st 5&x', member_id: 5 });
    expect(del?.method).toBe('DELETE');
    expect(await del?.json()).toEqual({ id: 4, stoken: 'st 5&x', member_id: 5 });
  });

  it('sends uploads as multipart with the file and the identity fields', async () => {
    const { send, requests } = wire();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'me.jpg');
    await send('member_upload', form);
    const upload = requests[1];
    expect(upload?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const parts = await upload?.formData();
    expect(parts?.get('stoken')).toBe('st 5&x');
    expect(parts?.get('member_id')).toBe('5');
    const file = parts?.get('file');
    expect(file).toBeInstanceOf(Blob);
    expect((file as File).name).toBe('me.jpg');
  });
});
