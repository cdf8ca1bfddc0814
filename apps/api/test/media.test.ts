import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { RELATED_VIDEOS } from '@portal/api-client/constants';
import type { Video, VideoDetail, WhitePaper } from '@portal/api-client/contract';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

describe.each(DIALECTS)('video and white paper calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  it('video_detail: the video with up to 8 related videos of its category', async () => {
    const res = await t.call<VideoDetail>('video_detail', { id: 1 });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: 1,
      title: '视频1',
      video_type: 1,
      url: 'https://player.example.com/1',
    });
    expect(res.data.relate.map((v) => v.id)).toEqual([10, 9, 8, 7, 6, 5, 4, 3]);
    expect(res.data.relate).toHaveLength(RELATED_VIDEOS);
    expect(res.data).not.toHaveProperty('cat_id');
    const aiVideo = await t.call<VideoDetail>('video_detail', { id: 11 });
    expect(aiVideo.data).toMatchObject({ video_type: 1 });
    expect(aiVideo.data.relate.map((v) => v.id)).toEqual([12]);
    expect((await t.call<VideoDetail>('video_detail', { id: 12 })).data).toMatchObject({
      video_type: 2,
      url: '/uploads/v12.mp4',
    });
  });

  it('video_detail: unknown and bad ids', async () => {
    expect(await t.call('video_detail', { id: 999 })).toMatchObject({
      code: ErrorCode.NotFound,
      msg: '视频不存在',
    });
    expect(await t.call('video_detail', {})).toMatchObject({
      code: ErrorCode.Validation,
      msg: '视频不能为空',
    });
  });

  it('mvideo_list: data.list with total, 12 per page by default', async () => {
    const res = await t.call<{ list: Video[] }>('mvideo_list', {});
    expect(res.total).toBe(12);
    expect(res.data.list.map((v) => v.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const p2 = await t.call<{ list: Video[] }>('mvideo_list', { page: 2, pageSize: 5 });
    expect(p2.data.list.map((v) => v.id)).toEqual([7, 6, 5, 4, 3]);
    expect((await t.call('mvideo_list', { pageSize: 1000 })).code).toBe(ErrorCode.Validation);
  });

  it('get_schoolTop and get_school', async () => {
    expect((await t.call<Video[]>('get_schoolTop')).data.map((v) => v.id)).toEqual([3, 2, 1]);
    const section = await t.call<Video[]>('get_school', { cat_id: 43, page: 1, pageSize: 9 });
    expect(section.total).toBe(12);
    expect(section.data).toHaveLength(9);
    const ai = await t.call<Video[]>('get_school', { cat_id: 694, page: 1, pageSize: 9 });
    expect(ai).toMatchObject({ code: 0, total: 2 });
    expect(ai.data.map((v) => v.id)).toEqual([12, 11]);
  });

  it('doc_ls_fronted and doc_detail', async () => {
    const list = await t.call<WhitePaper[]>('doc_ls_fronted', { page: 1, pageSize: 9 });
    expect(list.total).toBe(4);
    expect(list.data.map((w) => [w.id, w.is_free])).toEqual([
      [4, 0],
      [3, 0],
      [2, 1],
      [1, 0],
    ]);
    const doc = await t.call<WhitePaper>('doc_detail', { id: 2 });
    expect(doc.data).toMatchObject({ id: 2, title: '付费白皮书', is_free: 1, url: '/white_pager/pdf?id=2' });
    expect(await t.call('doc_detail', { id: 77 })).toMatchObject({
      code: ErrorCode.NotFound,
      msg: '白皮书不存在',
    });
    expect((await t.call('doc_ls_fronted', { page: -1 })).code).toBe(ErrorCode.Validation);
  });
});
