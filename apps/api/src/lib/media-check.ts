/**
 * Container checks for uploaded videos (issue 11, hole 4): a file is accepted as MP4 only when its
 * ISO-BMFF box structure parses, and as WebM only when its EBML header does. Magic bytes alone
 * ("ftyp" at offset 4) let any payload through under a video name.
 *
 * The MP4 walk runs over the bytes as they stream in (`Mp4Probe.push`), keeping at most one box
 * header in memory and skipping box payloads by offset, so its cost is bounded by MAX_MP4_BOXES
 * whatever the file size, and it stops working as soon as the bytes show a malformed file.
 */

/** Major or compatible brands of the MP4 flavours browsers play (ISO base media, MP4, DASH, M4V). */
const KNOWN_MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'hvc1',
  'hev1',
  'dash',
  'cmfc',
  'cmf2',
  'M4V ',
  'M4VH',
  'M4VP',
  'mmp4',
  'MSNV',
  'XAVC',
  'f4v ',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);

/** Boxes walked (top level plus the children of moov) before a file is refused as unreasonable. */
export const MAX_MP4_BOXES = 10_000;
/** An ftyp box is a handful of brands; anything larger is not an MP4 written by an encoder. */
const MAX_FTYP_BYTES = 1024;
/** Children of moov a playable movie needs. */
const MOOV_NEEDS = ['mvhd', 'trak'] as const;

/** The container being walked (moov): where it ends. */
interface OpenBox {
  end: number;
}

/**
 * Streaming ISO-BMFF check. Feed every chunk to `push`, then call `finish(totalBytes)`:
 * true only when ftyp comes first with a known brand, every box size is consistent with its
 * container and the file, the last box ends exactly at the end of the file, and moov (with mvhd
 * and at least one trak) is present.
 */
export class Mp4Probe {
  private bad = false;
  /** Absolute offset of the next byte `push` will see. */
  private pos = 0;
  /** Absolute offset where the next box header starts (payloads before it are skipped). */
  private next = 0;
  /** Bytes of the header (or ftyp payload) being collected. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private boxes = 0;
  private sawFtyp = false;
  /** Collecting the ftyp payload (its size) rather than a header. */
  private ftypPayload = 0;
  /** moov being walked (its children are boxes too). */
  private moov: OpenBox | null = null;
  private moovSeen = false;
  private readonly moovChildren = new Set<string>();
  /** The top-level box whose size is 0 (runs to the end of the file): nothing can follow it. */
  private toEof = false;

  push(chunk: Buffer): void {
    let offset = 0;
    while (!this.bad && offset < chunk.length) {
      if (this.ftypPayload === 0 && this.pos < this.next) {
        // Inside a payload we do not read: skip it.
        const skip = Math.min(this.next - this.pos, chunk.length - offset);
        this.pos += skip;
        offset += skip;
        continue;
      }
      if (this.toEof) {
        // A size-0 box owns the rest of the file.
        this.pos += chunk.length - offset;
        return;
      }
      const want = this.wanted();
      const take = Math.min(want - this.pendingBytes, chunk.length - offset);
      this.pending.push(chunk.subarray(offset, offset + take));
      this.pendingBytes += take;
      this.pos += take;
      offset += take;
      // Eight header bytes may reveal a 64-bit size: then sixteen are wanted.
      if (this.pendingBytes === this.wanted()) this.consume(Buffer.concat(this.pending, this.pendingBytes));
    }
  }

  finish(total: number): boolean {
    if (this.bad || total !== this.pos) return false;
    // A header cut off mid-way, or a box claiming bytes the file does not have.
    if (this.pendingBytes > 0 || (!this.toEof && this.next !== total)) return false;
    // moov closes when a child ends exactly at its end: still open means the file stops inside it.
    if (this.moov) return false;
    return this.sawFtyp && this.moovSeen && MOOV_NEEDS.every((t) => this.moovChildren.has(t));
  }

  /** Bytes needed before `consume` can decide: the ftyp payload, or 8 (16 for a 64-bit size). */
  private wanted(): number {
    if (this.ftypPayload > 0) return this.ftypPayload;
    if (this.pendingBytes >= 8 && this.peekSize32() === 1) return 16;
    return 8;
  }

  private peekSize32(): number {
    return Buffer.concat(this.pending, this.pendingBytes).readUInt32BE(0);
  }

  private fail(): void {
    this.bad = true;
    this.pending = [];
  }

