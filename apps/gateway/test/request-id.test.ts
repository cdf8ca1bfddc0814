import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEHIND_GATEWAY, fastifyTrustProxy, requestIdOf } from '@portal/config';
import { createGateway } from '../src/gateway';
import { fakeApi } from './fake-api';

/** One request id from nginx (X-Request-Id) through the gateway to the in-process API's log lines. */
describe('request id', () => {
  let api: FastifyInstance;
  let gateway: FastifyInstance;
  beforeAll(async () => {
    api = fakeApi({
      trustProxy: fastifyTrustProxy(BEHIND_GATEWAY),
      genReqId: requestIdOf,
      requestIdHeader: false,
    });
    api.get('/api/rid', async (request) => ({ code: 0, msg: '成功', data: request.id }));
    gateway = await createGateway({ api, apps: [], adminDir: null, logger: false, microCacheMs: 0 });
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway?.close();
    await api?.close();
  });

  it("is nginx's $request_id in the gateway and in the API", async () => {
    const res = await gateway.inject({
      url: '/api/rid',
      headers: { 'x-request-id': '5d41402abc4b2a76b9719d911017c592' },
    });
    expect(res.json()).toMatchObject({ data: '5d41402abc4b2a76b9719d911017c592' });
  });

  it('is made by the gateway and handed to the API when nginx sent none, or a bad one', async () => {
    for (const headers of [{}, { 'x-request-id': 'x'.repeat(200) }]) {
      const res = await gateway.inject({ url: '/api/rid', headers });
      expect((res.json() as { data: string }).data).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
