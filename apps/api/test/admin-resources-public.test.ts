import { describe, expect, it } from 'vitest';
import type { Ads, Banner, EventItem, ListItem, TopicDetail, Video } from '@portal/api-client/contract';
import { MOBILE_MENU } from '@portal/api-client/constants';
import { ErrorCode } from '@portal/api-client/codes';
import { DIALECTS } from './helpers';
import { nextKey, resourceDesk, sample } from './resource-desk';

describe.each(DIALECTS)('admin resources on %s', (dialect) => {
  const { t, admin, call, create, publicData } = resourceDesk(dialect);

  describe('changes reach the public calls', () => {
    /** The first `limit` published articles (of category `catId`), by id. */
    const publishedIds = async (limit: number, catId?: number) => {
      let query = t.app.database.db.selectFrom('articles').select('id').where('status', '=', 1);
      if (catId !== undefined) query = query.where('cat_id', '=', catId);
      return (await query.orderBy('id').limit(limit).execute()).map((r) => Number(r.id));
    };

    it('home banner: order and start/end time', async () => {
      const later = await create('banners', { title: '未来的轮播', start_at: '2099-01-01T00:00:00Z' });
      const over = await create('banners', { title: '过期的轮播', end_at: '2000-01-01T00:00:00Z' });
      const first = await create('banners', { title: '第一张轮播' });
      const second = await create('banners', { title: '第二张轮播' });
      await call(admin(), 'POST', '/banners/order', { ids: [second.id, first.id] });
      const loop = await publicData<Banner[]>('get_loop');
      const titles = loop.map((b) => b.title);
      expect(titles).not.toContain('未来的轮播');
      expect(titles).not.toContain('过期的轮播');
      expect(titles.indexOf('第二张轮播')).toBeLessThan(titles.indexOf('第一张轮播'));
      expect((await publicData<Banner[]>('get_loop', { type: 'mobile' })).map((b) => b.title)).not.toContain(
        '第一张轮播',
      );
      await call(admin(), 'DELETE', `/banners/${later.id}`);
      await call(admin(), 'DELETE', `/banners/${over.id}`);
    });

    it('ad slot 1: set, changed, emptied', async () => {
      await call(admin(), 'DELETE', '/ads/1');
      expect((await publicData<Ads>('get_adv')).one).toBeNull();
      await create('ads', {
        slot: 1,
        title: '首页通栏',
        thumb: '/uploads/one.jpg',
        url: 'https://example.com/1',
      });
      expect((await publicData<Ads>('get_adv')).one).toMatchObject({
        title: '首页通栏',
        thumb: '/uploads/one.jpg',
      });
      const put = await call(admin(), 'PUT', '/ads/1', {
        title: '换了',
        thumb: '/uploads/two.jpg',
        url: '/x',
        end_at: '2000-01-01',
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await publicData<Ads>('get_adv')).one).toBeNull();
    });

    it('blocks: the pinned news lead get_news, the picked hot list replaces get_right.hot', async () => {
      const ids = await publishedIds(3);
      expect(ids.length).toBe(3);
      const pick = [ids[2], ids[0]];
      const existing = (await call(admin(), 'GET', '/blocks?block=news&cat_id=0')).json() as {
        items: { id: number }[];
      };
      for (const b of existing.items) await call(admin(), 'DELETE', `/blocks/${b.id}`);
      await create('blocks', { block: 'news', cat_id: 0, articles: pick });
      const news = await publicData<ListItem[]>('get_news');
      expect(news.slice(0, 2).map((a) => a.id)).toEqual(pick);
      expect(new Set(news.map((a) => a.id)).size).toBe(news.length);
      const dup = await call(admin(), 'POST', '/blocks', { block: 'news', cat_id: 0, articles: [] });
      expect(dup.statusCode).toBe(409);
      await create('blocks', { block: 'hot', cat_id: 0, articles: [ids[1]] });
      const right = await publicData<{ hot: ListItem[] }>('get_right');
      expect(right.hot.map((a) => a.id)).toEqual([ids[1]]);
    });

    it('topic: topic_detail lists the picked articles in order, else its category newest', async () => {
      const ids = await publishedIds(3, 694);
      expect(ids.length).toBe(3);
      const topic = await create('topics', { title: '算力专题', cat_id: 694, articles: [ids[2], ids[0]] });
      const detail = await publicData<TopicDetail>('topic_detail', { id: topic.id });
      expect(detail.title).toBe('算力专题');
      expect(detail.list.map((a) => a.id)).toEqual([ids[2], ids[0]]);
      const put = await call(admin(), 'PUT', `/topics/${topic.id}`, {
        kind: 'special',
        cat_id: 694,
        title: '算力专题',
        url: '/AI',
        articles: [ids[1]],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await publicData<TopicDetail>('topic_detail', { id: topic.id })).list.map((a) => a.id)).toEqual(
        [ids[1]],
      );
      await call(admin(), 'PUT', `/topics/${topic.id}`, {
        kind: 'special',
        cat_id: 694,
        title: '算力专题',
        url: '/AI',
      });
      const fallback = await publicData<TopicDetail>('topic_detail', { id: topic.id });
      expect(fallback.list.length).toBeGreaterThan(1);
      await call(admin(), 'DELETE', `/topics/${topic.id}`);
      expect((await t.call('topic_detail', { id: topic.id })).code).not.toBe(0);
    });

    it('topic page: published only, paged with a total, linked from every topic list', async () => {
      const ids = (await publicData<ListItem[]>('cate_list', { cat_id: 0, page: 1, pageSize: 5 })).map(
        (a) => a.id,
      );
      expect(ids.length).toBeGreaterThanOrEqual(3);
      const topic = await create('topics', { title: '分页专题', kind: 'special', cat_id: 0, articles: ids });
      const page2 = await t.call<TopicDetail>('topic_detail', { id: topic.id, page: 2, pageSize: 2 });
      expect(page2.code).toBe(0);
      expect(page2.total).toBe(ids.length);
      expect(page2.data.list.map((a) => a.id)).toEqual(ids.slice(2, 4));
      expect(page2.data.url).toBe(`/topic/${topic.id}`);
      const bad = await t.call('topic_detail', { id: topic.id, page: 0 });
      expect(bad.code).not.toBe(0);

      // Listed (newest first) with a link to its page, on the home and the phone's topic menu.
      const special = await publicData<ListItem[]>('get_special');
      expect(special[0]).toMatchObject({ id: topic.id, url: `/topic/${topic.id}` });
      const menu = await publicData<ListItem[]>('m_news', {
        menu_id: MOBILE_MENU.topics,
        page: 1,
        pageSize: 10,
      });
      expect(menu[0]?.url).toBe(`/topic/${topic.id}`);

      // A draft: no page, in no list.
      const body = { kind: 'special', cat_id: 0, title: '分页专题', url: '', articles: ids };
      const hidden = await call(admin(), 'PUT', `/topics/${topic.id}`, { ...body, published: false });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect((await t.call('topic_detail', { id: topic.id })).code).toBe(ErrorCode.NotFound);
      expect((await publicData<ListItem[]>('get_special')).map((x) => x.id)).not.toContain(topic.id);
      const menuAfter = await publicData<ListItem[]>('m_news', {
        menu_id: MOBILE_MENU.topics,
        page: 1,
        pageSize: 50,
      });
      expect(menuAfter.map((x) => x.id)).not.toContain(topic.id);

      // An address of its own (a campaign site) replaces the page link.
      await call(admin(), 'PUT', `/topics/${topic.id}`, {
        ...body,
        published: true,
        url: 'https://example.com/x',
      });
      expect((await publicData<ListItem[]>('get_special'))[0]?.url).toBe('https://example.com/x');
      await call(admin(), 'DELETE', `/topics/${topic.id}`);
    });

    it('mTop: the mtop block replaces the recommended top of the mobile home', async () => {
      const ids = await publishedIds(2);
      const block = await create('blocks', { block: 'mtop', cat_id: 0, articles: [ids[1], ids[0]] });
      const top = await publicData<ListItem[]>('mTop', { type: MOBILE_MENU.recommended });
      expect(top.map((a) => a.id)).toEqual([ids[1], ids[0]]);
      await call(admin(), 'DELETE', `/blocks/${block.id}`);
      const auto = await publicData<ListItem[]>('mTop', { type: MOBILE_MENU.recommended });
      expect(auto.map((a) => a.id)).not.toEqual([ids[1], ids[0]]);
    });

    it('video and white paper show in their lists', async () => {
      await create('videos', { title: '新上传的视频', video_type: 2, url: '/uploads/new.mp4' });
      expect((await publicData<Video[]>('get_video')).map((v) => v.title)).toContain('新上传的视频');
      const paper = await create('white-papers', { title: '新白皮书' });
      const papers = await publicData<{ title: string; id: number }[]>('doc_ls_fronted', {
        page: 1,
        pageSize: 50,
      });
      expect(papers.map((p) => p.title)).toContain('新白皮书');
      expect((await publicData<{ title: string }>('doc_detail', { id: paper.id })).title).toBe('新白皮书');
    });

    it('video: a player frame only from the player hosts, refused at save naming them', async () => {
      const evil = '<iframe src="https://evil.example/login"></iframe>';
      for (const [method, path] of [
        ['POST', '/videos'],
        ['PUT', '/videos/1'],
      ] as const) {
        const res = await call(admin(), method, path, {
          ...sample('videos', 90),
          video_type: 1,
          iframe: evil,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          field: 'iframe',
          message: expect.stringContaining('player.bilibili.com'),
        });
      }
      const pageUrl = await call(admin(), 'POST', '/videos', {
        ...sample('videos', 91),
        video_type: 1,
        url: 'http://player.bilibili.com/x',
      });
      expect(pageUrl.json()).toMatchObject({ field: 'url' });
      const good = await create('videos', {
        video_type: 1,
        iframe: '<iframe src="https://player.bilibili.com/player.html?bvid=BV1" allowfullscreen></iframe>',
      });
      expect((await publicData<Video>('video_detail', { id: good.id })).iframe).toContain(
        'player.bilibili.com',
      );
    });

    it('event: listed with its year and month filter', async () => {
      await create('events', {
        title: '年末渠道大会',
        city: '深圳',
        start_at: '2026-12-20T09:00:00+08:00',
        end_at: '2026-12-20T18:00:00+08:00',
      });
      const list = await publicData<EventItem[]>('meet_index', {
        year: 2026,
        month: 12,
        city: '深圳',
        page: 1,
        pageSize: 10,
      });
      expect(list.map((e) => e.title)).toContain('年末渠道大会');
      const bad = await call(admin(), 'POST', '/events', {
        ...sample('events', nextKey()),
        end_at: '2026-11-30T00:00:00+08:00',
      });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { field: string }).field).toBe('end_at');
    });
  });
});
