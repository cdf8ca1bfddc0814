import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleDetail, ColumnArticle, ListItem } from '@portal/api-client/contract';
import sanitizeHtml from 'sanitize-html';
import { runAdmin } from '../src/admin/commands';
import { indexArticles } from '../src/db/search-index';
import { resanitizeStored } from '../src/repositories/resanitize';
import { SANITIZER_VERSION } from '../src/lib/sanitize';
import { cli } from './editor-helpers';
import { DIALECTS, useTestApp } from './helpers';
import { approvedColumnist, insertMemberFixtures, type Session } from './member-helpers';

// Every call of the sanitiser library, counted: the article sanitiser and the plain-text one both
// go through it, so a read that sanitised anything shows here.
vi.mock('sanitize-html', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof sanitizeHtml }>()).default;
  return { default: Object.assign(vi.fn(actual), actual) };
});
const sanitizerCalls = () => vi.mocked(sanitizeHtml).mock.calls.length;

/** HTML the current rules strip (as if an older version of the rules had let it through). */
const PAYLOAD =
  '<p>旧规则正文</p><img src=x onerror=alert(1)><script>alert(1)</script><textarea>留痕词</textarea>';
const expectClean = (html: string) => {
  expect(html).toContain('<p>旧规则正文</p>');
  expect(html).not.toMatch(/onerror|<script|alert|留痕词/);
};

describe.each(DIALECTS)('article HTML is sanitised once, when written, on %s', (dialect) => {
  const t = useTestApp(dialect, (app) => insertMemberFixtures(app.database));
  let m: Session;
  beforeAll(async () => {
    m = await approvedColumnist(t);
  });
  beforeEach(() => vi.mocked(sanitizeHtml).mockClear());

  /** A published article written around the API, stamped `version`, indexed for search. */
  async function storedArticle(version: number): Promise<number> {
    const db = t.app.database;
    const row = await db.db
      .insertInto('articles')
      .values({
        cat_id: 694,
        title: '规则升级前的文章',
        content: PAYLOAD,
        content_sanitizer: version,
        created_at: 1,
      })
      .returning(['id', 'title', 'description', 'keyword', 'content', 'created_at'])
      .executeTakeFirstOrThrow();
    await indexArticles(db, [{ ...row, id: Number(row.id), created_at: Number(row.created_at) }]);
    return Number(row.id);
  }

  it('saves sanitised HTML with the version, and serves it without sanitising again', async () => {
    const added = await t.call<{ id: number }>('space_add_article', {
      title: '写入时清理',
      channel: 1,
      category: 1,
      content: `<p>正文</p>${PAYLOAD}`,
      is_push: 0,
      ...m.identity,
    });
    expect(added.code).toBe(0);
    const saved = await t.app.database.db
      .selectFrom('column_articles')
      .select(['content', 'content_sanitizer'])
      .where('id', '=', added.data.id)
      .executeTakeFirstOrThrow();
    expect(saved.content_sanitizer).toBe(SANITIZER_VERSION);
    expectClean(saved.content);
    expect((await cli(t, 'approve', 'article', String(added.data.id))).code).toBe(0);
    const published = await t.app.database.db
      .selectFrom('column_articles as c')
      .innerJoin('articles as a', 'a.id', 'c.article_id')
      .select(['a.id', 'a.content', 'a.content_sanitizer'])
      .where('c.id', '=', added.data.id)
      .executeTakeFirstOrThrow();
    expect(published.content_sanitizer).toBe(SANITIZER_VERSION);
    expect(published.content).toBe(saved.content);

    vi.mocked(sanitizeHtml).mockClear();
    const page = await t.call<ArticleDetail>('article_content', { id: Number(published.id) });
    expect(page.data.content).toBe(saved.content);
    const edit = await t.call<ColumnArticle>('space_edit_article', { id: added.data.id, ...m.identity });
    expect(edit.data.content).toBe(saved.content);
    expect(sanitizerCalls()).toBe(0);
  });

  it('reads a row of another version through the sanitiser until it is rewritten', async () => {
    const id = await storedArticle(SANITIZER_VERSION - 1);
    const page = await t.call<ArticleDetail>('article_content', { id });
    expectClean(page.data.content);
    expect(sanitizerCalls()).toBeGreaterThan(0);
  });

  it('a version bump re-sanitises stored rows in resumable batches, search terms included', async () => {
    const db = t.app.database;
    // Rows stamped by older rules, by a newer build (a rollback), and by the current rules.
    const older = await Promise.all([1, 2, 3, 4, 5].map(() => storedArticle(SANITIZER_VERSION - 1)));
    const newer = await storedArticle(SANITIZER_VERSION + 1);
    const current = await storedArticle(SANITIZER_VERSION);
    const found = await t.call<{ list: ListItem[] }>('search_list', {
      title: '留痕词',
      page: 1,
      pageSize: 50,
    });
    expect(found.data.list.map((i) => i.id)).toEqual(expect.arrayContaining([...older, newer]));

    // Stopped after its first batch (a closing server), then resumed by the next run.
    let batches = 0;
    const first = await resanitizeStored(db, { batch: 2, stopped: () => batches++ > 0 });
    expect(first.rows.articles).toBe(2);
    const rest = await resanitizeStored(db, { batch: 2 });
    expect(rest.rows.articles).toBeGreaterThanOrEqual(4);
    expect((await resanitizeStored(db)).rows).toEqual({ articles: 0, column_articles: 0 });

    const rows = await db.db
      .selectFrom('articles')
      .select(['id', 'content', 'content_sanitizer'])
      .where('id', 'in', [...older, newer, current])
      .execute();
    for (const row of rows) {
      if (Number(row.id) === current) {
        // Trusted as the current rules' output: not rewritten.
        expect(row.content).toBe(PAYLOAD);
        continue;
      }
      expect(row.content_sanitizer).toBe(SANITIZER_VERSION);
      expectClean(row.content);
    }
    // The stripped textarea text left the search index with the old HTML.
    t.app.readCache.invalidate();
    const after = await t.call<{ list: ListItem[] }>('search_list', {
      title: '留痕词',
      page: 1,
      pageSize: 50,
    });
    expect(after.data.list.map((i) => i.id)).toEqual([current]);

    vi.mocked(sanitizeHtml).mockClear();
    const page = await t.call<ArticleDetail>('article_content', { id: older[0] });
    expectClean(page.data.content);
    expect(sanitizerCalls()).toBe(0);
  });

  it('column articles of another version are brought up to date by pnpm admin resanitize', async () => {
    const db = t.app.database;
    const { id } = await db.db
      .insertInto('column_articles')
      .values({
        member_id: m.id,
        title: '旧专栏文章',
        channel: 1,
        category: 1,
        content: PAYLOAD,
        content_sanitizer: SANITIZER_VERSION - 1,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const out: string[] = [];
    expect(await runAdmin(['resanitize'], db, { out: (l) => out.push(l), err: (l) => out.push(l) })).toBe(0);
    expect(out.join('\n')).toContain('专栏文章 1 篇');
    const row = await db.db
      .selectFrom('column_articles')
      .select(['content', 'content_sanitizer'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.content_sanitizer).toBe(SANITIZER_VERSION);
    expectClean(row.content);
    vi.mocked(sanitizeHtml).mockClear();
    const edit = await t.call<ColumnArticle>('space_edit_article', { id: Number(id), ...m.identity });
    expect(edit.data.content).toBe(row.content);
    expect(sanitizerCalls()).toBe(0);
  });
});
