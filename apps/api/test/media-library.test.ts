import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, Paged } from '@portal/api-client/admin';
import { EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import { UPLOAD_IMAGE_WIDTHS, uploadImageInfo } from '@portal/api-client/upload-images';
import { adminCall, adminUpload, editorSession, type EditorSession } from './editor-helpers';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { DEMO_MP4 } from './media-fixtures';

/** A PNG whose header claims `width`×`height` but carries one pixel of data (a decompression bomb's shape). */
async function lyingPng(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const out = Buffer.from(png);
  // IHDR data starts at 16 (8 signature + 4 length + 4 type); its CRC covers type + data (17 bytes).
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

const pdf = Buffer.from(
  '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe.each(DIALECTS)('media library on %s', (dialect) => {
  let t: TestApp;
  let editor: EditorSession;
  let reviewer: EditorSession;

  const send = (who: EditorSession | null, data: Buffer, { name = 'photo.jpg', csrf = true } = {}) =>
    adminUpload(t, who, '/media', { name, type: 'application/octet-stream', data }, { csrf });
  const get = (who: EditorSession, url: string) => adminCall(t, who, 'GET', url);
  const del = (who: EditorSession, id: number | string, csrf = true) =>
    adminCall(t, who, 'DELETE', `/media/${id}`, undefined, { csrf });
  const fetchFile = async (url: string) => {
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.rawPayload;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    editor = await editorSession(t, 'writer', 'editor');
    reviewer = await editorSession(t, 'checker', 'reviewer');
  });
  afterAll(async () => t?.close());

  it('re-encodes a photo: GPS EXIF gone, orientation applied, WebP and every narrower width, size recorded', async () => {
    // Stored landscape 1200×800 with "rotate 90°" in EXIF: the reader sees it 800×1200.
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'editor' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(jpeg).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const res = await send(editor, jpeg, { name: '现场照片.jpg' });
    expect(res.statusCode).toBe(201);
    const item = res.json() as MediaItem;
    expect(item).toMatchObject({
      kind: 'image',
      public: true,
      width: 800,
      height: 1200,
      contentType: 'image/jpeg',
      originalName: '现场照片.jpg',
      uploadedBy: 'editor:writer',
    });
    expect(item.url).toMatch(/^\/uploads\/media\/\d{6}\/[0-9a-f-]{36}_800x1200\.jpg$/);
    const widths = UPLOAD_IMAGE_WIDTHS.filter((w) => w < 800);
    expect(item.variants.sort()).toEqual(
      [
        item.url.replace(/\.jpg$/, '.webp'),
        ...widths.flatMap((w) => [
          item.url.replace(/\.jpg$/, `-${w}w.jpg`),
          item.url.replace(/\.jpg$/, `-${w}w.webp`),
        ]),
      ].sort(),
    );
    const original = await sharp(await fetchFile(item.url)).metadata();
    expect(original).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(original.exif).toBeUndefined();
    expect(original.orientation).toBeUndefined();
    expect(item.bytes).toBe((await fetchFile(item.url)).length);
    for (const w of widths) {
      const webp = await sharp(await fetchFile(item.url.replace(/\.jpg$/, `-${w}w.webp`))).metadata();
      expect(webp).toMatchObject({ format: 'webp', width: w, height: Math.round((1200 * w) / 800) });
      expect(webp.exif).toBeUndefined();
    }
    // The page helper reads the same facts from the URL.
    const info = uploadImageInfo(item.url)!;
    expect(info).toMatchObject({ width: 800, height: 1200 });
    // Every candidate the pages' srcsets name exists, at the width it claims.
    for (const candidate of [...info.srcSet.split(', '), ...info.webpSrcSet.split(', ')]) {
      const [url, w] = candidate.split(' ');
      expect((await sharp(await fetchFile(url)).metadata()).width, url).toBe(Number.parseInt(w, 10));
    }
  });

  it('keeps a small PNG at its size (no upscaled variants) and stores MP4 and PDF', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#36c8' } })
      .png()
      .toBuffer();
    const small = (await send(editor, png, { name: 'logo.png' })).json() as MediaItem;
    expect(small).toMatchObject({ kind: 'image', width: 200, height: 100 });
    expect(small.variants).toEqual([small.url.replace(/\.png$/, '.webp')]);

    const video = await send(editor, DEMO_MP4, { name: 'clip.mp4' });
    expect(video.statusCode).toBe(201);
    expect(video.json()).toMatchObject({
      kind: 'video',
      contentType: 'video/mp4',
      bytes: DEMO_MP4.length,
      width: null,
    });

    const paper = await send(editor, pdf, { name: '白皮书.pdf' });
    expect(paper.statusCode).toBe(201);
    const item = paper.json() as MediaItem;
    expect(item).toMatchObject({ kind: 'pdf', public: false, contentType: 'application/pdf' });
    expect(item.url).toMatch(/^\/private\/media\/\d{6}\/[0-9a-f-]{36}\.pdf$/);
    // No public URL; editors can look at it through the admin API.
    expect((await t.inject({ method: 'GET', url: item.url })).statusCode).toBe(404);
    const own = await get(editor, `/media/${item.id}/file`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(pdf)).toBe(true);
  });

  it.each([
    ['text under an image name', Buffer.from('hello, not an image'), 'a.jpg'],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>'), 'a.png'],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'a.svg'],
    ['a broken PNG', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100, 7)]), 'a.png'],
    [
      'a fake MP4',
      Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), Buffer.alloc(64)]),
      'a.mp4',
    ],
    ['a PDF without its end', Buffer.from('%PDF-1.4\n<script>alert(1)</script>'), 'a.pdf'],
  ])('refuses %s with 400 and a Chinese message', async (_name, data, name) => {
    const res = await send(editor, data, { name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  it('refuses an image whose pixels exceed the decode limit, however small the file', async () => {
    const bomb = await lyingPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await send(editor, bomb, { name: 'bomb.png' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a file over the limit while it streams, and an empty one', async () => {
    const big = await send(editor, Buffer.alloc(EDITOR_UPLOAD_MAX_BYTES + 1));
    expect(big.statusCode).toBe(400);
    expect((big.json() as { message: string }).message).toMatch(/50MB/);
    expect((await send(editor, Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('refuses no session (401), the reviewer role and a missing CSRF token (403)', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await send(null, png)).statusCode).toBe(401);
    expect((await send(reviewer, png)).statusCode).toBe(403);
    expect((await send(editor, png, { csrf: false })).statusCode).toBe(403);
    expect((await get(reviewer, '/media')).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/admin/api/media' })).statusCode).toBe(401);
  });

  it('lists newest first with paging and a kind filter, and refuses bad queries naming the field', async () => {
    const all = (await get(editor, '/media?pageSize=2')).json() as Paged<MediaItem>;
    expect(all.total).toBe(4);
    expect(all.items.map((i) => i.kind)).toEqual(['pdf', 'video']);
    const images = (await get(editor, '/media?kind=image')).json() as Paged<MediaItem>;
    expect(images.total).toBe(2);
    expect(images.items.every((i) => i.kind === 'image')).toBe(true);
    for (const [query, field] of [
      ['kind=exe', 'kind'],
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
    ]) {
      const res = await get(editor, `/media?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ field });
    }
  });

  it('deletes a file with all its variants, audited; then 404; bad ids 400', async () => {
    const images = (await get(editor, '/media?kind=image')).json() as Paged<MediaItem>;
    const photo = images.items.find((i) => i.width === 800)!;
    expect((await del(editor, photo.id, false)).statusCode).toBe(403);
    expect((await del(reviewer, photo.id)).statusCode).toBe(403);
    expect((await del(editor, photo.id)).statusCode).toBe(204);
    for (const url of [photo.url, ...photo.variants]) {
      expect((await t.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await del(editor, photo.id)).statusCode).toBe(404);
    expect((await del(editor, 'abc')).statusCode).toBe(400);
    expect(((await get(editor, '/media')).json() as Paged<MediaItem>).total).toBe(3);
    const rows = await t.app.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'media')
      .execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['delete', 'upload', 'upload', 'upload', 'upload']);
    expect(rows.find((r) => r.action === 'delete')).toMatchObject({
      editor: 'writer',
      entity_id: String(photo.id),
    });
  });

  it('refuses (409, naming the places) to delete a file a page still uses; deletes it once unused', async () => {
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c41' } })
      .png()
      .toBuffer();
    const item = (await send(editor, png, { name: 'banner.png' })).json() as MediaItem;
    const write = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      adminCall(t, editor, method, url, payload);
    const banner = await write('POST', '/banners', {
      place: 'home',
      title: '冬季新品轮播',
      banner: item.url,
      url: '/news/1',
    });
    expect(banner.statusCode, banner.body).toBe(201);
    // A narrower variant counts as a use of the same file.
    const topic = await write('POST', '/topics', {
      kind: 'special',
      title: '封面专题',
      thumb: item.variants[0],
      articles: [],
    });
    expect(topic.statusCode, topic.body).toBe(201);

    const refused = await del(editor, item.id);
    expect(refused.statusCode).toBe(409);
    const { message } = refused.json() as { message: string };
    expect(message).toContain('轮播图「冬季新品轮播」');
    expect(message).toContain('专题「封面专题」');
    expect((await t.inject({ method: 'GET', url: item.url })).statusCode).toBe(200);
    expect(
      ((await get(editor, `/media?kind=image&pageSize=100`)).json() as Paged<MediaItem>).items.map(
        (i) => i.id,
      ),
    ).toContain(item.id);

    expect((await write('DELETE', `/banners/${(banner.json() as { id: number }).id}`)).statusCode).toBe(204);
    const still = await del(editor, item.id);
    expect(still.statusCode).toBe(409);
    expect((still.json() as { message: string }).message).not.toContain('轮播图');
    expect((await write('DELETE', `/topics/${(topic.json() as { id: number }).id}`)).statusCode).toBe(204);
    expect((await del(editor, item.id)).statusCode).toBe(204);
  });

  it('records the newsroom editor uploads in the same library', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    const res = await adminUpload(t, editor, '/uploads', {
      name: 'inline.png',
      type: 'image/png',
      data: png,
    });
    expect(res.statusCode).toBe(200);
    const latest = ((await get(editor, '/media?pageSize=1')).json() as Paged<MediaItem>).items[0];
    expect(latest).toMatchObject({
      url: (res.json() as { url: string }).url,
      width: 300,
      height: 200,
      originalName: 'inline.png',
    });
  });
});
