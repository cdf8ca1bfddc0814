import { describe, expect, it } from 'vitest';
import type { Api, Envelope, TopicDetail } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { loadTopicPage, topicIdOf, topicPageOf, topicSeo } from './topicPage';

const topic: TopicDetail = {
  id: 7,
  title: '算力专题',
  description: '算力的一切',
  url: '/topic/7',
  thumb: '/uploads/t.jpg',
  keyword: '',
  created_at: '2026-11-20 10:00:00',
  list: [
    { id: 1, title: 'a', description: '', url: '/AI/1', thumb: '', keyword: '', created_at: '2026-11-20' },
  ],
};

/** An Api whose topic_detail answers `reply` and records its payloads. */
function fakeApi(
  reply: (payload: { id: number; page?: number; pageSize?: number }) => Envelope<TopicDetail>,
) {
  const calls: unknown[] = [];
  const api = {
    topic_detail: (payload: { id: number; page?: number; pageSize?: number }) => {
      calls.push(payload);
      return Promise.resolve(reply(payload));
    },
  } as unknown as Api;
  return { api, calls };
}

/** The status of the React Router response a loader threw. */
async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (err) {
    return (err as { init?: { status?: number } }).init?.status ?? -1;
  }
  return 200;
}

describe('topic page', () => {
  it('reads digits-only positive ids; anything else is the 404 page', async () => {
    expect(topicIdOf('12')).toBe(12);
    for (const bad of [undefined, '', '0', '1x', '-1', '1234567890'])
      expect(await statusOf(Promise.resolve().then(() => topicIdOf(bad)))).toBe(404);
  });

  it('reads ?page (1 when absent or malformed)', () => {
    expect(topicPageOf(new URLSearchParams('page=3'))).toBe(3);
    for (const q of ['', 'page=0', 'page=x', 'page=-2', 'page=99999999'])
      expect(topicPageOf(new URLSearchParams(q))).toBe(1);
  });

  it('loads a page of the topic with its total', async () => {
    const { api, calls } = fakeApi(() => ({ code: 0, msg: '', data: topic, total: 41 }));
    const page = await loadTopicPage(api, '7', new URLSearchParams('page=2'), 20);
    expect(calls).toEqual([{ id: 7, page: 2, pageSize: 20 }]);
    expect(page).toMatchObject({ total: 41, page: 2, pageSize: 20, topic: { id: 7, title: '算力专题' } });
    expect(page.items).toEqual(topic.list);
    expect(page.topic).not.toHaveProperty('list');
  });

  it('answers 404 for an unknown or unpublished topic, and for a page past the last', async () => {
    const missing = fakeApi(() => ({ code: ErrorCode.NotFound, msg: '专题不存在', data: null as never }));
    expect(await statusOf(loadTopicPage(missing.api, '8', new URLSearchParams(), 20))).toBe(404);
    const empty = fakeApi(() => ({ code: 0, msg: '', data: { ...topic, list: [] }, total: 1 }));
    expect(await statusOf(loadTopicPage(empty.api, '7', new URLSearchParams('page=9'), 20))).toBe(404);
    // Page 1 of a topic without articles still shows the topic.
    expect((await loadTopicPage(empty.api, '7', new URLSearchParams(), 20)).items).toEqual([]);
  });

  it('gives the SEO title and description', () => {
    expect(topicSeo(topic).title).toMatch(/^算力专题-专题-/);
    expect(topicSeo(topic, 2).title).toMatch(/^算力专题_第2页-专题-/);
    expect(topicSeo(topic).description).toBe('算力的一切');
    expect(topicSeo({ ...topic, description: '' }).description).toContain('算力专题');
  });
});
