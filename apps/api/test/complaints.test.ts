import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { COMPLAINT_LIMITS } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/messages';
import { COMPLAINT_LIMIT } from '../src/routes/complaints';
import { DIALECTS, freshIp, isolatedRedisUrl, startTestApp, type TestApp } from './helpers';
import { newsroom } from './newsroom';

const PAGE = 'http://localhost:8080/AI/7';

/** A column article by member 42 (its author is kept with the complaint). */
async function insertComplainedArticle(app: FastifyInstance): Promise<void> {
  await app.database.db
    .insertInto('articles')
    .values({
      id: 7,
      cat_id: 694,
      title: '被举报的专栏文章',
      content: '<p>正文</p>',
      status: 1,
      member_id: 42,
      created_at: Date.now(),
    })
    .execute();
}

/**
 * Complaints (举报, issue 26 §2): complaint_add's validation, moderation and per-address limit, and
 * the back office's `complaints` queue handled by a reviewer.
 */
describe.each(DIALECTS)('complaints on %s', (dialect) => {
  const {
    t,
    who: { admin, reviewer, editor },
    call: admin_,
  } = newsroom(dialect, insertComplainedArticle, {
    admin: 'c-admin',
    editor: 'c-editor',
    reviewer: 'c-reviewer',
  });

  const complain = (payload: Record<string, unknown>, ip = freshIp()) =>
    t.call('complaint_add', payload, { headers: { 'x-forwarded-for': ip } });

  const valid = (over: Record<string, unknown> = {}) => ({
    url: PAGE,
    article_id: 7,
    reason: '侵权',
    description: '这篇文章未经授权转载了我们的原创内容',
    contact: 'legal@example.com',
    ...over,
  });

  async function queue(query = ''): Promise<Record<string, unknown>[]> {
    const res = await admin_(reviewer, 'GET', `/complaints?pageSize=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Record<string, unknown>[] }>().items;
  }

  it('files a complaint that a reviewer finds in the queue and handles with a note', async () => {
    const res = await complain(valid({ url: `${PAGE}?from=timeline#comments` }));
    expect(res).toMatchObject({ code: ErrorCode.Ok, msg: MSG.complaintSent });
    const [item] = await queue('&status=pending');
    expect(item).toMatchObject({
      url: `${PAGE}?from=timeline`,
      article_id: 7,
      member_id: 42,
      reason: '侵权',
      description: valid().description,
      contact: 'legal@example.com',
      status: 'pending',
      note: '',
      held: false,
    });
    const put = await admin_(reviewer, 'PUT', `/complaints/${String(item!.id)}`, {
      status: 'done',
      note: '已联系作者下线',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await queue('&status=pending')).toHaveLength(0);
    const [done] = await queue('&status=done');
    expect(done).toMatchObject({ id: item!.id, status: 'done', note: '已联系作者下线' });
    // Only the handling is written: the reader's text stays as it was sent.
    await admin_(admin, 'PUT', `/complaints/${String(item!.id)}`, {
      status: 'rejected',
      description: '改写',
      url: 'http://evil.example/',
    });
    const [rejected] = await queue('&status=rejected');
    expect(rejected).toMatchObject({ description: valid().description, url: `${PAGE}?from=timeline` });
    // No state outside the three, and nobody files or deletes a complaint in the back office.
    expect(
      (await admin_(admin, 'PUT', `/complaints/${String(item!.id)}`, { status: 'nope' })).statusCode,
    ).toBe(400);
    expect((await admin_(admin, 'POST', '/complaints', { status: 'pending' })).statusCode).toBe(404);
    expect((await admin_(admin, 'DELETE', `/complaints/${String(item!.id)}`)).statusCode).toBe(404);
  });

  it('lets admins and reviewers at the queue, not editors', async () => {
    expect((await admin_(editor, 'GET', '/complaints')).statusCode).toBe(403);
    expect((await admin_(editor, 'PUT', '/complaints/1', { status: 'done' })).statusCode).toBe(403);
    expect((await admin_(admin, 'GET', '/complaints')).statusCode).toBe(200);
    expect((await admin_(reviewer, 'GET', '/complaints')).statusCode).toBe(200);
  });

  it('refuses bad input with a clear message and files nothing', async () => {
    const before = (await queue()).length;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [valid({ url: 'https://evil.example/AI/7' }), MSG.complaintUrlOffSite],
      [valid({ url: 'http://user:pw@localhost:8080/AI/7' }), MSG.complaintUrlOffSite],
      [valid({ url: 'not a url' }), MSG.complaintUrlOffSite],
      [valid({ url: '' }), MSG.complaintUrlRequired],
      [valid({ url: `${PAGE}?q=${'x'.repeat(COMPLAINT_LIMITS.url)}` }), /举报页面不能超过/],
      [valid({ reason: '不喜欢' }), MSG.complaintReasonRequired],
      [valid({ reason: undefined }), MSG.complaintReasonRequired],
      [valid({ description: '   ' }), MSG.complaintDescriptionRequired],
      [
        valid({ description: '长'.repeat(COMPLAINT_LIMITS.description + 1) }),
        MSG.complaintDescriptionTooLong,
      ],
      [valid({ contact: 'c'.repeat(COMPLAINT_LIMITS.contact + 1) }), MSG.complaintContactTooLong],
      [valid({ description: ['数组'] }), /举报说明必须是文本/],
      [valid({ article_id: -1 }), /文章/],
    ];
    for (const [payload, msg] of cases) {
      const res = await complain(payload);
      expect(res.code, JSON.stringify(payload).slice(0, 80)).toBe(ErrorCode.Validation);
      if (typeof msg === 'string') expect(res.msg).toBe(msg);
      else expect(res.msg).toMatch(msg);
    }
    expect(await queue()).toHaveLength(before);
  });

  it('screens the description and contact for sensitive words', async () => {
    const word = async (w: string, level: string) =>
      expect((await admin_(admin, 'POST', '/sensitive-words', { word: w, level })).statusCode).toBe(201);
    await word('举报违禁词', 'block');
    await word('举报替换词', 'mask');
    await word('举报审核词', 'review');
    const refused = await complain(valid({ description: '内容里有 举 报 違 禁 詞' }));
    expect(refused.code).toBe(ErrorCode.SensitiveWords);
    expect(refused.msg).toMatch(/敏感词|违规/);
    expect((await complain(valid({ contact: '举报违禁词@example.com' }))).code).toBe(
      ErrorCode.SensitiveWords,
    );

    expect((await complain(valid({ description: '这里有举报替换词和举报审核词' }))).code).toBe(ErrorCode.Ok);
    const [item] = await queue();
    expect(item!.description).toBe('这里有*****和举报审核词');
    expect(item!.held).toBe(true);
    const hits = await admin_(admin, 'GET', '/sensitive-hits?source=complaint&pageSize=100');
    const rows = hits.json<{ items: { record_id: string; action: string }[] }>().items;
    expect(rows.some((h) => h.action === 'blocked')).toBe(true);
    expect(rows.some((h) => h.record_id === String(item!.id) && h.action === 'masked')).toBe(true);
  });

  it('holds the per-address limit against 50 parallel complaints, and counts an IPv6 /64 as one address', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => complain(valid(), ip)));
    const accepted = answers.filter((a) => a.code === ErrorCode.Ok).length;
    expect(accepted).toBe(COMPLAINT_LIMIT.limit);
    expect(answers.filter((a) => a.code === ErrorCode.RateLimited)).toHaveLength(50 - COMPLAINT_LIMIT.limit);
    // Another reader is not held up by the flood.
    expect((await complain(valid())).code).toBe(ErrorCode.Ok);

    const v6 = await Promise.all(
      Array.from({ length: 20 }, (_, i) => complain(valid(), `2001:db8:77:1::${(i + 1).toString(16)}`)),
    );
    expect(v6.filter((a) => a.code === ErrorCode.Ok)).toHaveLength(COMPLAINT_LIMIT.limit);
  });
});

/** The limit's counters in Redis (shared by every process): 50 parallel complaints still hold it. */
describe.runIf(process.env.REDIS_URL)('complaint flood with Redis counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DIALECTS[DIALECTS.length - 1]!, undefined, { redisUrl: isolatedRedisUrl() });
  });
  afterAll(async () => t?.close());

  it('accepts exactly the limit from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call(
          'complaint_add',
          { url: PAGE, reason: '其他', description: '刷屏测试' },
          { headers: { 'x-forwarded-for': '203.0.113.9' } },
        ),
      ),
    );
    expect(answers.filter((a) => a.code === ErrorCode.Ok)).toHaveLength(COMPLAINT_LIMIT.limit);
    expect(answers.filter((a) => a.code === ErrorCode.RateLimited)).toHaveLength(50 - COMPLAINT_LIMIT.limit);
  });
});
