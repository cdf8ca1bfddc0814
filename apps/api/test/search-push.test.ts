import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { SearchPushStatus } from '@portal/api-client/admin';
import {
  BaiduSearchPush,
  QuotaSpentError,
  SEARCH_PUSH_OUTBOX,
  createSearchPushProvider,
  type SearchPushProvider,
} from '../src/lib/search-push';
import type { FetchLike } from '../src/lib/sms';
import { pushDue } from '../src/plugins/search-push';
import { retryDelay } from '../src/repositories/due-queue';
import { formatDate } from '../src/lib/time';
import { pendingSearchPush, queueSearchPush, recordSearchPushQuota } from '../src/repositories/search-push';
import { adminCall, approveColumnArticle, cli, editorSession, type EditorSession } from './editor-helpers';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember } from './member-helpers';

const DESKTOP = 'https://www.example.com';
const MOBILE = 'https://m.example.com';
const ORIGINS = { desktop: DESKTOP, mobile: MOBILE };

/** A provider that records what it was given, and refuses while `down`. */
class RecordingProvider implements SearchPushProvider {
  readonly name = 'recording';
  down = false;
  readonly batches: string[][] = [];
  constructor(readonly batchSize: number) {}
  async push(urls: readonly string[]): Promise<void> {
    if (this.down) throw new Error('503 push service unavailable');
    this.batches.push([...urls]);
  }
}

describe('search push providers and configuration', () => {
  it('posts each site its own URLs to Baidu, and rejects (to retry) on an error answer', async () => {
    const requests: { url: string; body?: string }[] = [];
    let answer = '{"remain":4998,"success":2,"not_same_site":[],"not_valid":[]}';
    const fetchImpl: FetchLike = async (url, init) => {
      requests.push({ url, body: init.body });
      return { ok: true, status: 200, text: async () => answer };
    };
    const baidu = new BaiduSearchPush({ token: 'tok&en' }, fetchImpl);
    // Each site's answered remain is handed back, to be recorded.
    expect(await baidu.push([`${DESKTOP}/AI/1`, `${MOBILE}/AI/news/1`, `${DESKTOP}/AI/2`])).toEqual({
      quota: [
        { site: DESKTOP, remain: 4998 },
        { site: MOBILE, remain: 4998 },
      ],
    });
    expect(requests).toEqual([
      {
        url: 'https://data.zz.baidu.com/urls?site=https%3A%2F%2Fwww.example.com&token=tok%26en',
        body: `${DESKTOP}/AI/1\n${DESKTOP}/AI/2`,
      },
      {
        url: 'https://data.zz.baidu.com/urls?site=https%3A%2F%2Fm.example.com&token=tok%26en',
        body: `${MOBILE}/AI/news/1`,
      },
    ]);
    answer = '{"error":401,"message":"token is not valid"}';
    await expect(baidu.push([`${DESKTOP}/AI/3`])).rejects.toThrow(/token is not valid/);
    answer = '{"error":400,"message":"over quota"}';
    const spent = baidu.push([`${DESKTOP}/AI/3`]);
    await expect(spent).rejects.toBeInstanceOf(QuotaSpentError);
    await expect(spent).rejects.toMatchObject({ quota: [{ site: DESKTOP, remain: 0 }] });
  });

  it('is the outbox by default; baidu needs its token, named at start', () => {
    expect(createSearchPushProvider({ dataDir: '/tmp' }, {}).name).toBe('outbox');
    const env = { TOKEN_SECRET: 'x'.repeat(40), SEARCH_PUSH_PROVIDER: 'baidu' };
    expect(() => loadConfig({ dataDir: '/tmp' }, env)).toThrow(
      /BAIDU_PUSH_TOKEN: is required when SEARCH_PUSH_PROVIDER=baidu/,
    );
    const config = loadConfig({ dataDir: '/tmp' }, { ...env, BAIDU_PUSH_TOKEN: 't' });
    expect(createSearchPushProvider({ dataDir: '/tmp' }, config.searchPush).name).toBe('baidu');
    expect(() => loadConfig({ dataDir: '/tmp' }, { SEARCH_PUSH_PROVIDER: 'google' })).toThrow(
      /SEARCH_PUSH_PROVIDER/,
    );
  });

  it('waits longer after each failure, up to six hours', () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([60_000, 120_000, 240_000]);
    expect(retryDelay(30)).toBe(6 * 3600_000);
  });
});

