import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type {
  AdminArticle,
  AdminArticleSummary,
  Paged,
  PublishResult,
  RevisionSummary,
} from '@portal/api-client/admin';
import { ErrorCode } from '@portal/api-client/codes';
import type { AuditEntry } from '@portal/api-client/entities/audit-entry';
import type { ArticleDetail, ListItem } from '@portal/api-client/contract';
import { buildApp } from '../src/app';
import { adminCall, adminUpload, articleDraft, type EditorSession } from './editor-helpers';
import { DIALECTS } from './helpers';
import { adminApiRoom } from './newsroom';

/** The back office's articles from draft to front page, its image uploads and its answers to bad input. */
describe.each(DIALECTS)('admin API on %s', (dialect) => {
  const { t, who, call } = adminApiRoom(dialect);
  const { admin, editor, reviewer } = who;

  describe('articles from draft to front page', () => {
    it('creates a sanitised draft that is not public, publishes it, and unpublishes it to a 404', async () => {
      const created = await call(editor, 'POST', '/articles', articleDraft());
      expect(created.statusCode).toBe(201);
      const { id, status } = created.json() as { id: number; status: string };
      expect(status).toBe('draft');
      const got = (await call(editor, 'GET', `/articles/${id}`)).json() as AdminArticle;
      expect(got.content).not.toContain('<script');
      expect(got).toMatchObject({
        title: '边缘计算落地中小企业',
        category: 'AI',
        status: 'draft',
        is_hot: true,
        revisions: 1,
      });
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);

      const published = await call(editor, 'POST', `/articles/${id}/publish`, {});
      expect(published.json()).toEqual({ id, status: 'published', url: `/AI/${id}` } satisfies PublishResult);
      const page = await t.call<ArticleDetail>('article_content', { id });
      expect(page.data).toMatchObject({ title: '边缘计算落地中小企业', author: '张记者' });
      const found = await t.call<{ list: ListItem[] }>('search_list', {
        title: '边缘计算落地',
        page: 1,
        pageSize: 10,
      });
      expect(found.data.list.map((x) => x.title)).toContain('边缘计算落地中小企业');
      expect(found.total).toBeGreaterThan(0);

      const off = await call(editor, 'POST', `/articles/${id}/unpublish`, {});
      expect(off.json()).toEqual({ id, status: 'unpublished' });
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);
      const gone = await t.call<{ list: ListItem[] }>('search_list', {
        title: '边缘计算落地',
        page: 1,
        pageSize: 10,
      });
      expect(gone.data.list.map((x) => x.title)).not.toContain('边缘计算落地中小企业');
    });

    it('schedules: not public before its time, published by the scheduler with the latest edit, exactly once', async () => {
      const { id } = (
        await call(editor, 'POST', '/articles', articleDraft({ title: '定时稿件原标题' }))
      ).json() as {
        id: number;
      };
      const at = Date.now() + 60_000;
      const scheduled = await call(editor, 'POST', `/articles/${id}/publish`, {
        at: new Date(at).toISOString(),
      });
      expect(scheduled.json()).toMatchObject({ id, status: 'scheduled' });
      // An edit while scheduled keeps the schedule; the scheduler publishes the edited version.
      const edited = await call(editor, 'PUT', `/articles/${id}`, articleDraft({ title: '定时稿件新标题' }));
      expect(edited.json()).toMatchObject({ status: 'scheduled', title: '定时稿件新标题', revisions: 2 });
      expect(await t.app.scheduler.runOnce(Date.now())).not.toContain(id);
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);

      // Two processes on one database both find the article due: it is published once. (On
      // SQLite both apps share this one thread, whose synchronous lock wait would stall the
      // other, so they take turns; PostgreSQL runs them at the same time.)
      const second = await buildApp(t.config);
      try {
        const runs =
          dialect === 'postgres'
            ? await Promise.all([t.app.scheduler.runOnce(at + 1), second.scheduler.runOnce(at + 1)])
            : [await t.app.scheduler.runOnce(at + 1), await second.scheduler.runOnce(at + 1)];
        expect(runs.flat().filter((x) => x === id)).toEqual([id]);
      } finally {
        await second.close();
      }
      const page = await t.call<ArticleDetail>('article_content', { id });
      expect(page.data.title).toBe('定时稿件新标题');
      const log = (await call(admin, 'GET', '/audit-log?action=publish')).json() as Paged<AuditEntry>;
      expect(log.items.filter((e) => e.entityId === String(id))).toHaveLength(1);
    });

    it('refuses a schedule in the past and a second publish', async () => {
      const { id } = (await call(editor, 'POST', '/articles', articleDraft())).json() as { id: number };
      const past = await call(editor, 'POST', `/articles/${id}/publish`, { at: '2020-01-01T00:00:00Z' });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ field: 'at' });
      expect((await call(editor, 'POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
      expect((await call(editor, 'POST', `/articles/${id}/publish`, {})).statusCode).toBe(409);
    });

    it('keeps a revision per save and restores an earlier one', async () => {
      const { id } = (
        await call(editor, 'POST', '/articles', articleDraft({ title: '第一版标题' }))
      ).json() as {
        id: number;
      };
      await call(editor, 'PUT', `/articles/${id}`, articleDraft({ title: '第二版标题' }));
      const revisions = (await call(editor, 'GET', `/articles/${id}/revisions`)).json() as RevisionSummary[];
      expect(revisions.map((r) => r.title)).toEqual(['第二版标题', '第一版标题']);
      const first = revisions[1];
      const restored = await call(editor, 'POST', `/articles/${id}/revisions/${first.id}/restore`, {});
      expect(restored.json()).toMatchObject({ title: '第一版标题', revisions: 3 });
    });

    it('lists with filters and paging', async () => {
      await call(
        editor,
        'POST',
        '/articles',
        articleDraft({ title: '筛选用稿件 100%_x', category: 'cloud' }),
      );
      const byTitle = (
        await call(editor, 'GET', `/articles?q=${encodeURIComponent('100%_')}`)
      ).json() as Paged<AdminArticleSummary>;
      expect(byTitle.items.map((a) => a.title)).toEqual(['筛选用稿件 100%_x']);
      const byCategory = (
        await call(editor, 'GET', '/articles?category=cloud&status=draft')
      ).json() as Paged<AdminArticleSummary>;
      expect(byCategory.items.every((a) => a.category === 'cloud' && a.status === 'draft')).toBe(true);
      const paged = (
        await call(editor, 'GET', '/articles?page=1&pageSize=2')
      ).json() as Paged<AdminArticleSummary>;
      expect(paged.items).toHaveLength(2);
      expect(paged.total).toBeGreaterThan(2);
    });

    it('deletes an article (and its public page)', async () => {
      const { id } = (await call(editor, 'POST', '/articles', articleDraft())).json() as { id: number };
      await call(editor, 'POST', `/articles/${id}/publish`, {});
      expect((await call(editor, 'DELETE', `/articles/${id}`)).statusCode).toBe(204);
      expect((await call(editor, 'GET', `/articles/${id}`)).statusCode).toBe(404);
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);
    });
  });

  describe('media uploads', () => {
    const send = (who: EditorSession | null, data: Buffer, { name = 'a.png', csrf = true } = {}) =>
      adminUpload(t, who, '/uploads', { name, type: 'image/png', data }, { csrf });

    it('stores an editor image (re-encoded) and refuses non-images, strangers, reviewers and missing CSRF', async () => {
      const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const ok = await send(editor, image);
      expect(ok.statusCode).toBe(200);
      expect((ok.json() as { url: string }).url).toMatch(
        /^\/uploads\/editor\/\d{6}\/[0-9a-f-]{36}(_\d+x\d+)?\.png$/,
      );
      const html = await send(editor, Buffer.from('<svg onload=alert(1)>'), { name: 'x.png' });
      expect(html.statusCode).toBe(400);
      expect((html.json() as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
      expect((await send(null, image)).statusCode).toBe(401);
      expect((await send(editor, image, { csrf: false })).statusCode).toBe(403);
      expect((await send(reviewer, image)).statusCode).toBe(403);
    });
  });

  describe('bad input', () => {
    it('answers 400 naming the field, 404 for unknown records and paths, never 5xx', async () => {
      const cases: [string, string, object | undefined, number, string?][] = [
        ['POST', '/articles', { ...articleDraft(), title: '' }, 400, 'title'],
        ['POST', '/articles', { ...articleDraft(), title: 'x'.repeat(81) }, 400, 'title'],
        ['POST', '/articles', { ...articleDraft(), category: 'nope' }, 400, 'category'],
        ['POST', '/articles', { ...articleDraft(), is_hot: 'maybe' }, 400, 'is_hot'],
        ['GET', '/articles?page=0', undefined, 400, 'page'],
        ['GET', '/articles?page=1e300', undefined, 400, 'page'],
        ['GET', '/articles?pageSize=101', undefined, 400, 'pageSize'],
        ['GET', '/articles?status=gone', undefined, 400, 'status'],
        ['GET', '/articles?from=yesterday', undefined, 400, 'from'],
        ['GET', '/articles/abc', undefined, 400, 'id'],
        ['GET', '/articles/99999999', undefined, 404],
        ['PUT', '/articles/99999999', articleDraft(), 404],
        ['POST', '/articles/99999999/publish', {}, 404],
        ['GET', '/nope', undefined, 404],
      ];
      for (const [method, url, payload, status, field] of cases) {
        const res = await call(admin, method as 'GET', url, payload);
        expect({ url, status: res.statusCode }).toEqual({ url, status });
        const body = res.json() as { message: string; field?: string };
        expect(body.message).toMatch(/[\u4e00-\u9fff]/);
        if (field) expect(body.field).toBe(field);
      }
      const json = { headers: { 'content-type': 'application/json' } };
      const huge = await adminCall(
        t,
        admin,
        'POST',
        '/articles',
        JSON.stringify({ ...articleDraft(), content: 'x'.repeat(3 * 1024 * 1024) }),
        json,
      );
      expect([400, 413]).toContain(huge.statusCode);
      const poisoned = await adminCall(
        t,
        admin,
        'POST',
        '/articles',
        '{"__proto__":{"x":1},"title":"t"}',
        json,
      );
      expect(poisoned.statusCode).toBe(400);
    });
  });
});
