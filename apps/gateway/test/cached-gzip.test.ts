import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipWithNonce, precompress } from '../src/cached-gzip';

const OLD = 'AAAAAAAAAAAAAAAAAAAAAA==';
const NEW = 'Bq9+/zzzzzzzzzzzzzzzzz==';

describe('cached gzip', () => {
  it('is the page with the new nonce wherever the old one was', () => {
    const html = `<html><script nonce="${OLD}">a()</script>资讯${'正文'.repeat(3000)}<script nonce="${OLD}">b()</script></html>`;
    const gz = gzipWithNonce(precompress(Buffer.from(html), OLD), NEW);
    expect(gunzipSync(gz).toString()).toBe(html.replaceAll(OLD, NEW));
    // Compressed once: far smaller than the page.
    expect(gz.length).toBeLessThan(Buffer.byteLength(html) / 10);
  });

  it('holds for any text and any placement of the nonce, including none and at the edges', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 300 }), { maxLength: 6 }), (pieces) => {
        const html = pieces.join(OLD);
        const page = precompress(Buffer.from(html), OLD);
        expect(gunzipSync(gzipWithNonce(page, NEW)).toString()).toBe(html.replaceAll(OLD, NEW));
      }),
      { numRuns: 40 },
    );
    // zlib allocates a window per segment: slow only on a loaded machine.
  }, 60_000);

  it('compresses a page without a nonce as it is', () => {
    const page = precompress(Buffer.from('<p>无脚本</p>'), undefined);
    expect(gunzipSync(gzipWithNonce(page, NEW)).toString()).toBe('<p>无脚本</p>');
  });

  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['br', false],
    ['identity', false],
    [undefined, false],
  ])('Accept-Encoding %s takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
