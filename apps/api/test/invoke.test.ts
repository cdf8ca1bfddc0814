import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { endpoints, type EndpointName, type Payload } from '@portal/api-client/contract';
import { MemoryReadCache } from '../src/plugins/cache';
import { startTestApp, type TestApp } from './helpers';
import { SAMPLES } from './fuzz/api-requests';

/** Public calls that write (a view, a lead, an account, an SMS): their second answer differs from the first. */
const WRITES = new Set<EndpointName>([
  'article_pv',
  'form_register',
  'vendor_login',
  'vendor_register',
  'member_register',
  'member_login',
  'send_sms',
  'reset_password',
  'drag_captcha',
]);
const PUBLIC_READS = (Object.keys(endpoints) as EndpointName[]).filter(
  (name) => endpoints[name].access === 'public' && !WRITES.has(name),
);
const POST_READS = PUBLIC_READS.filter((name) => endpoints[name].method === 'POST');

/** The in-process caller the gateway passes: the reader's address and a logger. */
let t: TestApp;
const invoke = <N extends EndpointName>(name: N, payload: unknown) =>
  t.app.invoke(name, payload as Payload<N>, { ip: '203.0.113.9', log: t.app.log });
/** What a client sees of an answer: its JSON. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** The gateway's in-process calls (app.invoke) answer exactly what `/api/{name}` answers. */
describe('in-process calls (invoke)', () => {
  beforeAll(async () => {
    // Read cache off: both transports run the handler, so the comparison is of the paths, not of one cached value.
    t = await startTestApp('sqlite', undefined, { seed: true, cacheTtlMs: 0 });
  });
  afterAll(async () => t?.close());

  it.each(PUBLIC_READS)('%s: the same answer as over HTTP', async (name) => {
    const payload = SAMPLES[name] as Record<string, unknown>;
    const http = await t.call(name, payload);
    expect(asJson(await invoke(name, payload))).toEqual(http);
  });

  it.each(POST_READS)('%s: bad payloads get the same refusal as over HTTP', async (name) => {
    const sample = SAMPLES[name] as Record<string, unknown>;
    const hostile: unknown[] = ['x', -1, 1.5, null, { a: 1 }, [1], 'a'.repeat(5000), '\u0000'];
    for (const key of Object.keys(sample)) {
      for (const value of hostile) {
        const payload = { ...sample, [key]: value };
        const http = await t.call(name, payload);
        const direct = await invoke(name, payload);
        expect({ key, value, code: direct.code, msg: direct.msg }).toEqual({
          key,
          value,
          code: http.code,
          msg: http.msg,
        });
      }
    }
  });

  it('refuses a payload that is not an object, and a NUL anywhere', async () => {
    expect((await invoke('cate_list', [1, 2])).code).toBe(ErrorCode.BadRequest);
    expect((await invoke('search_list', { title: 'a\u0000b', type: 0, page: 1 })).code).toBe(
      ErrorCode.BadRequest,
    );
  });

  it('refuses member calls: server rendering has no member identity', async () => {
    const res = await invoke('member_info', { id: 1, stoken: 'forged', member_id: 1 });
    expect(res.code).toBe(ErrorCode.SessionInvalid);
  });
});

describe('read cache', () => {
  it('shares cached answers frozen, so no in-process caller can change what the next one gets', async () => {
    const cache = new MemoryReadCache(60_000);
    const load = async () => ({ code: 0, data: { title: '原题', tags: [{ name: '云' }] } });
    const first = await cache.wrap('article_content', '1', load);
    const second = await cache.wrap('article_content', '1', load);
    expect(second).toBe(first);
    expect(() => {
      first.data.tags[0]!.name = 'changed';
    }).toThrow(TypeError);
    expect(second.data.tags[0]!.name).toBe('云');
  });
});