  private consume(bytes: Buffer): void {
    this.pending = [];
    this.pendingBytes = 0;
    if (this.ftypPayload > 0) {
      this.ftypPayload = 0;
      if (!this.checkFtyp(bytes)) this.fail();
      return;
    }
    const start = this.pos - bytes.length;
    const size32 = bytes.readUInt32BE(0);
    const type = bytes.subarray(4, 8).toString('latin1');
    if (!/^[\x20-\x7e]{4}$/.test(type)) return this.fail();
    if (++this.boxes > MAX_MP4_BOXES) return this.fail();
    let size: number;
    if (size32 === 1) {
      const large = bytes.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return this.fail();
      size = Number(large);
      if (size < 16) return this.fail();
    } else if (size32 === 0) {
      size = -1; // to the end of the file (top level only)
    } else {
      if (size32 < 8) return this.fail();
      size = size32;
    }
    const headerEnd = this.pos;
    const end = size < 0 ? null : start + size;

    // The first box of the file is ftyp, with its brands read below.
    if (!this.sawFtyp) {
      if (type !== 'ftyp' || end === null || size - (headerEnd - start) < 8 || size > MAX_FTYP_BYTES)
        return this.fail();
      this.sawFtyp = true;
      this.ftypPayload = size - (headerEnd - start);
      this.next = end;
      return;
    }

    if (this.moov) {
      // A child of moov: it must fit inside moov.
      if (end === null || end > this.moov.end) return this.fail();
      this.moovChildren.add(type);
      this.next = end;
      if (this.moov.end === end) this.moov = null;
      return;
    }

    if (type === 'ftyp') return this.fail();
    if (end === null) {
      this.toEof = true;
      this.next = headerEnd;
    } else {
      this.next = end;
    }
    if (type === 'moov') {
      if (this.moovSeen || end === null) return this.fail();
      this.moovSeen = true;
      // Walk its children: the next header starts right after moov's own.
      if (end > headerEnd) this.moov = { end };
      this.next = headerEnd;
    }
  }

  private checkFtyp(payload: Buffer): boolean {
    // major brand, minor version, then compatible brands (4 bytes each).
    if ((payload.length - 8) % 4 !== 0) return false;
    const brands = [payload.subarray(0, 4).toString('latin1')];
    for (let i = 8; i + 4 <= payload.length; i += 4)
      brands.push(payload.subarray(i, i + 4).toString('latin1'));
    return brands.some((b) => KNOWN_MP4_BRANDS.has(b));
  }
}

/** True when `bytes` (a whole file) parses as an MP4: the probe run in one go. */
export function isMp4(bytes: Buffer): boolean {
  const probe = new Mp4Probe();
  probe.push(bytes);
  return probe.finish(bytes.length);
}

// ---------------------------------------------------------------- WebM

const EBML_ID = 0x1a45dfa3;
const DOCTYPE_ID = 0x4282;
const SEGMENT_ID = 0x18538067;
/** The EBML header is a few dozen bytes; refuse anything claiming more. */
const MAX_EBML_HEADER = 1024;

/** An EBML variable-length integer at `at`: its value (marker bit kept for ids) and length. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number } | null {
  if (at >= buf.length) return null;
  const first = buf[at];
  if (first === 0) return null; // longer than 8 bytes: not valid EBML
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buf[at + i];
  return { value, length };
}

/**
 * True when `head` (the first bytes of a file) starts with an EBML header whose children exactly
 * fill it, whose DocType is "webm", and which is followed by a Segment element.
 */
export function isWebmHeader(head: Buffer): boolean {
  const id = vint(head, 0, true);
  if (!id || id.value !== EBML_ID) return false;
  const size = vint(head, id.length, false);
  if (!size || size.value > MAX_EBML_HEADER) return false;
  const start = id.length + size.length;
  const end = start + size.value;
  if (end > head.length) return false;
  let docType = '';
  let at = start;
  while (at < end) {
    const childId = vint(head, at, true);
    if (!childId) return false;
    const childSize = vint(head, at + childId.length, false);
    if (!childSize) return false;
    const dataAt = at + childId.length + childSize.length;
    if (dataAt + childSize.value > end) return false;
    if (childId.value === DOCTYPE_ID)
      docType = head.subarray(dataAt, dataAt + childSize.value).toString('latin1');
    at = dataAt + childSize.value;
  }
  // EBML strings may be padded with NULs: the name ends at the first one.
  const nul = docType.indexOf('\0');
  if ((nul === -1 ? docType : docType.slice(0, nul)) !== 'webm') return false;
  const segment = vint(head, end, true);
  return segment !== null && segment.value === SEGMENT_ID;
}

// ---------------------------------------------------------------- PDF

/**
 * True when `head` (the first bytes) and `tail` (the last bytes) frame a PDF: the `%PDF-1.x` or
 * `%PDF-2.0` header at the start and the `%%EOF` marker within the last kilobyte, as every
 * writer puts them. Anything else under a .pdf name (HTML, scripts, archives) is refused.
 */
export function isPdf(head: Buffer, tail: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(head.subarray(0, 8).toString('latin1'))) return false;
  return tail.subarray(-1024).toString('latin1').includes('%%EOF');
}
