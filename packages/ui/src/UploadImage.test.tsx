import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UploadImage } from './UploadImage';

const UPLOAD = '/uploads/media/202611/0f8fad5b-d9cb-469f-a165-70867728950e_800x600.jpg';

describe('UploadImage', () => {
  it('gives an uploaded image WebP and JPEG srcsets at the widths below its own, and its size', () => {
    const html = renderToStaticMarkup(<UploadImage src={UPLOAD} sizes="210px" loading="lazy" />);
    const base = UPLOAD.replace(/\.jpg$/, '');
    expect(html).toContain(
      `<source type="image/webp" srcSet="${base}-240w.webp 240w, ${base}-480w.webp 480w, ${base}.webp 800w" sizes="210px"/>`,
    );
    expect(html).toContain(`srcSet="${base}-240w.jpg 240w, ${base}-480w.jpg 480w, ${base}.jpg 800w"`);
    expect(html).toMatch(/<img src="[^"]+_800x600\.jpg"[^>]* width="800" height="600"/);
    expect(html).toContain('loading="lazy"');
  });
  it('draws an item without a picture as an empty box: a src (HTML requires one) that requests nothing', () => {
    const html = renderToStaticMarkup(<UploadImage src="" sizes="210px" width={210} height={118} />);
    expect(html).toMatch(/^<img src="data:image\/gif;base64,[\w+/=]+" width="210" height="118" alt=""\/>$/);
  });
  it('keeps the box the caller gives', () => {
    const html = renderToStaticMarkup(<UploadImage src={UPLOAD} sizes="210px" width={210} height={118} />);
    expect(html).toContain('width="210" height="118"');
  });
  it.each([
    '/uploads/seed/thumbs/1.svg',
    '/uploads/editor/202611/0f8fad5b-d9cb-469f-a165-70867728950e.gif',
    'https://example.com/uploads/media/202611/0f8fad5b-d9cb-469f-a165-70867728950e_800x600.jpg',
    '/uploads/media/202611/../0f8fad5b-d9cb-469f-a165-70867728950e_800x600.jpg',
  ])('draws %s as a plain img', (src) => {
    const html = renderToStaticMarkup(
      <UploadImage src={src} sizes="100vw" width={100} height={50} loading="lazy" />,
    );
    expect(html).toBe(`<img src="${src}" width="100" height="50" alt="" loading="lazy"/>`);
  });
});
