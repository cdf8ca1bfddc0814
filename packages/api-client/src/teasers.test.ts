import { describe, expect, it } from 'vitest';
import type { EventItem, ListItem, WhitePaper } from './contract';
import { eventTeaser, headline, neighbours, paperTeaser, pictureHeadline } from './teasers';

const item: ListItem = {
  id: 7,
  title: '标题',
  description: '很长的摘要'.repeat(20),
  url: '/AI/7',
  thumb: '/uploads/a.jpg',
  keyword: '云,存储',
  created_at: '2026-11-26 10:00',
};

describe('teasers', () => {
  it('keep only what their blocks render', () => {
    expect(headline(item)).toEqual({ id: 7, title: '标题', url: '/AI/7' });
    expect(pictureHeadline(item)).toEqual({ id: 7, title: '标题', url: '/AI/7', thumb: '/uploads/a.jpg' });
    const paper: WhitePaper = { ...item, is_free: 1 };
    expect(paperTeaser(paper)).toEqual({ id: 7, title: '标题', url: '/AI/7', is_free: 1 });
    const event: EventItem = { ...item, type: 2, status: 0, showTime: '2027-01-01', city: '上海' };
    expect(eventTeaser(event)).not.toHaveProperty('description');
    expect(eventTeaser(event)).toMatchObject({ status: 0, showTime: '2027-01-01', city: '上海' });
  });

  it('turns an article’s neighbours into headlines and leaves the rest as it was', () => {
    const article = { id: 8, content: '<p>正文</p>', prev: item, next: null };
    expect(neighbours(article)).toEqual({ id: 8, content: '<p>正文</p>', prev: headline(item), next: null });
  });
});
