import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  AliyunCdnPurge,
  CDN_PURGE_OUTBOX,
  TencentCdnPurge,
  createCdnPurgeProvider,
  type CdnPurgeProvider,
  type PurgeRequest,
} from '../src/lib/cdn-purge';
import { purgeDue } from '../src/plugins/cdn-purge';
import { pendingCdnPurge, purgeTargets, queueCdnPurge } from '../src/repositories/cdn-purge';
import { adminCall, articleDraft, editorSession, type EditorSession } from './editor-helpers';
import { DIALECTS, startTestApp, type TestApp } from './helpers';

const DESKTOP = 'https://www.example.com';
const MOBILE = 'https://m.example.com';
const ORIGINS = { desktop: DESKTOP, mobile: MOBILE };
const AI = 694;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in for a CDN's API on 127.0.0.1: records every request and answers `answer` (success
 * until a test says otherwise). The signature checks below recompute each signature from the
 * providers' documentation, independently of lib/cloud-signing.ts.
 */
class FakeCdnApi {
  readonly received: Received[] = [];
  answer: { status: number; body: string } = { status: 200, body: '{}' };
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body });
        res.writeHead(this.answer.status, { 'content-type': 'application/json' }).end(this.answer.body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** Aliyun RPC v1: the form's parameters, sorted and RFC 3986 encoded, HMAC-SHA1 with "<secret>&". */
function aliyunSignatureOk(body: string, secret: string): boolean {
  const params = new URLSearchParams(body);
  const given = params.get('Signature');
  const rfc3986 = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonical = [...params.entries()]
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .join('&');
  const expected = createHmac('sha1', `${secret}&`)
    .update(`POST&%2F&${rfc3986(canonical)}`)
    .digest('base64');
  return given === expected;
}

/** Tencent TC3-HMAC-SHA256 over the request as received (its Content-Type and Host headers). */
function tencentSignatureOk(received: Received, secretKey: string): boolean {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/cdn\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
      String(received.headers.authorization),
    );
  if (!auth) return false;
  const [, , date, signature] = auth;
  const timestamp = String(received.headers['x-tc-timestamp']);
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${received.headers['content-type']}\nhost:${received.headers.host}\n\ncontent-type;host\n${sha256(received.body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/cdn/tc3_request\n${sha256(canonical)}`;
  const mac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const key = mac(mac(mac(`TC3${secretKey}`, date!), 'cdn'), 'tc3_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature;
}

const REQUEST: PurgeRequest = {
  keys: ['article-12', 'home'],
  urls: [`${DESKTOP}/AI/12`, `${MOBILE}/AI/news/12`, `${DESKTOP}/`],
  directories: [],
};

describe('CDN purge providers against a fake API', () => {
  const fake = new FakeCdnApi();
  let origin: string;
  beforeAll(async () => {
    origin = await fake.start();
  });
  beforeEach(() => {
    fake.received.length = 0;
  });
  afterAll(() => fake.stop());

  it('Aliyun: RefreshObjectCaches with the URLs one a line, and the directories apart, correctly signed', async () => {
    fake.answer = { status: 200, body: '{"RequestId":"r1","RefreshTaskId":"704222904"}' };
    const aliyun = new AliyunCdnPurge({
      accessKeyId: 'LTAIkey',
      accessKeySecret: 's3cr3t!*',
      apiOrigin: origin,
    });
    await aliyun.purge({ ...REQUEST, directories: [`${DESKTOP}/`] });
    expect(fake.received).toHaveLength(2);
    const [files, dirs] = fake.received.map((r) => new URLSearchParams(r.body));
    expect(fake.received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(files!)).toMatchObject({
      Action: 'RefreshObjectCaches',
      Version: '2018-05-10',
      Format: 'JSON',
      AccessKeyId: 'LTAIkey',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      ObjectType: 'File',
      ObjectPath: REQUEST.urls.join('\n'),
    });
    expect(files!.get('Timestamp')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(dirs!.get('ObjectType')).toBe('Directory');
    expect(dirs!.get('ObjectPath')).toBe(`${DESKTOP}/`);
    for (const r of fake.received) expect(aliyunSignatureOk(r.body, 's3cr3t!*')).toBe(true);
    // A signature made with another secret does not pass the check (the check can fail).
    expect(aliyunSignatureOk(fake.received[0]!.body, 'other')).toBe(false);
  });

  it('Aliyun: an error answer rejects (the purge is retried)', async () => {
    fake.answer = {
      status: 400,
      body: '{"RequestId":"r2","Code":"QuotaExceeded.Refresh","Message":"You’ve exceeded the prescribed refresh limits."}',
    };
    const aliyun = new AliyunCdnPurge({ accessKeyId: 'k', accessKeySecret: 's', apiOrigin: origin });
    await expect(aliyun.purge(REQUEST)).rejects.toThrow(/QuotaExceeded\.Refresh/);
  });

  it('Aliyun: splits more than 1,000 URLs into calls of 1,000', async () => {
    fake.answer = { status: 200, body: '{"RefreshTaskId":"1"}' };
    const urls = Array.from({ length: 1500 }, (_, i) => `${DESKTOP}/news/${i}`);
    await new AliyunCdnPurge({ accessKeyId: 'k', accessKeySecret: 's', apiOrigin: origin }).purge({
      keys: [],
      urls,
      directories: [],
    });
    expect(
      fake.received.map((r) => new URLSearchParams(r.body).get('ObjectPath')!.split('\n').length),
    ).toEqual([1000, 500]);
  });

  it('Tencent: PurgeUrlsCache and PurgePathCache as signed JSON calls', async () => {
    fake.answer = { status: 200, body: '{"Response":{"TaskId":"t-1","RequestId":"r"}}' };
    const tencent = new TencentCdnPurge({
      secretId: 'AKIDtest',
      secretKey: 'tencent-secret',
      apiOrigin: origin,
    });
    await tencent.purge({ ...REQUEST, directories: [`${DESKTOP}/`, `${MOBILE}/`] });
    expect(fake.received.map((r) => r.headers['x-tc-action'])).toEqual(['PurgeUrlsCache', 'PurgePathCache']);
    const [urls, paths] = fake.received;
    expect(JSON.parse(urls!.body)).toEqual({ Urls: REQUEST.urls });
    expect(JSON.parse(paths!.body)).toEqual({ Paths: [`${DESKTOP}/`, `${MOBILE}/`], FlushType: 'flush' });
    for (const r of fake.received) {
      expect(r.headers['x-tc-version']).toBe('2018-06-06');
      expect(r.headers.authorization).toContain('Credential=AKIDtest/');
      expect(tencentSignatureOk(r, 'tencent-secret')).toBe(true);
    }
    expect(tencentSignatureOk(urls!, 'another-secret')).toBe(false);
  });

  it('Tencent: an error answer (HTTP 200 with Response.Error) rejects', async () => {
    fake.answer = {
      status: 200,
      body: '{"Response":{"Error":{"Code":"AuthFailure.SignatureFailure","Message":"bad"},"RequestId":"r"}}',
    };
    const tencent = new TencentCdnPurge({ secretId: 'a', secretKey: 'b', apiOrigin: origin });
    await expect(tencent.purge(REQUEST)).rejects.toThrow(/AuthFailure\.SignatureFailure/);
  });

  it('are chosen by CDN_PURGE_PROVIDER; a provider without its keys does not start', () => {
    const config = (env: NodeJS.ProcessEnv) => loadConfig({ dataDir: '/tmp' }, env);
    expect(() => config({ CDN_PURGE_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_CDN_ACCESS_KEY_ID/);
    expect(() => config({ CDN_PURGE_PROVIDER: 'tencent' })).toThrow(/TENCENT_CDN_SECRET_KEY/);
    expect(() => config({ CDN_PURGE_PROVIDER: 'akamai' })).toThrow(/CDN_PURGE_PROVIDER/);
    expect(() =>
      config({
        CDN_PURGE_PROVIDER: 'tencent',
        TENCENT_CDN_SECRET_ID: 'a',
        TENCENT_CDN_SECRET_KEY: 'b',
        TENCENT_CDN_API_ORIGIN: 'ftp://x',
      }),
    ).toThrow(/TENCENT_CDN_API_ORIGIN/);
    const tencent = config({
      CDN_PURGE_PROVIDER: 'tencent',
      TENCENT_CDN_SECRET_ID: 'a',
      TENCENT_CDN_SECRET_KEY: 'b',
    });
    expect(createCdnPurgeProvider({ dataDir: '/tmp/x' }, tencent.cdnPurge).name).toBe('tencent');
    expect(createCdnPurgeProvider({ dataDir: '/tmp/x' }, config({}).cdnPurge).name).toBe('outbox');
  });
});

describe('what a purge takes away', () => {
  it('an article: its pages on both widths, its category’s lists, the home pages, the feeds and its topics', () => {
    const request = purgeTargets(['article-12'], new Map([[12, AI]]), ORIGINS, [5]);
    expect(request.keys.sort()).toEqual(['article-12', 'home', 'latest', 'list-AI', 'topic-5']);
    expect(request.urls.sort()).toEqual(
      [
        `${DESKTOP}/`,
        `${MOBILE}/`,
        `${DESKTOP}/news/12`,
        `${MOBILE}/new_detail?id=12`,
        `${DESKTOP}/AI/12`,
        `${MOBILE}/AI/news/12`,
        `${DESKTOP}/AI`,
        `${DESKTOP}/more?id=${AI}`,
        `${DESKTOP}/more`,
        `${DESKTOP}/rss.xml`,
        `${DESKTOP}/rss/AI.xml`,
        `${DESKTOP}/topic/5`,
        `${MOBILE}/topic/5`,
      ].sort(),
    );
    expect(request.directories).toEqual([]);
  });
  it('an article that left a category: its addresses and lists there (a category unknown: nothing more)', () => {
    const request = purgeTargets(['article-12@storage', 'article-13@nowhere'], new Map(), ORIGINS);
    expect(request.keys.sort()).toEqual(['article-12', 'article-13', 'list-storage']);
    expect(request.urls.sort()).toEqual(
      [
        `${DESKTOP}/storage/12`,
        `${MOBILE}/storage/news/12`,
        `${DESKTOP}/storage`,
        `${DESKTOP}/more?id=56`,
        `${DESKTOP}/rss/storage.xml`,
      ].sort(),
    );
  });
  it('an article no longer stored: its addresses by id; anything else: both sites whole', () => {
    expect(purgeTargets(['article-9'], new Map(), ORIGINS).urls).toContain(`${DESKTOP}/news/9`);
    expect(purgeTargets(['site'], new Map(), ORIGINS)).toEqual({
      keys: ['site'],
      urls: [],
      directories: [`${DESKTOP}/`, `${MOBILE}/`],
    });
  });
});

/** A provider that records what it was given, and refuses while `down`. */
class RecordingProvider implements CdnPurgeProvider {
  readonly name = 'recording';
  down = false;
  readonly purges: PurgeRequest[] = [];
  /** Runs once while the next purge is being sent (a write committing meanwhile). */
  during: (() => Promise<void>) | null = null;
  constructor(readonly batchSize: number) {}
  async purge(request: PurgeRequest): Promise<void> {
    if (this.down) throw new Error('503 purge service unavailable');
    const during = this.during;
    this.during = null;
    await during?.();
    this.purges.push(request);
  }
}

describe.each(DIALECTS)('CDN purge queue on %s', (dialect) => {
  let t: TestApp;
  let editor: EditorSession;
  const fake = new FakeCdnApi();
  const queued = async () => (await pendingCdnPurge(t.app.database)).map((r) => r.key);
  const clear = () => t.app.database.db.deleteFrom('cdn_purge_queue').execute();

  beforeAll(async () => {
    const origin = await fake.start();
    t = await startTestApp(dialect, undefined, {
      publicOrigins: ORIGINS,
      // The test runs every pass itself: no background pass races it.
      cdnPurgeIntervalMs: 0,
      cdnPurge: {
        CDN_PURGE_PROVIDER: 'tencent',
        TENCENT_CDN_SECRET_ID: 'AKIDqueue',
        TENCENT_CDN_SECRET_KEY: 'queue-secret',
        TENCENT_CDN_API_ORIGIN: origin,
      },
    });
    editor = await editorSession(t, 'purger', 'editor');
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('queues what an editor’s publish, edit and take-down touched', async () => {
    await clear();
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      adminCall(t, editor, method, url, payload);
    const { id } = (await call('POST', '/articles', articleDraft({ title: '清除缓存测试' }))).json() as {
      id: number;
    };
    expect(await queued()).toEqual([]);
    expect((await call('POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
    expect(await queued()).toEqual([`article-${id}`]);
    // A second change of a waiting key queues nothing more.
    expect(
      (await call('PUT', `/articles/${id}`, articleDraft({ title: '清除缓存测试（改）' }))).statusCode,
    ).toBe(200);
    expect(await queued()).toEqual([`article-${id}`]);
    await clear();
    expect((await call('POST', `/articles/${id}/unpublish`, {})).statusCode).toBe(200);
    expect(await queued()).toEqual([`article-${id}`]);
    // Every write path: cdn-purge-writes.test.ts.
  });

  it('sends due keys to the provider and retries a refused purge later, never dropping it', async () => {
    await clear();
    const now = Date.now();
    await queueCdnPurge(t.app.database, ['article-77', 'site'], now);
    fake.received.length = 0;
    fake.answer = { status: 200, body: '{"Response":{"Error":{"Code":"LimitExceeded","Message":"quota"}}}' };
    expect(await t.app.cdnPurge.runOnce(now)).toEqual({ purged: 0, failed: 2 });
    const waiting = await pendingCdnPurge(t.app.database);
    expect(waiting.map((r) => [r.key, r.attempts, r.next_at])).toEqual([
      ['article-77', 1, now + 60_000],
      ['site', 1, now + 60_000],
    ]);
    expect(waiting[0]!.last_error).toMatch(/LimitExceeded/);
    // Not due yet: nothing is sent.
    fake.received.length = 0;
    expect(await t.app.cdnPurge.runOnce(now + 30_000)).toEqual({ purged: 0, failed: 0 });
    expect(fake.received).toHaveLength(0);
    // A second refusal waits twice as long.
    expect(await t.app.cdnPurge.runOnce(now + 60_000)).toEqual({ purged: 0, failed: 2 });
    expect((await pendingCdnPurge(t.app.database))[0]!.next_at).toBe(now + 60_000 + 120_000);
    fake.received.length = 0;
    fake.answer = { status: 200, body: '{"Response":{"TaskId":"ok","RequestId":"r"}}' };
    expect(await t.app.cdnPurge.runOnce(now + 180_000)).toEqual({ purged: 2, failed: 0 });
    expect(await queued()).toEqual([]);
    expect(fake.received.map((r) => r.headers['x-tc-action'])).toEqual(['PurgeUrlsCache', 'PurgePathCache']);
    expect(JSON.parse(fake.received[0]!.body).Urls).toContain(`${DESKTOP}/news/77`);
    expect(JSON.parse(fake.received[1]!.body).Paths).toEqual([`${DESKTOP}/`, `${MOBILE}/`]);
    for (const r of fake.received) expect(tencentSignatureOk(r, 'queue-secret')).toBe(true);
  });

  it('sends batches of the provider’s size and stops at the first refusal', async () => {
    await clear();
    const now = Date.now();
    await queueCdnPurge(t.app.database, ['article-1', 'article-2', 'article-3', 'home', 'list-AI'], now);
    const provider = new RecordingProvider(2);
    expect(await purgeDue(t.app.database, provider, ORIGINS, now)).toEqual({ purged: 5, failed: 0 });
    expect(provider.purges).toHaveLength(3);
    await queueCdnPurge(t.app.database, ['article-4', 'article-5', 'article-6'], now);
    provider.down = true;
    expect(await purgeDue(t.app.database, provider, ORIGINS, now)).toEqual({ purged: 0, failed: 2 });
    expect((await pendingCdnPurge(t.app.database)).map((r) => r.attempts)).toEqual([1, 1, 0]);
  });

  it('a key queued again while its purge is sent stays queued, due at once: the later change is purged too', async () => {
    await clear();
    const now = Date.now();
    await queueCdnPurge(t.app.database, ['article-21', 'article-22'], now);
    const provider = new RecordingProvider(10);
    // An edit of article 22 commits while the CDN works on the batch that holds its key.
    provider.during = () => queueCdnPurge(t.app.database, ['article-22'], now);
    expect(await purgeDue(t.app.database, provider, ORIGINS, now)).toEqual({ purged: 2, failed: 0 });
    const left = await pendingCdnPurge(t.app.database);
    expect(left.map((r) => [r.key, r.next_at, r.attempts])).toEqual([['article-22', now, 0]]);
    // The next pass sends it again, after the edit; with no change meanwhile it leaves the queue.
    expect(await purgeDue(t.app.database, provider, ORIGINS, now)).toEqual({ purged: 1, failed: 0 });
    expect(provider.purges.map((p) => p.keys.filter((k) => k.startsWith('article-')).sort())).toEqual([
      ['article-21', 'article-22'],
      ['article-22'],
    ]);
    expect(await queued()).toEqual([]);
  });

  it('the outbox writes each purge to DATA_DIR/cdn-purge-outbox/', async () => {
    const dataDir = t.config.dataDir ?? expect.unreachable('the test app has a DATA_DIR');
    const outbox = createCdnPurgeProvider({ dataDir }, {});
    await outbox.purge(REQUEST);
    const dir = path.join(dataDir, CDN_PURGE_OUTBOX);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]!), 'utf8'))).toMatchObject(REQUEST);
  });
});