describe.each(DIALECTS)('search push queue on %s', (dialect) => {
  let t: TestApp;
  let editor: EditorSession;
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    adminCall(t, editor, method, url, payload);
  const draft = (title: string) => ({
    title,
    category: 'AI',
    content: '<p>正文</p>',
    description: '',
    keywords: '',
    author: '记者',
    source: '本站原创',
    thumb: '',
    is_hot: false,
    is_recommend: false,
  });
  const queued = async () => (await pendingSearchPush(t.app.database)).map((r) => r.article_id);
  const clear = () => t.app.database.db.deleteFrom('search_push_queue').execute();

  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertMemberFixtures(app.database), {
      publicOrigins: ORIGINS,
      // The test runs every pass itself: no background pass races it.
      searchPushIntervalMs: 0,
    });
    editor = await editorSession(t, 'pusher', 'editor');
  });
  afterAll(async () => t?.close());

  it('queues an article when an editor publishes it and when a published one is edited, not a draft', async () => {
    await clear();
    const { id } = (await call('POST', '/articles', draft('推送测试稿件'))).json() as { id: number };
    expect(await queued()).toEqual([]);
    expect((await call('POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
    expect(await queued()).toEqual([id]);
    await clear();
    expect((await call('PUT', `/articles/${id}`, draft('推送测试稿件（更新）'))).statusCode).toBe(200);
    expect(await queued()).toEqual([id]);
  });

  it('queues a scheduled article when the scheduler publishes it', async () => {
    await clear();
    const { id } = (await call('POST', '/articles', draft('定时推送稿件'))).json() as { id: number };
    const at = Date.now() + 60_000;
    await call('POST', `/articles/${id}/publish`, { at: new Date(at).toISOString() });
    expect(await queued()).toEqual([]);
    expect(await t.app.scheduler.runOnce(at + 1)).toContain(id);
    expect(await queued()).toEqual([id]);
  });

  it('queues a column article when it is approved', async () => {
    await clear();
    const m = await newMember(t);
    await t.call('space_apply', { id: m.id, ...m.identity });
    expect((await cli(t, 'approve', 'column', String(m.id))).code).toBe(0);
    const add = await t.call<{ id: number }>('space_add_article', {
      title: '专栏推送文章',
      channel: 1,
      category: 2,
      content: '<p>专栏正文</p>',
      keyword: '',
      is_push: 1,
      ...m.identity,
    });
    expect(await queued()).toEqual([]);
    const articleId = await approveColumnArticle(t, add.data.id);
    expect(await queued()).toEqual([articleId]);
  });

  it('writes the desktop and phone URLs to the outbox by default, and empties the queue', async () => {
    await clear();
    const ids = (
      await t.app.database.db.selectFrom('articles').select('id').where('status', '=', 1).execute()
    )
      .map((r) => Number(r.id))
      .slice(0, 2);
    await queueSearchPush(t.app.database.db, ids, Date.now());
    const outbox = path.join(String(t.config.dataDir), SEARCH_PUSH_OUTBOX);
    fs.rmSync(outbox, { force: true });
    expect(t.app.searchPush.provider.name).toBe('outbox');
    const pass = await t.app.searchPush.runOnce();
    expect(pass).toEqual({ sent: 4, failed: 0 });
    const lines = fs.readFileSync(outbox, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^https:\/\/(www|m)\.example\.com\/\S+\t\d{4}-\d\d-\d\dT/);
    expect(lines.some((l) => l.startsWith(`${MOBILE}/`))).toBe(true);
    expect(await queued()).toEqual([]);
  });

  it('sends in batches of the provider size, two URLs per article', async () => {
    await clear();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { id } = (await call('POST', '/articles', draft(`批量推送${i}`))).json() as { id: number };
      await call('POST', `/articles/${id}/publish`, {});
      ids.push(id);
    }
    await clear();
    const now = Date.now();
    await queueSearchPush(t.app.database.db, ids, now);
    const provider = new RecordingProvider(4);
    expect(await pushDue(t.app.database, provider, ORIGINS, now)).toEqual({ sent: 10, failed: 0 });
    expect(provider.batches.map((b) => b.length)).toEqual([4, 4, 2]);
    expect(provider.batches.flat().filter((u) => u.startsWith(`${DESKTOP}/`))).toHaveLength(5);
    expect(await queued()).toEqual([]);
  });

  it('keeps every URL of a failed push and sends it once the provider is back', async () => {
    await clear();
    const ids = (
      await t.app.database.db.selectFrom('articles').select('id').where('status', '=', 1).execute()
    )
      .map((r) => Number(r.id))
      .slice(0, 3);
    const now = Date.now();
    await queueSearchPush(t.app.database.db, ids, now);
    const provider = new RecordingProvider(100);
    provider.down = true;
    expect(await pushDue(t.app.database, provider, ORIGINS, now)).toEqual({ sent: 0, failed: 3 });
    const waiting = await pendingSearchPush(t.app.database);
    expect(waiting.map((r) => r.article_id)).toEqual([...ids].sort((a, b) => a - b));
    expect(waiting.every((r) => r.attempts === 1 && r.next_at === now + 60_000)).toBe(true);
    expect(waiting[0]!.last_error).toContain('503');
    // Not due yet: nothing is tried.
    provider.down = false;
    expect(await pushDue(t.app.database, provider, ORIGINS, now + 1000)).toEqual({ sent: 0, failed: 0 });
    // Fails again later: still there, waiting twice as long.
    provider.down = true;
    await pushDue(t.app.database, provider, ORIGINS, now + 60_000);
    expect((await pendingSearchPush(t.app.database))[0]).toMatchObject({
      attempts: 2,
      next_at: now + 180_000,
    });
    provider.down = false;
    expect(await pushDue(t.app.database, provider, ORIGINS, now + 180_000)).toEqual({ sent: 6, failed: 0 });
    expect(provider.batches).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  describe("Baidu's daily quota (a local fake Baidu endpoint)", () => {
    let fakeBaidu: Server;
    let endpoint: string;
    /** What the fake answers next, and every URL list it received. */
    let answer = '';
    const received: string[][] = [];
    const today = Date.now();
    const tomorrow = today + 24 * 3600_000;
    /** Publishes `n` articles and empties the queue their publication filled. */
    const published = async (n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const { id } = (await call('POST', '/articles', draft(`配额推送${i}`))).json() as { id: number };
        expect((await call('POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
        ids.push(id);
      }
      await clear();
      return ids.sort((a, b) => a - b);
    };
    const status = async () => {
      const res = await t.inject({
        method: 'GET',
        url: '/admin/api/search-push',
        headers: { cookie: editor.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as SearchPushStatus;
    };

    beforeAll(async () => {
      fakeBaidu = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push(body.split('\n'));
          response.setHeader('content-type', 'application/json');
          response.end(answer);
        });
      });
      await new Promise<void>((resolve) => fakeBaidu.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(fakeBaidu.address() as AddressInfo).port}/urls`;
    });
    afterAll(async () => {
      await t.app.database.db.deleteFrom('search_push_quota').execute();
      await new Promise<void>((resolve) => fakeBaidu.close(() => resolve()));
    });
    beforeEach(async () => {
      await clear();
      await t.app.database.db.deleteFrom('search_push_quota').execute();
      received.length = 0;
    });

    it('records the remain Baidu answers, shows it in the back office, and pushes no more that day at 0', async () => {
      const baidu = new BaiduSearchPush({ token: 't', endpoint });
      const [first, second, third] = await published(3);
      await queueSearchPush(t.app.database.db, [first!], today);
      answer = '{"remain":0,"success":1}';
      expect(await pushDue(t.app.database, baidu, ORIGINS, today)).toEqual({ sent: 2, failed: 0 });
      expect(received).toHaveLength(2); // one request per site

      const shown = await status();
      expect(shown.quota.map((q) => [q.site, q.remain])).toEqual(
        [
          [MOBILE, 0],
          [DESKTOP, 0],
        ].sort(),
      );
      expect(shown.resumesAt).not.toBeNull();
      // The next day starts at 00:00 in Asia/Shanghai (16:00 UTC).
      expect(new Date(shown.resumesAt!).getUTCHours()).toBe(16);

      // Spent: the rest of the day nothing is sent, and nothing is dropped or counted as failed.
      await queueSearchPush(t.app.database.db, [second!, third!], today);
      answer = '{"remain":100,"success":2}';
      expect(await pushDue(t.app.database, baidu, ORIGINS, today + 1000)).toEqual({
        sent: 0,
        failed: 0,
        quotaSpent: true,
      });
      expect(received).toHaveLength(2);
      expect(await queued()).toEqual([second!, third!].sort((a, b) => a - b));
      expect((await status()).pending).toBe(2);

      // The next day the quota is Baidu's again: the waiting articles go out.
      expect(await pushDue(t.app.database, baidu, ORIGINS, tomorrow)).toEqual({ sent: 4, failed: 0 });
      expect(received).toHaveLength(4);
      expect(await queued()).toEqual([]);
    });

    it('never asks for more than the remain left today', async () => {
      const baidu = new BaiduSearchPush({ token: 't', endpoint });
      const ids = await published(3);
      await queueSearchPush(t.app.database.db, ids, today);
      // Earlier today Baidu answered 1 left for the desktop site (5 for the phone one).
      await recordSearchPushQuota(
        t.app.database,
        [
          { site: DESKTOP, remain: 1 },
          { site: MOBILE, remain: 5 },
        ],
        formatDate(today),
        today,
      );
      answer = '{"remain":0,"success":1}';
      expect(await pushDue(t.app.database, baidu, ORIGINS, today)).toEqual({
        sent: 2,
        failed: 0,
        quotaSpent: true,
      });
      // One article: one URL to each site, not the batch of three.
      expect(received.map((urls) => urls.length)).toEqual([1, 1]);
      expect(await queued()).toEqual(ids.slice(1));
    });

    it('an over-quota refusal defers the batch to the next day without counting a failure', async () => {
      const baidu = new BaiduSearchPush({ token: 't', endpoint });
      const ids = await published(2);
      await queueSearchPush(t.app.database.db, ids, today);
      answer = '{"error":400,"message":"over quota"}';
      expect(await pushDue(t.app.database, baidu, ORIGINS, today)).toEqual({
        sent: 0,
        failed: 0,
        quotaSpent: true,
      });
      const waiting = await pendingSearchPush(t.app.database);
      expect(waiting.map((r) => r.article_id)).toEqual([...ids].sort((a, b) => a - b));
      for (const row of waiting) {
        expect(row.attempts).toBe(0);
        expect(row.next_at).toBeGreaterThan(today);
        expect(row.next_at).toBeLessThanOrEqual(tomorrow);
        expect(row.last_error).toMatch(/quota/);
      }
      expect((await status()).quota.find((q) => q.site === DESKTOP)?.remain).toBe(0);
    });
  });

  it('drops an article unpublished while it waited, pushing nothing for it', async () => {
    await clear();
    const { id } = (await call('POST', '/articles', draft('撤稿推送'))).json() as { id: number };
    await call('POST', `/articles/${id}/publish`, {});
    await call('POST', `/articles/${id}/unpublish`, {});
    const provider = new RecordingProvider(10);
    expect(await pushDue(t.app.database, provider, ORIGINS, Date.now())).toEqual({ sent: 0, failed: 0 });
    expect(provider.batches).toEqual([]);
    expect(await queued()).toEqual([]);
  });
});
