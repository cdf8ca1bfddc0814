import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { TopicHead as Topic } from '@portal/ui/topic';
import { TopicHead } from './TopicHead';

afterEach(cleanup);

const topic: Topic = {
  id: 9,
  title: '边缘计算专题',
  description: '从工厂到门店的边缘算力',
  url: '/topic/9',
  thumb: '/uploads/editor/202611/0f8fad5b-d9cb-469f-a165-70867728950e_800x450.png',
  keyword: '',
  created_at: '2026-11-20 10:00:00',
};

function renderHead(t: Topic, total: number) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <TopicHead topic={t} total={total} /> }]);
  return render(<Stub initialEntries={['/']} />);
}

describe('TopicHead (phone topic page)', () => {
  it('shows the cover across the screen, the title, the description and the count', () => {
    const { container } = renderHead(topic, 12);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('边缘计算专题');
    expect(screen.getByText('从工厂到门店的边缘算力')).toBeTruthy();
    expect(screen.getByText('共 12 篇文章')).toBeTruthy();
    const img = container.querySelector('.m-topic__cover img')!;
    expect(img.getAttribute('sizes')).toBe('100vw');
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('leaves out a missing cover and description', () => {
    const { container } = renderHead({ ...topic, thumb: '', description: '' }, 0);
    expect(container.querySelector('.m-topic__cover')).toBeNull();
    expect(container.querySelector('.m-topic__desc')).toBeNull();
  });
});
