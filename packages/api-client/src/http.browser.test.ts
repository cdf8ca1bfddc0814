// @vitest-environment jsdom
import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { expect, it } from 'vitest';
import { createHttpTransport } from './http';

it('in a browser calls the same origin: /api/{name} with an empty base URL', async () => {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const data =
      config.url === '/api/accessToken'
        ? { code: 0, msg: '', data: { access_token: 't', expires_in: 60 } }
        : { code: 0, msg: '', data: [] };
    return { data, status: 200, statusText: 'OK', headers: new AxiosHeaders(), config };
  };
  expect(typeof window).toBe('object');
  await createHttpTransport({ adapter })('get_news', {});
  expect(seen.map((c) => [c.baseURL, c.url])).toEqual([
    ['', '/api/accessToken'],
    ['', '/api/get_news'],
  ]);
});

it('buys its token with the credential rendered into the document, not a compiled-in one', async () => {
  const bodies: unknown[] = [];
  const adapter: AxiosAdapter = async (config) => {
    if (config.url === '/api/accessToken') bodies.push(JSON.parse(String(config.data)));
    const data = {
      code: 0,
      msg: '',
      data: config.url === '/api/accessToken' ? { access_token: 't', expires_in: 60 } : [],
    };
    return { data, status: 200, statusText: 'OK', headers: new AxiosHeaders(), config };
  };
  document.head.innerHTML =
    '<meta name="portal-client-id" content="operator-web"><meta name="portal-client-secret" content="operator-secret">';
  try {
    await createHttpTransport({ adapter })('get_news', {});
  } finally {
    document.head.innerHTML = '';
  }
  expect(bodies).toEqual([{ id: 'operator-web', secret: 'operator-secret' }]);
});
