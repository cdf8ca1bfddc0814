import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Video, WhitePaper } from '@portal/api-client';
import { PaperAccess } from '@portal/api-client/constants';
import WhitePapers from './white-paper/list';
import { VideoGrid } from '../features/video/components/VideoGrid';
import { VideoCarousel } from '../features/video/components/VideoCarousel';

/**
 * Records made in the back office without a picture (a white paper's or a video's cover is
 * optional): their cards draw an empty box, never `<img src="">` (which re-requests the page and
 * makes React warn `An empty string ("") was passed to the src attribute`).
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const paper: WhitePaper = {
  id: 7,
  is_free: PaperAccess.Free,
  title: '无封面白皮书',
  description: '',
  thumb: '',
  url: '/uploads/paper.pdf',
  created_at: '2026-11-20 10:00:00',
};
const video: Video = {
  id: 3,
  title: '无封面视频',
  url: '/videoc?id=3',
  thumb: '',
  list_thumb: '',
  index_thumb: '',
  video_type: 2,
  iframe: '',
  keyword: '',
  description: '',
  created_at: '2026-11-20 10:00:00',
};

/** Renders `element` and returns its pictures, failing on any React warning about them. */
function picturesOf(element: ReactNode): HTMLImageElement[] {
  const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  const { container } = render(<Stub initialEntries={['/']} />);
  expect(warn.mock.calls.flat().join(' ')).not.toMatch(/src attribute/);
  return [...container.querySelectorAll('img')];
}

describe('a card whose record has no picture', () => {
  it.each([
    [
      'white paper list',
      <WhitePapers
        key="papers"
        {...({
          loaderData: { items: [paper], total: 1, page: 1, seo: {}, canonical: '' },
        } as unknown as Parameters<typeof WhitePapers>[0])}
      />,
    ],
    ['video grid', <VideoGrid key="grid" videos={[video]} />],
    ['video carousel', <VideoCarousel key="carousel" videos={[video]} />],
  ])('%s: an empty box of the card size, not src=""', (_, element) => {
    const images = picturesOf(element);
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      expect(img.getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
      expect(img.getAttribute('width')).not.toBeNull();
    }
  });

  it('an uploaded cover still gets its sizes', () => {
    const cover = '/uploads/editor/202611/0f8fad5b-d9cb-469f-a165-70867728950e_800x450.png';
    const [img] = picturesOf(<VideoGrid videos={[{ ...video, list_thumb: cover }]} />);
    expect(img!.getAttribute('src')).toBe(cover);
    expect(img!.getAttribute('srcset')).toContain('480w');
  });
});
