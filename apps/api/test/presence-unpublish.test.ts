import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle, AdminError } from '@portal/api-client/admin';
import { ErrorCode } from '@portal/api-client/codes';
import { buildApp } from '../src/app';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { adminCall, editorSession, type EditorSession } from './editor-helpers';

/** Issue 25 part 3: who else has a record open, and articles taken offline at a set time. */
describe.each(DIALECTS)('presence and 下线时间 on %s', (dialect) => {
  let t: TestApp;
  let zhang: EditorSession;
  let li: EditorSession;
  let checker: EditorSession;
  const draft = (title: string) => ({ title, category: 'AI', content: '<p>正文</p>' });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    zhang = await editorSession(t, 'zhang', 'editor');
    li = await editorSession(t, 'li', 'admin');
    checker = await editorSession(t, 'checker', 'reviewer');
  });
  afterAll(async () => t?.close());

  async function published(): Promise<number> {
    const { id } = (await adminCall(t, zhang, 'POST', '/articles', draft('将要下线的文章'))).json() as {
      id: number;
    };
    expect((await adminCall(t, zhang, 'POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
    return id;
  }

  describe('presence', () => {
    it('shows who else has the article open, on its page and in a list, until they leave', async () => {
      const beat = (who: EditorSession, id: string) =>
        adminCall(t, who, 'POST', '/presence', { entity: 'article', id });
      expect((await beat(zhang, '7')).json()).toEqual({ editors: [] });
      expect((await beat(li, '7')).json()).toEqual({ editors: ['zhang'] });
      expect((await beat(zhang, '7')).json()).toEqual({ editors: ['li'] });
      const list = await adminCall(t, li, 'GET', '/presence?entity=article&ids=7,8');
      expect(list.json()).toEqual({ '7': ['zhang'] });
      expect((await adminCall(t, zhang, 'DELETE', '/presence?entity=article&id=7')).statusCode).toBe(204);
      expect((await adminCall(t, li, 'GET', '/presence?entity=article&ids=7')).json()).toEqual({});
    });

    it('forgets an editor whose heartbeat stopped', async () => {
      await adminCall(t, zhang, 'POST', '/presence', { entity: 'jobs', id: '3' });
      await t.app.database.db
        .updateTable('editing_presence')
        .set({ seen_at: Date.now() - 60_000 })
        .where('entity', '=', 'jobs')
        .execute();
      expect((await adminCall(t, li, 'POST', '/presence', { entity: 'jobs', id: '3' })).json()).toEqual({
        editors: [],
      });
    });

    it('answers bad input and other roles clearly', async () => {
      const bad = [
        ['POST', '/presence', { entity: 'nope', id: '1' }],
        ['POST', '/presence', { entity: 'article', id: 'x'.repeat(101) }],
        ['POST', '/presence', { entity: 'article' }],
        ['GET', `/presence?entity=article&ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`],
        ['GET', '/presence?entity=article&ids=,,,'],
      ] as const;
      for (const [method, url, body] of bad) {
        const res = await adminCall(t, li, method, url, body);
        expect(res.statusCode, url).toBe(400);
        expect((res.json() as AdminError).message).toMatch(/[\u4e00-\u9fff]/);
      }
      // A reviewer does not edit articles, so does not see who does.
      expect((await adminCall(t, checker, 'GET', '/presence?entity=article&ids=1')).statusCode).toBe(403);
      expect(
        (await adminCall(t, checker, 'POST', '/presence', { entity: 'article', id: '1' })).statusCode,
      ).toBe(403);
    });
  });

  describe('下线时间', () => {
    it('takes the article offline at its time, exactly once across processes', async () => {
      const id = await published();
      const at = Date.now() + 60_000;
      const set = await adminCall(t, zhang, 'POST', `/articles/${id}/unpublish-at`, {
        at: new Date(at).toISOString(),
      });
      expect(set.statusCode, set.body).toBe(200);
      expect((set.json() as AdminArticle).unpublishAt).toBe(new Date(at).toISOString());
      expect(await t.app.scheduler.unpublishOnce(Date.now())).not.toContain(id);
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.Ok);

      const second = await buildApp(t.config);
      try {
        const runs =
          dialect === 'postgres'
            ? await Promise.all([
                t.app.scheduler.unpublishOnce(at + 1),
                second.scheduler.unpublishOnce(at + 1),
              ])
            : [await t.app.scheduler.unpublishOnce(at + 1), await second.scheduler.unpublishOnce(at + 1)];
        expect(runs.flat().filter((x) => x === id)).toEqual([id]);
      } finally {
        await second.close();
      }
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);
      const after = (await adminCall(t, zhang, 'GET', `/articles/${id}`)).json() as AdminArticle;
      expect(after).toMatchObject({ status: 'unpublished', unpublishAt: null });
    });

    it('is cleared by an empty time or a manual unpublish', async () => {
      const id = await published();
      const at = new Date(Date.now() + 3_600_000).toISOString();
      await adminCall(t, zhang, 'POST', `/articles/${id}/unpublish-at`, { at });
      const cleared = await adminCall(t, zhang, 'POST', `/articles/${id}/unpublish-at`, { at: '' });
      expect((cleared.json() as AdminArticle).unpublishAt).toBeNull();
      await adminCall(t, zhang, 'POST', `/articles/${id}/unpublish-at`, { at });
      await adminCall(t, zhang, 'POST', `/articles/${id}/unpublish`, {});
      expect(
        ((await adminCall(t, zhang, 'GET', `/articles/${id}`)).json() as AdminArticle).unpublishAt,
      ).toBeNull();
    });

    it('refuses a time in the past, a draft, a bad time and an unknown article', async () => {
      const id = await published();
      const past = await adminCall(t, zhang, 'POST', `/articles/${id}/unpublish-at`, {
        at: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ field: 'at', message: expect.stringContaining('下线时间') });
      const garbled = await adminCall(t, zhang, 'POST', `/articles/${id}/unpublish-at`, { at: '明天' });
      expect(garbled.statusCode).toBe(400);
      const { id: draftId } = (await adminCall(t, zhang, 'POST', '/articles', draft('草稿'))).json() as {
        id: number;
      };
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect(
        (await adminCall(t, zhang, 'POST', `/articles/${draftId}/unpublish-at`, { at: future })).statusCode,
      ).toBe(409);
      expect(
        (await adminCall(t, zhang, 'POST', '/articles/99999999/unpublish-at', { at: future })).statusCode,
      ).toBe(404);
    });
  });
});
