import { describe, expect, it } from 'vitest';
import { isMp4, isWebmHeader, MAX_MP4_BOXES, Mp4Probe } from '../src/lib/media-check';
import { sniffType } from '../src/lib/uploads';
import { box, DEMO2_MP4, DEMO_MOOV, DEMO_MP4, ftyp, webmHeader } from './media-fixtures';

/** Feeds `bytes` to a probe in chunks of `size` bytes. */
function probeInChunks(bytes: Buffer, size: number): boolean {
  const probe = new Mp4Probe();
  for (let i = 0; i < bytes.length; i += size) probe.push(bytes.subarray(i, i + size));
  return probe.finish(bytes.length);
}

describe('Mp4Probe', () => {
  it('accepts the seed clips in any chunking', () => {
    for (const clip of [DEMO_MP4, DEMO2_MP4]) {
      expect(isMp4(clip)).toBe(true);
      for (const size of [1, 3, 7, 8, 13, 4096])
        expect(probeInChunks(clip, size), `chunks of ${size}`).toBe(true);
    }
  });

  it('accepts 64-bit box sizes and a last box that runs to the end of the file', () => {
    const mdatPayload = Buffer.alloc(100, 9);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + mdatPayload.length), 8);
    expect(isMp4(Buffer.concat([ftyp(), DEMO_MOOV, large, mdatPayload]))).toBe(true);
    const toEof = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), mdatPayload]);
    expect(isMp4(Buffer.concat([ftyp(), DEMO_MOOV, toEof]))).toBe(true);
    // moov after mdat (a file not prepared for streaming) is still an MP4.
    expect(isMp4(Buffer.concat([ftyp(), box('mdat', mdatPayload), DEMO_MOOV]))).toBe(true);
  });

  it.each([
    ['an ftyp header followed by garbage', Buffer.concat([ftyp(), Buffer.alloc(4096, 0xab)])],
    [
      'the old "ftypmp42 + zeros" fixture',
      Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypmp42'),
        Buffer.alloc(12),
        Buffer.alloc(2048, 1),
      ]),
    ],
    ['ftyp + mdat without moov', Buffer.concat([ftyp(), box('mdat', Buffer.alloc(64))])],
    ['a moov without tracks', Buffer.concat([ftyp(), box('moov', box('mvhd', Buffer.alloc(100)))])],
    ['an unknown brand', Buffer.concat([ftyp('xxxx', ['yyyy']), DEMO_MOOV])],
    ['a box claiming more bytes than the file has', DEMO_MP4.subarray(0, DEMO_MP4.length - 1)],
    ['bytes after the last box', Buffer.concat([DEMO_MP4, Buffer.from('<script>')])],
    ['a header cut in half', Buffer.concat([DEMO_MP4, Buffer.from([0, 0, 0])])],
    ['moov first (no ftyp)', Buffer.concat([DEMO_MOOV, ftyp()])],
    ['a second ftyp', Buffer.concat([ftyp(), DEMO_MOOV, ftyp()])],
    [
      'a box smaller than its header',
      Buffer.concat([ftyp(), DEMO_MOOV, Buffer.from([0, 0, 0, 4]), Buffer.from('free')]),
    ],
    [
      'a moov child crossing the end of moov',
      Buffer.concat([
        ftyp(),
        box('moov', Buffer.concat([box('mvhd', Buffer.alloc(8)), box('trak').subarray(0, 4)])),
        box('free', Buffer.alloc(8)),
      ]),
    ],
    ['a non-text box type', Buffer.concat([ftyp(), DEMO_MOOV, box('\u0000\u0001\u0002\u0003')])],
    ['HTML with ftyp at offset 4', Buffer.from('<htmftyp><script>alert(1)</script></html>')],
  ])('refuses %s', (_label, bytes) => {
    expect(isMp4(bytes)).toBe(false);
    expect(probeInChunks(bytes, 5)).toBe(false);
  });

  it('stops after MAX_MP4_BOXES boxes', () => {
    const frees = Buffer.concat(Array.from({ length: MAX_MP4_BOXES }, () => box('free')));
    expect(isMp4(Buffer.concat([ftyp(), DEMO_MOOV, frees]))).toBe(false);
    expect(isMp4(Buffer.concat([ftyp(), DEMO_MOOV, frees.subarray(0, 800)]))).toBe(true);
  });
});

describe('isWebmHeader', () => {
  it('accepts a WebM EBML header followed by a Segment', () => {
    const head = Buffer.concat([webmHeader(), Buffer.alloc(256, 3)]);
    expect(isWebmHeader(head)).toBe(true);
    expect(sniffType(head)).toBe('webm');
  });

  it.each([
    ['another DocType (matroska)', webmHeader('matroska')],
    [
      'the old fixture (header size larger than its children)',
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
        Buffer.from('webm'),
        Buffer.alloc(1024, 2),
      ]),
    ],
    ['no Segment after the header', Buffer.concat([webmHeader().subarray(0, 36), Buffer.from('<html>')])],
    ['a header cut short', webmHeader().subarray(0, 20)],
    ['"webm" in an HTML file', Buffer.from('<html>webm</html>')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_label, head) => {
    expect(isWebmHeader(head)).toBe(false);
    expect(sniffType(head)).not.toBe('webm');
  });
});
