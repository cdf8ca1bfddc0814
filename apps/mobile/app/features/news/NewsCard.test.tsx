import { cleanup, render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListItem } from '@portal/api-client';
import { NewsCard } from './NewsCard';

afterEach(cleanup);

const UPLOADED = '/uploads/editor/202611/0f8fad5b-d9cb-469f-a165-70867728950e_640x400.png';

describe('NewsCard (phone list card)', () => {
  it('draws an uploaded thumbnail with srcsets, sizes, width and height', () => {
    const item: ListItem = {
      id: 3,
      title: '手机新闻',
      description: '',
      url: '/AI/news/3',
      thumb: UPLOADED,
      keyword: '',
      created_at: '2026-11-26 08:00:00',
    };
    const Stub = createRoutesStub([{ path: '/', Component: () => <NewsCard item={item} /> }]);
    const { container } = render(<Stub initialEntries={['/']} />);
    const img = container.querySelector('img')!;
    const base = UPLOADED.replace(/\.png$/, '');
    expect(img.getAttribute('srcset')).toBe(`${base}-240w.png 240w, ${base}-480w.png 480w, ${base}.png 640w`);
    expect(img.getAttribute('sizes')).toBe('8.4rem');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '400']);
    expect(container.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toContain(
      `${base}-240w.webp 240w`,
    );
  });
});
