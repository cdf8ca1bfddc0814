import { describe, expect, it } from 'vitest';
import { countLocalImages, extractRtfImages, replaceLocalImages, rtfImageDataUrl } from './officePaste';

// The first bytes of a PNG and of a JPEG, enough to tell them apart.
const PNG_HEX = '89504e470d0a1a0a0000000d49484452';
const JPEG_HEX = 'ffd8ffe000104a46494600010100000100010000';

/** What Word puts on the clipboard: the PNG inside \shppict, a WMF fallback inside \nonshppict. */
const WORD_RTF = String.raw`{\rtf1\ansi{\fonttbl{\f0 Calibri;}}
{\*\shppict{\pict{\*\picprop{\sp{\sn shapeType}{\sv 75}}}\picscalex100\picw2000\pich1000\pngblip\bliptag-12345{\*\blipuid 0123456789abcdef}
${PNG_HEX.slice(0, 10)}
${PNG_HEX.slice(10)}}}{\nonshppict{\pict\picw2000\pich1000\wmetafile8\bliptag-12345 010009000003aa}}
text {\pict\jpegblip\picw10\pich10 ${JPEG_HEX}}}`;

describe('extractRtfImages', () => {
  it('reads PNG and JPEG pictures in order and skips the metafile fallbacks', () => {
    const images = extractRtfImages(WORD_RTF);
    expect(images).toEqual([
      { type: 'image/png', hex: PNG_HEX },
      { type: 'image/jpeg', hex: JPEG_HEX },
    ]);
  });

  it('finds nothing in RTF without pictures or when a group is cut short', () => {
    expect(extractRtfImages(String.raw`{\rtf1 plain {\b bold}}`)).toEqual([]);
    expect(extractRtfImages(String.raw`{\rtf1 {\pict\pngblip 89504e47`)).toEqual([]);
  });

  it('turns a picture into a data URL of its bytes', () => {
    expect(rtfImageDataUrl({ type: 'image/png', hex: '89504e47' })).toBe('data:image/png;base64,iVBORw==');
  });
});

describe('replaceLocalImages', () => {
  const html =
    '<p>前文<!--[if gte vml 1]><v:imagedata src="file:///C:/x/clip_image001.png"/><![endif]--><![if !vml]>' +
    '<img width=200 src="file:///C:/x/clip_image001.png" alt="图一"><![endif]></p>' +
    '<p><img src="https://example.com/web.png"><img src=\'file:///C:/x/clip_image002.jpg\'></p>';

  it('counts only pictures that point at local files', () => {
    expect(countLocalImages(html)).toBe(2);
  });

  it('puts the sources in place of the local files, in order, and drops the VML copies', () => {
    const out = replaceLocalImages(html, ['/uploads/a.png', 'data:image/jpeg;base64,AA==']);
    expect(out).toContain('<img width=200 src="/uploads/a.png" alt="图一">');
    expect(out).toContain("<img src='data:image/jpeg;base64,AA=='>");
    expect(out).toContain('<img src="https://example.com/web.png">');
    expect(out).not.toContain('file:');
    expect(out).not.toContain('v:imagedata');
  });

  it("drops a local picture that has no source rather than keep a path on the writer's disk", () => {
    expect(replaceLocalImages('<img src="file:///a.png"><img src="file:///b.png">', ['x.png'])).toBe(
      '<img src="x.png">',
    );
  });
});
