import { cleanup, render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListItem } from '@portal/api-client';
import { ArticleRows } from './ArticleRows';

afterEach(cleanup);

const UPLOADED = '/uploads/media/202611/0f8fad5b-d9cb-469f-a165-70867728950e_1200x675.jpg';
const item = (id: number, thumb: string): ListItem => ({
  id,
  title: `文章${id}`,
  description: '',
  url: `/AI/${id}`,
  thumb,
  keyword: '',
  created_at: '2026-11-26 08:00:00',
});

describe('ArticleRows (desktop list cards)', () => {
  it('serves an uploaded thumbnail with WebP and JPEG srcsets, sizes and a fixed box; a seeded one as before', () => {
    const items = [item(1, UPLOADED), item(2, '/uploads/seed/thumbs/2.svg')];
    const Stub = createRoutesStub([{ path: '/', Component: () => <ArticleRows items={items} /> }]);
    const { container } = render(<Stub initialEntries={['/']} />);
    const [uploaded, seeded] = container.querySelectorAll('img');
    const base = UPLOADED.replace(/\.jpg$/, '');
    expect(uploaded.getAttribute('srcset')).toBe(
      `${base}-240w.jpg 240w, ${base}-480w.jpg 480w, ${base}-960w.jpg 960w, ${base}.jpg 1200w`,
    );
    expect(uploaded.getAttribute('sizes')).toBe('210px');
    expect([uploaded.getAttribute('width'), uploaded.getAttribute('height')]).toEqual(['210', '118']);
    const webp = container.querySelector('picture source[type="image/webp"]');
    expect(webp?.getAttribute('srcset')).toContain(`${base}-480w.webp 480w`);
    expect(seeded.getAttribute('srcset')).toBeNull();
    expect(seeded.getAttribute('src')).toBe('/uploads/seed/thumbs/2.svg');
    expect(seeded.getAttribute('width')).toBe('210');
  });
});
