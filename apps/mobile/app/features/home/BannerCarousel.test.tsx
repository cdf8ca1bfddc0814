import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BannerCarousel, opensNewWindow } from './BannerCarousel';

afterEach(cleanup);

function renderBanners(banners: { banner: string; title: string; url: string }[]) {
  const router = createMemoryRouter([{ path: '/', element: <BannerCarousel banners={banners} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('mobile banner click rule', () => {
  it('opens a url starting with the letter h in a new window', () => {
    expect(opensNewWindow('https://example.com/a')).toBe(true);
    expect(opensNewWindow('http://example.com/a')).toBe(true);
    expect(opensNewWindow('/news/12')).toBe(false);
    expect(opensNewWindow('/AI/12')).toBe(false);
  });

  it('renders new-window anchors for h urls and in-app links (mobile equivalents) for the rest', () => {
    const { container } = renderBanners([
      { banner: '/a.png', title: '外部活动', url: 'https://example.com/event' },
      { banner: '/b.png', title: '站内文章', url: '/news/12' },
      { banner: '/c.png', title: '分类文章', url: '/AI/34' },
      { banner: '/d.png', title: '报名页', url: '/activity/register?id=1' },
    ]);
    const link = (title: string) => container.querySelector(`img[alt="${title}"]`)!.closest('a')!;
    expect(link('外部活动').getAttribute('target')).toBe('_blank');
    expect(link('外部活动').getAttribute('href')).toBe('https://example.com/event');
    expect(link('站内文章').getAttribute('target')).toBeNull();
    // Its category page is only known to the API: the gateway redirects the document request.
    expect(link('站内文章').getAttribute('href')).toBe('/news/12');
    expect(link('分类文章').getAttribute('href')).toBe('/AI/news/34');
    expect(link('报名页').getAttribute('href')).toBe('/activity/register?id=1');
    expect(container.querySelectorAll('.m-banner__title')).toHaveLength(4);
  });

  it('renders nothing without banners', () => {
    const { container } = renderBanners([]);
    expect(container.querySelector('.m-banner')).toBeNull();
  });
});
