import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { pendingCdnPurge, purgeContext, purgeTargets } from '../src/repositories/cdn-purge';
import { adminCall, articleDraft, cli, editorSession, type EditorSession } from './editor-helpers';
import { DIALECTS, useTestApp } from './helpers';
import { insertMemberFixtures, newMember, type Session } from './member-helpers';

const ORIGINS = { desktop: 'https://www.example.com', mobile: 'https://m.example.com' };
const STORAGE = 56;

/**
 * The CDN purge is queued by each content write in its own transaction (issue 27): a write that
 * rolls back queues nothing, one that commits always has its purge, whichever path wrote it (the
 * back office, the scheduler, `pnpm admin`, a member taking down their article).
 */
describe.each(DIALECTS)('CDN purges queued by content writes on %s', (dialect) => {
  const t = useTestApp(dialect, (app) => insertMemberFixtures(app.database), {
    publicOrigins: ORIGINS,
    // No pass runs by itself: what the writes queued stays for the test to read.
    cdnPurgeIntervalMs: 0,
  });
  let admin: EditorSession;
  let member: Session;
  beforeAll(async () => {
    admin = await editorSession(t, 'purge-chief', 'admin');
    member = await newMember(t);
    await t.call('space_apply', { id: member.id, ...member.identity });
    expect((await cli(t, 'approve', 'column', String(member.id))).code).toBe(0);
  });

  const queued = async () => (await pendingCdnPurge(t.app.database)).map((r) => r.key).sort();
  const clear = () => t.app.database.db.deleteFrom('cdn_purge_queue').execute();
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    adminCall(t, admin, method, url, payload);
  async function published(title: string, category = 'AI'): Promise<number> {
    const res = await call('POST', '/articles', articleDraft({ title, category }));
    const { id } = res.json() as { id: number };
    expect((await call('POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
    return id;
  }
  async function columnArticle(title: string, category: number): Promise<number> {
    const add = await t.call<{ id: number }>('space_add_article', {
      title,
      channel: 1,
      category,
      content: `<p>${title}的正文</p>`,
      is_push: 0,
      ...member.identity,
    });
    expect(add.code).toBe(0);
    return add.data.id;
  }
  const publicIdOf = async (columnId: number) =>
    Number(
      (
        await t.app.database.db
          .selectFrom('column_articles')
          .select('article_id')
          .where('id', '=', columnId)
          .executeTakeFirstOrThrow()
      ).article_id,
    );

  /** Makes every insert into `table` fail, so the write around it rolls back; returns the undo. */
  async function failInsertsInto(table: string): Promise<() => Promise<void>> {
    const db = t.app.database.db;
    if (dialect === 'sqlite') {
      await sql`create trigger purge_test_fail before insert on ${sql.table(table)}
        begin select raise(abort, 'injected failure'); end`.execute(db);
      return async () => void (await sql`drop trigger purge_test_fail`.execute(db));
    }
    await sql`create or replace function purge_test_fail() returns trigger language plpgsql as
      $$ begin raise exception 'injected failure'; end $$`.execute(db);
    await sql`create trigger purge_test_fail before insert on ${sql.table(table)}
      for each row execute function purge_test_fail()`.execute(db);
    return async () => void (await sql`drop trigger purge_test_fail on ${sql.table(table)}`.execute(db));
  }

  it('a write that rolls back queues nothing; the same write committed has its purge', async () => {
    const id = await published('回滚不清除');
    await clear();
    // The edit's revision is written after its purge was queued: failing it rolls back both.
    const undo = await failInsertsInto('article_revisions');
    try {
      const failed = await call('PUT', `/articles/${id}`, articleDraft({ title: '回滚不清除（改）' }));
      expect(failed.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await queued()).toEqual([]);
    const saved = await call('PUT', `/articles/${id}`, articleDraft({ title: '回滚不清除（改）' }));
    expect(saved.statusCode).toBe(200);
    expect(await queued()).toEqual([`article-${id}`]);
  });

  it('an announce alone queues nothing (the writer queues its purge); a draft’s save neither', async () => {
    await clear();
    await t.app.contentChanges.announce();
    const draft = (await call('POST', '/articles', articleDraft({ title: '草稿' }))).json() as { id: number };
    expect((await call('PUT', `/articles/${draft.id}`, articleDraft({ title: '草稿改' }))).statusCode).toBe(
      200,
    );
    expect(await queued()).toEqual([]);
  });

  it('publish, take-down, delete, and the scheduler’s publish and take-down each queue the article', async () => {
    await clear();
    const id = await published('逐一清除');
    expect(await queued()).toEqual([`article-${id}`]);
    await clear();
    expect((await call('POST', `/articles/${id}/unpublish`, {})).statusCode).toBe(200);
    expect(await queued()).toEqual([`article-${id}`]);
    await clear();
    expect((await call('POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
    await clear();
    expect((await call('DELETE', `/articles/${id}`)).statusCode).toBe(204);
    expect(await queued()).toEqual([`article-${id}`]);

    const draft = (await call('POST', '/articles', articleDraft({ title: '定时' }))).json() as { id: number };
    const at = Date.now() + 3600_000;
    await call('POST', `/articles/${draft.id}/publish`, { at: new Date(at).toISOString() });
    await clear();
    expect(await t.app.scheduler.runOnce(at + 1)).toEqual([draft.id]);
    expect(await queued()).toEqual([`article-${draft.id}`]);
    await clear();
    const off = Date.now() + 7200_000;
    const set = await call('POST', `/articles/${draft.id}/unpublish-at`, { at: new Date(off).toISOString() });
    expect(set.statusCode).toBe(200);
    expect(await queued()).toEqual([]);
    expect(await t.app.scheduler.unpublishOnce(off + 1)).toEqual([draft.id]);
    expect(await queued()).toEqual([`article-${draft.id}`]);
  });

  it('a category change purges the article and its lists under both the old and the new category', async () => {
    const id = await published('换分类', 'AI');
    await clear();
    expect(
      (await call('PUT', `/articles/${id}`, articleDraft({ title: '换分类', category: 'storage' })))
        .statusCode,
    ).toBe(200);
    const keys = await queued();
    expect(keys).toEqual([`article-${id}`, `article-${id}@AI`]);
    const context = await purgeContext(t.app.database, keys);
    expect(context.categoryOf).toEqual(new Map([[id, STORAGE]]));
    const request = purgeTargets(keys, context.categoryOf, ORIGINS, context.topics);
    expect(request.keys.filter((k) => !k.startsWith('topic-')).sort()).toEqual([
      `article-${id}`,
      'home',
      'latest',
      'list-AI',
      'list-storage',
    ]);
    for (const url of [
      `/AI/${id}`,
      `/storage/${id}`,
      '/AI',
      '/storage',
      '/rss/AI.xml',
      '/rss/storage.xml',
      '/rss.xml',
      '/more?id=694',
      '/more?id=56',
      '/',
    ])
      expect(request.urls).toContain(`${ORIGINS.desktop}${url}`);
    for (const url of [`/AI/news/${id}`, `/storage/news/${id}`, '/'])
      expect(request.urls).toContain(`${ORIGINS.mobile}${url}`);
    // A save that keeps the category names no former one.
    await clear();
    expect(
      (await call('PUT', `/articles/${id}`, articleDraft({ title: '换分类二', category: 'storage' })))
        .statusCode,
    ).toBe(200);
    expect(await queued()).toEqual([`article-${id}`]);
  });

  it('pnpm admin and the back office queue the same purge for an approval, a re-approval into another category too', async () => {
    await clear();
    const viaCli = await columnArticle('命令行审核', 1);
    expect((await cli(t, 'approve', 'article', String(viaCli))).code).toBe(0);
    const cliPublic = await publicIdOf(viaCli);
    expect(await queued()).toEqual([`article-${cliPublic}`]);
    await clear();
    const viaBackOffice = await columnArticle('后台审核', 1);
    expect((await call('POST', `/review/articles/${viaBackOffice}/approve`, {})).statusCode).toBe(200);
    expect(await queued()).toEqual([`article-${await publicIdOf(viaBackOffice)}`]);

    // The member moves the approved article to another category; approved again, it leaves AI.
    const update = await t.call('space_update_article', {
      id: viaCli,
      title: '命令行审核',
      channel: 1,
      category: 2,
      content: '<p>改到存储</p>',
      is_push: 0,
      ...member.identity,
    });
    expect(update.code).toBe(0);
    await clear();
    expect((await cli(t, 'approve', 'article', String(viaCli))).code).toBe(0);
    expect(await queued()).toEqual([`article-${cliPublic}`, `article-${cliPublic}@AI`]);
    const cat = await t.app.database.db
      .selectFrom('articles')
      .select('cat_id')
      .where('id', '=', cliPublic)
      .executeTakeFirstOrThrow();
    expect(Number(cat.cat_id)).toBe(STORAGE);
    // A rejection changes no public page.
    await clear();
    const rejected = await columnArticle('不通过', 1);
    expect((await cli(t, 'reject', 'article', String(rejected), '--reason', '不符合要求')).code).toBe(0);
    expect(await queued()).toEqual([]);
  });

  it('a member deleting an approved article takes its public copy down and queues its purge', async () => {
    const id = await columnArticle('会员删除', 1);
    expect((await cli(t, 'approve', 'article', String(id))).code).toBe(0);
    const publicId = await publicIdOf(id);
    await clear();
    expect((await t.call('space_delete_article', { id, ...member.identity })).code).toBe(0);
    expect(await queued()).toEqual([`article-${publicId}`]);
    expect((await t.call('article_content', { id: publicId })).code).not.toBe(0);
  });

  it('a back-office resource queues `site`; the sensitive-word dictionary (on no page) nothing', async () => {
    await clear();
    const job = await call('POST', '/jobs', {
      title: '记者',
      city: '北京',
      count: '2',
      summary: '采写 IT 新闻',
      duties: ['采访'],
      requirements: ['本科'],
    });
    expect(job.statusCode, job.body).toBe(201);
    expect(await queued()).toEqual(['site']);
    await clear();
    expect((await call('POST', '/sensitive-words', { word: '清除测试词', level: 'block' })).statusCode).toBe(
      201,
    );
    expect(await queued()).toEqual([]);
  });

  it('the topics whose page shows a changed article are purged with it', async () => {
    const id = await published('专题里的文章', 'AI');
    const other = await published('别的文章', 'AI');
    const topic = async (cat_id: number, articles: number[], published = 1) =>
      Number(
        (
          await t.app.database.db
            .insertInto('topics')
            .values({
              kind: 'special',
              cat_id,
              title: `专题 ${cat_id} ${articles.join(',')}`,
              url: '',
              created_at: Date.now(),
              articles: JSON.stringify(articles),
              published,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const picking = await topic(STORAGE, [other, id]);
    const newestOfAi = await topic(694, []);
    const newestOfAll = await topic(0, []);
    // Not shown: a topic that picked another article (whose id contains this one's), one of
    // another category's newest, a draft.
    await topic(694, [Number(`${id}1`), other]);
    await topic(STORAGE, []);
    await topic(694, [id], 0);
    const keys = [`article-${id}`];
    expect((await purgeContext(t.app.database, keys)).topics.sort((a, b) => a - b)).toEqual(
      [picking, newestOfAi, newestOfAll].sort((a, b) => a - b),
    );
    // Moved out of storage: topics of storage's newest are purged too.
    const storageNewest = (await purgeContext(t.app.database, [`article-${other}@storage`])).topics;
    expect(storageNewest).toHaveLength(1);
    const request = purgeTargets(keys, new Map([[id, 694]]), ORIGINS, [picking]);
    expect(request.keys).toContain(`topic-${picking}`);
    expect(request.urls).toContain(`${ORIGINS.desktop}/topic/${picking}`);
    expect(request.urls).toContain(`${ORIGINS.mobile}/topic/${picking}`);
  });
});
