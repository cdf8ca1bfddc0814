import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A cached page compressed once, though every answer carries its own CSP nonce: the HTML is
 * deflated in segments between the nonce's occurrences, each ended by a sync flush (RFC 1951
 * blocks then end on a byte boundary and concatenate). An answer splices its own deflated nonce
 * between the segments and adds the gzip trailer, a few dozen bytes of work instead of
 * compressing the whole page again (issue 15: a cached page costs what a static file costs).
 */
export interface PrecompressedPage {
  /** The raw HTML between the nonces (views of the cached body). */
  raw: Buffer[];
  /** Each raw segment deflated, ending on a byte boundary. */
  deflated: Buffer[];
  size: number;
}

/** gzip member header: deflate, no name or time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: ends the deflate stream after the sync-flushed segments. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };

export function precompress(body: Buffer, nonce: string | undefined): PrecompressedPage {
  const raw: Buffer[] = [];
  if (nonce) {
    const marker = Buffer.from(nonce, 'latin1');
    let from = 0;
    for (let i = body.indexOf(marker); i !== -1; i = body.indexOf(marker, from)) {
      raw.push(body.subarray(from, i));
      from = i + marker.length;
    }
    raw.push(body.subarray(from));
  } else {
    raw.push(body);
  }
  return { raw, deflated: raw.map((segment) => deflateRawSync(segment, SYNC)), size: body.length };
}

/**
 * `bytes` as a stored (uncompressed) deflate block: the stream is on a byte boundary, so the
 * block header is one zero byte (not final, type 00), then LEN and its complement (RFC 1951 3.2.4).
 */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The page as gzip with `nonce` in every place the cached page had its own: no compression per answer. */
export function gzipWithNonce(page: PrecompressedPage, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, 'latin1');
  const nonceDeflated = storedBlock(nonceBytes);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  for (let i = 0; i < page.raw.length; i++) {
    if (i > 0) {
      parts.push(nonceDeflated);
      crc = crc32(nonceBytes, crc);
    }
    parts.push(page.deflated[i]!);
    crc = crc32(page.raw[i]!, crc);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(page.size % 2 ** 32, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a non-zero quality). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
