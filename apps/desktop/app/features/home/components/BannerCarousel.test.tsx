import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Banner } from '@portal/api-client';
import { BannerCarousel } from './BannerCarousel';

const banners: Banner[] = [
  { banner: '/a.png', title: '第一条要闻', url: '/news/1' },
  { banner: '/b.png', title: '第二条要闻', url: '/news/2' },
  { banner: '/c.png', title: '第三条要闻', url: 'https://example.com/' },
];

function Page() {
  return <BannerCarousel banners={banners} />;
}
const stub = () => {
  const Stub = createRoutesStub([{ path: '/', Component: Page }]);
  return <Stub initialEntries={['/']} />;
};

afterEach(cleanup);

describe('desktop Carousel (home banner)', () => {
  it('renders every slide on the server, the first one in view, without swiper', () => {
    const html = renderToString(stub());
    expect(html.match(/class="banner__slide"/g)).toHaveLength(3);
    expect(html).toContain('alt="第一条要闻"');
    expect(html).not.toContain('swiper');
    // Only the first slide is in view and reachable by Tab.
    expect(html.match(/aria-hidden="true"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="第1张" aria-current="true"');
  });

  it('hands over to swiper after hydration, each slide once (no loop clones)', async () => {
    render(stub());
    // Swiper is imported after hydration: wait for it, however long the import takes here.
    await waitFor(() => expect(document.querySelector('.banner .swiper')).not.toBeNull(), {
      timeout: 10_000,
    });
    await screen.findByRole('img', { name: '第一条要闻' });
    expect(document.querySelectorAll('.banner__slide.swiper-slide')).toHaveLength(3);
    expect(screen.getByRole('button', { name: '下一张' })).toBeTruthy();
  });
});
