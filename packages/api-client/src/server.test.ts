import { describe, expect, it } from 'vitest';
import { createApi, type Api } from './api';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from './http';
import { fallbackApi, publicClientCredential, serverApi } from './server';

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

describe('publicClientCredential', () => {
  it('is the gateway’s configured credential, else the environment’s, else the default', () => {
    const configured = { id: 'op-id', secret: 'op-secret' };
    expect(publicClientCredential({ clientCredential: configured })).toBe(configured);
    expect(publicClientCredential({}, { CLIENT_ID: 'env-id', CLIENT_SECRET: 'env-secret' })).toEqual({
      id: 'env-id',
      secret: 'env-secret',
    });
    expect(publicClientCredential(undefined, {})).toEqual({
      id: DEFAULT_CLIENT_ID,
      secret: DEFAULT_CLIENT_SECRET,
    });
  });
});
