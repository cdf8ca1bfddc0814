import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { ArticleStatus, ColumnStatus, TITLE_MAX } from '@portal/api-client/constants';
import type { ColumnArticle, Option } from '@portal/api-client/contract';
import { MSG } from '@portal/api-client/schemas';
import { up as migration024 } from '../src/db/migrations/024_column_rejected';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember, type Session } from './member-helpers';

export const ARTICLE = {
  title: '中小企业上云实践',
  channel: 1,
  category: 1,
  content: '<p>正文<strong>内容</strong></p>',
  description: '一篇测试文章',
  keyword: '云计算，上云, 运维',
  is_push: 1,
};

describe.each(DIALECTS)('member column on %s', (dialect) => {
  let t: TestApp;
  let a: Session;
  let b: Session;

  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertMemberFixtures(app.database));
    a = await newMember(t);
    b = await newMember(t);
  });
  afterAll(async () => t?.close());

  const setColumn = (s: Session, status: number, refuse = '') =>
    t.app.database.db
      .updateTable('members')
      .set({ column_status: status, column_refuse: refuse })
      .where('id', '=', s.id)
      .execute();

  describe('application', () => {
    it('goes 0 → 1 and cannot be repeated while under review or approved', async () => {
      const m = await newMember(t);
      expect((await t.call('check_space', { id: m.id, ...m.identity })).data).toEqual({
        status: 0,
        msg: '您还没有申请专栏',
      });
      const applied = await t.call('space_apply', { id: m.id, ...m.identity });
      expect(applied).toMatchObject({ code: 0, data: { status: ColumnStatus.UnderReview } });
      expect((await t.call<{ status: number }>('check_space', { id: m.id, ...m.identity })).data.status).toBe(
        1,
      );
      expect((await t.call('space_apply', { id: m.id, ...m.identity })).code).toBe(ErrorCode.Conflict);
      await setColumn(m, ColumnStatus.Approved);
      expect((await t.call('space_apply', { id: m.id, ...m.identity })).code).toBe(ErrorCode.Conflict);
    });

    it('shows the refusal message when rejected, and allows applying again', async () => {
      const m = await newMember(t);
      await setColumn(m, -1, '资料不完整');
      expect((await t.call('check_space', { id: m.id, ...m.identity })).data).toEqual({
        status: -1,
        msg: '资料不完整',
      });
      expect((await t.call('space_apply', { id: m.id, ...m.identity })).code).toBe(0);
    });

    it('reads a 未通过 the back office once stored as 3 as a rejection after migration 024', async () => {
      const m = await newMember(t);
      const kept = await newMember(t);
      await setColumn(m, 3);
      await setColumn(kept, ColumnStatus.Approved);
      await migration024(t.app.database.db as Kysely<unknown>);
      expect((await t.call('check_space', { id: m.id, ...m.identity })).data).toEqual({
        status: ColumnStatus.Rejected,
        msg: MSG.columnRejected,
      });
      expect((await t.call('space_apply', { id: m.id, ...m.identity })).code).toBe(0);
      expect((await t.call('check_space', { id: kept.id, ...kept.identity })).data).toMatchObject({
        status: ColumnStatus.Approved,
      });
    });

    it('only for the caller', async () => {
      expect((await t.call('check_space', { id: b.id, ...a.identity })).code).toBe(ErrorCode.Forbidden);
      expect((await t.call('space_apply', { id: b.id, ...a.identity })).code).toBe(ErrorCode.Forbidden);
    });
  });

  describe('channels and categories', () => {
    it('lists channels and the categories of one channel', async () => {
      const channels = await t.call<Option[]>('space_channel', a.identity);
      expect(channels.data).toEqual([
        { id: 1, name: '技术' },
        { id: 2, name: '行业' },
      ]);
      const cats = await t.call<Option[]>('space_category', { channel_id: 2, ...a.identity });
      expect(cats.data).toEqual([{ id: 3, name: '软件' }]);
    });
  });

  describe('articles', () => {
    beforeAll(async () => {
      await setColumn(a, ColumnStatus.Approved);
      await setColumn(b, ColumnStatus.Approved);
    });

    it('refuses writing before the column is approved', async () => {
      const m = await newMember(t);
      for (const status of [ColumnStatus.NotApplied, ColumnStatus.UnderReview, -1]) {
        await setColumn(m, status);
        const res = await t.call('space_add_article', { ...ARTICLE, ...m.identity });
        expect(res.code).toBe(ErrorCode.Forbidden);
      }
    });

    it('adds an article pending review, or as a draft', async () => {
      const res = await t.call<{ id: number }>('space_add_article', { ...ARTICLE, ...a.identity });
      expect(res.code).toBe(0);
      const got = await t.call<ColumnArticle>('space_edit_article', { id: res.data.id, ...a.identity });
      expect(got.data).toMatchObject({
        title: ARTICLE.title,
        channel: 1,
        category: 1,
        content: ARTICLE.content,
        keyword: '云计算,上云,运维',
        is_push: 1,
        status: ArticleStatus.Pending,
        showStatus: '待审核',
        refuse: '',
      });
      const draft = await t.call<{ id: number }>('space_add_article', {
        ...ARTICLE,
        draft: 1,
        ...a.identity,
      });
      expect(
        (await t.call<ColumnArticle>('space_edit_article', { id: draft.data.id, ...a.identity })).data.status,
      ).toBe(0);
    });

    it.each([
      [{ title: '' }, MSG.titleRequired],
      [{ title: '长'.repeat(TITLE_MAX + 1) }, MSG.titleTooLong],
      [{ content: '' }, MSG.contentRequired],
      [{ content: '<p><br></p>' }, MSG.contentRequired],
      [{ content: '<p>&nbsp; </p>' }, MSG.contentRequired],
      // Empty once sanitised.
      [{ content: '<script>alert(1)</script>' }, MSG.contentRequired],
      [{ channel: '' }, MSG.channelRequired],
      [{ category: 0 }, MSG.categoryRequired],
      // A category of another channel.
      [{ category: 3 }, MSG.categoryRequired],
      [{ is_push: '' }, MSG.isPushRequired],
      [{ is_push: 2 }, MSG.isPushRequired],
    ])('validates %j', async (override, msg) => {
      const res = await t.call('space_add_article', { ...ARTICLE, ...override, ...a.identity });
      expect(res).toMatchObject({ code: ErrorCode.Validation, msg });
    });

    it('accepts a title of exactly 25 characters', async () => {
      expect(
        (await t.call('space_add_article', { ...ARTICLE, title: '题'.repeat(TITLE_MAX), ...a.identity }))
          .code,
      ).toBe(0);
    });

    it('lists only the caller’s articles, 10 a page, filtered by status and title', async () => {
      const m = await newMember(t);
      await setColumn(m, ColumnStatus.Approved);
      for (let i = 0; i < 12; i++) {
        await t.call('space_add_article', {
          ...ARTICLE,
          title: `列表文章${i}`,
          draft: i % 3 === 0 ? 1 : 0,
          ...m.identity,
        });
      }
      await t.call('space_add_article', { ...ARTICLE, title: '特别的50%_标题', ...m.identity });
      const page1 = await t.call<ColumnArticle[]>('space_list', { page: 1, ...m.identity });
      expect(page1.data).toHaveLength(10);
      expect(page1.total).toBe(13);
      const page2 = await t.call<ColumnArticle[]>('space_list', { page: 2, ...m.identity });
      expect(page2.data).toHaveLength(3);
      const drafts = await t.call<ColumnArticle[]>('space_list', { status: 0, ...m.identity });
      expect(drafts.total).toBe(4);
      expect(drafts.data.every((x) => x.status === 0 && x.showStatus === '未审核')).toBe(true);
      const all = await t.call<ColumnArticle[]>('space_list', {
        status: '',
        title: '列表文章1',
        ...m.identity,
      });
      expect(all.data.map((x) => x.title).sort()).toEqual(['列表文章1', '列表文章10', '列表文章11']);
      // % and _ are matched literally.
      const literal = await t.call<ColumnArticle[]>('space_list', { title: '50%_', ...m.identity });
      expect(literal.data.map((x) => x.title)).toEqual(['特别的50%_标题']);
      expect((await t.call<ColumnArticle[]>('space_list', { title: '%', ...m.identity })).total).toBe(1);
      expect((await t.call('space_list', { status: 2, ...m.identity })).code).toBe(ErrorCode.Validation);
      // Nobody else's articles.
      const others = await t.call<ColumnArticle[]>('space_list', { title: '列表文章', ...a.identity });
      expect(others.total).toBe(0);
    });

    it('shows the refusal only for rejected articles', async () => {
      const res = await t.call<{ id: number }>('space_add_article', { ...ARTICLE, ...a.identity });
      await t.app.database.db
        .updateTable('column_articles')
        .set({ status: -1, refuse: '内容不符合规范' })
        .where('id', '=', res.data.id)
        .execute();
      const rejected = await t.call<ColumnArticle>('space_edit_article', { id: res.data.id, ...a.identity });
      expect(rejected.data).toMatchObject({ status: -1, showStatus: '未通过', refuse: '内容不符合规范' });
      await t.app.database.db
        .updateTable('column_articles')
        .set({ status: 1 })
        .where('id', '=', res.data.id)
        .execute();
      const pending = await t.call<ColumnArticle>('space_edit_article', { id: res.data.id, ...a.identity });
      expect(pending.data.refuse).toBe('');
    });

    it('updates and deletes only one’s own articles; another member gets NotFound', async () => {
      const mine = await t.call<{ id: number }>('space_add_article', { ...ARTICLE, ...a.identity });
      const id = mine.data.id;
      const notFound = { code: ErrorCode.NotFound, msg: '文章不存在', data: null };
      expect(await t.call('space_edit_article', { id, ...b.identity })).toEqual(notFound);
      expect(
        await t.call('space_update_article', { ...ARTICLE, id, title: '被篡改', ...b.identity }),
      ).toEqual(notFound);
      expect(await t.call('space_delete_article', { id, ...b.identity })).toEqual(notFound);
      // A stoken of b with member_id of a is not a session at all.
      expect((await t.call('space_delete_article', { id, stoken: b.stoken, member_id: a.id })).code).toBe(
        ErrorCode.SessionInvalid,
      );
      expect((await t.call<ColumnArticle>('space_edit_article', { id, ...a.identity })).data.title).toBe(
        ARTICLE.title,
      );

      const upd = await t.call('space_update_article', {
        ...ARTICLE,
        id,
        title: '修改后的标题',
        ...a.identity,
      });
      expect(upd.code).toBe(0);
      expect((await t.call<ColumnArticle>('space_edit_article', { id, ...a.identity })).data).toMatchObject({
        title: '修改后的标题',
        status: 1,
      });
      expect((await t.call('space_delete_article', { id, ...a.identity })).code).toBe(0);
      expect(await t.call('space_edit_article', { id, ...a.identity })).toEqual(notFound);
      expect((await t.call('space_edit_article', { id: 'abc', ...a.identity })).code).toBe(
        ErrorCode.Validation,
      );
    });
  });
});
