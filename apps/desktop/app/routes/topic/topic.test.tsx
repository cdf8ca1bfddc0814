import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListItem } from '@portal/api-client';
import type { TopicHead } from '@portal/ui/topic';
import { TopicHero } from '../../features/topic/TopicHero';
import { ArticleRows } from '../../features/content/components/ArticleRows';

afterEach(cleanup);

const topic: TopicHead = {
  id: 9,
  title: '边缘计算专题',
  description: '从工厂到门店的边缘算力',
  url: '/topic/9',
  thumb: '/uploads/editor/202611/0f8fad5b-d9cb-469f-a165-70867728950e_800x450.png',
  keyword: '',
  created_at: '2026-11-20 10:00:00',
};
const article: ListItem = {
  id: 31,
  title: '边缘服务器选型',
  description: '',
  url: '/AI/31',
  thumb: '',
  keyword: '',
  created_at: '2026-11-21 09:00:00',
};

function renderAt(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '/topic/:id', Component: () => element }]);
  return render(<Stub initialEntries={['/topic/9']} />);
}

describe('topic page (desktop)', () => {
  it('shows the cover with its size, the title, the description and the count', () => {
    const { container } = renderAt(<TopicHero topic={topic} total={23} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('边缘计算专题');
    expect(screen.getByText('从工厂到门店的边缘算力')).toBeTruthy();
    expect(screen.getByText('共 23 篇文章')).toBeTruthy();
    const img = container.querySelector('img.topic-hero__cover')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '225']);
    expect(img.getAttribute('srcset')).toContain('480w');
  });

  it('leaves out a missing cover and description', () => {
    const { container } = renderAt(<TopicHero topic={{ ...topic, thumb: '', description: '' }} total={0} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.topic-hero p')).toBeNull();
  });

  it("links the topic's articles to their pages", () => {
    renderAt(<ArticleRows items={[article]} />);
    expect(screen.getByRole('link', { name: '边缘服务器选型' }).getAttribute('href')).toBe('/AI/31');
  });
});
