import fs from 'node:fs';
import path from 'node:path';

/** Video fixtures: the seed's real MP4 clips and hand-built containers (real and fake). */

const ASSETS = path.join(__dirname, '../src/seed/assets');
export const DEMO_MP4 = fs.readFileSync(path.join(ASSETS, 'demo.mp4'));
export const DEMO2_MP4 = fs.readFileSync(path.join(ASSETS, 'demo2.mp4'));

/** One ISO-BMFF box: 32-bit size + type + payload. */
export function box(type: string, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}
export const ftyp = (major = 'isom', compatible = ['isom', 'mp41']) =>
  box(
    'ftyp',
    Buffer.concat([
      Buffer.from(major, 'latin1'),
      Buffer.alloc(4),
      ...compatible.map((b) => Buffer.from(b, 'latin1')),
    ]),
  );
/** The seed clip's moov (ftyp is its first 32 bytes, moov the next 3080). */
export const DEMO_MOOV = DEMO_MP4.subarray(32, 32 + 3080);

/**
 * A minimal WebM start: EBML header (version, read version, max id/size length, DocType "webm",
 * DocType versions) followed by a Segment of unknown size.
 */
export function webmHeader(docType = 'webm'): Buffer {
  const child = (id: number[], data: Buffer) => Buffer.from([...id, 0x80 | data.length, ...data]);
  const children = Buffer.concat([
    child([0x42, 0x86], Buffer.from([1])),
    child([0x42, 0xf7], Buffer.from([1])),
    child([0x42, 0xf2], Buffer.from([4])),
    child([0x42, 0xf3], Buffer.from([8])),
    child([0x42, 0x82], Buffer.from(docType, 'latin1')),
    child([0x42, 0x87], Buffer.from([2])),
    child([0x42, 0x85], Buffer.from([2])),
  ]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length]),
    children,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  ]);
}
