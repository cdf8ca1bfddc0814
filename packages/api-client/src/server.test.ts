import { describe, expect, it } from 'vitest';
import { createApi, type Api } from './api';
import { fallbackApi, serverApi } from './server';

describe('serverApi', () => {
  it('uses the api the gateway put in the load context', () => {
    const api: Api = createApi(async () => ({ code: 0, msg: '', data: null as never }));
    expect(serverApi({ api })).toBe(api);
  });

  it('falls back to one cached HTTP api per configuration', () => {
    const a = fallbackApi({ API_URL: 'http://127.0.0.1:3999/' });
    expect(fallbackApi({ API_URL: 'http://127.0.0.1:3999' })).toBe(a);
    expect(fallbackApi({ API_URL: 'http://127.0.0.1:3998' })).not.toBe(a);
    expect(typeof a.get_news).toBe('function');
  });

  it('without a gateway api returns the env-configured fallback', () => {
    const fromEnv = fallbackApi();
    expect(serverApi({})).toBe(fromEnv);
    expect(serverApi(undefined)).toBe(fromEnv);
  });
});
