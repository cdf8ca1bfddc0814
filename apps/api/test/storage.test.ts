import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3StorageSettings } from '@portal/config';
import { runStorageCommand } from '../src/admin/storage-commands';
import {
  copyFiles,
  LocalFileStore,
  openFileStore,
  publishSeededFiles,
  type FileStore,
} from '../src/lib/storage';
import { parseRange } from '../src/routes/uploads';
import { adminUpload, editorSession, type EditorSession } from './editor-helpers';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember } from './member-helpers';
import { startS3 } from './s3-server';

let s3: Awaited<ReturnType<typeof startS3>>;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-store-'));
  dirs.push(dir);
  return dir;
};
let bucketCount = 0;
const freshBucket = () => s3.settings(`bucket-${++bucketCount}-${process.pid}`);

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const STORES: [string, () => Promise<FileStore>][] = [
  ['local disk', async () => new LocalFileStore(tempDir())],
  ['S3-compatible store', async () => openFileStore({ dataDir: tempDir(), storage: freshBucket() })],
];

describe.each(STORES)('FileStore on the %s', (_name, open) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => store?.close());

  it('puts buffers and streams, gets them whole and by range, with size and type', async () => {
    await store.put('uploads/a/one.png', Buffer.from('0123456789'), 'image/png');
    await store.put(
      'private/papers/two.pdf',
      Readable.from([Buffer.from('%PDF-1.4 '), Buffer.from('body')]),
      'application/pdf',
    );
    expect(await store.stat('uploads/a/one.png')).toEqual({ size: 10, contentType: 'image/png' });
    const whole = await store.get('private/papers/two.pdf');
    expect(whole).toMatchObject({ size: 13, length: 13, contentType: 'application/pdf' });
    expect(await text(whole!.stream)).toBe('%PDF-1.4 body');
    const part = await store.get('uploads/a/one.png', { start: 2, end: 5 });
    expect(part).toMatchObject({ size: 10, length: 4 });
    expect(await text(part!.stream)).toBe('2345');
    expect(await store.exists('uploads/a/one.png')).toBe(true);
  });

  it('answers null for absent files, deletes idempotently, lists by tree', async () => {
    expect(await store.get('uploads/none.png')).toBeNull();
    expect(await store.stat('uploads/none.png')).toBeNull();
    await store.put('uploads/b/gone.jpg', Buffer.from('x'), 'image/jpeg');
    await store.delete('uploads/b/gone.jpg');
    await store.delete('uploads/b/gone.jpg');
    expect(await store.exists('uploads/b/gone.jpg')).toBe(false);
    const keys: string[] = [];
    for await (const item of store.list('uploads/')) keys.push(item.key);
    expect(keys).toContain('uploads/a/one.png');
    expect(keys).not.toContain('private/papers/two.pdf');
  });

  it('refuses keys outside the two trees or with traversal', async () => {
    for (const key of [
      '../etc/passwd',
      'uploads/../portal.db',
      'portal.db',
      'uploads/.tmp/x',
      'uploads//x',
      '/uploads/x',
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /invalid storage key/,
      );
    }
  });
});

describe('parseRange', () => {
  it('reads single byte ranges and refuses unsatisfiable ones', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(parseRange('bytes=7-', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=10-12', 10)).toBe('bad');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
  });
});

describe.each(DIALECTS)('uploads through the S3-compatible store on %s', (dialect) => {
  let t: TestApp;
  let storage: S3StorageSettings;
  let dataDir: string;
  let editor: EditorSession;

  beforeAll(async () => {
    storage = freshBucket();
    dataDir = tempDir();
    t = await startTestApp(
      dialect,
      async (app) => {
        await insertMemberFixtures(app.database);
        await app.database.db
          .insertInto('white_papers')
          .values({
            id: 5,
            title: '会员白皮书',
            url: '/private/white-papers/p5.pdf',
            is_free: 1,
            created_at: Date.UTC(2026, 0, 1),
          })
          .execute();
        await app.fileStore.put(
          'private/white-papers/p5.pdf',
          Buffer.from('%PDF-1.4 paid paper %%EOF'),
          'application/pdf',
        );
      },
      { dataDir, storage },
    );
    editor = await editorSession(t, 'writer', 'editor');
  });
  afterAll(async () => t?.close());

  const uploadImage = (data: Buffer, name = 'a.jpg', type = 'image/jpeg') =>
    adminUpload(t, editor, '/uploads', { name, type, data });

  it('stores an upload in the bucket (not on disk) and serves it under /uploads with caching headers', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const res = await uploadImage(jpeg);
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/editor\/\d{6}\/[0-9a-f-]{36}_600x400\.jpg$/);
    expect(fs.existsSync(path.join(dataDir, url))).toBe(false);
    expect(await t.app.fileStore.exists(url.slice(1))).toBe(true);

    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(600);
    // Its WebP and narrower variants are in the bucket too.
    const webp = await t.inject({ method: 'GET', url: url.replace(/\.jpg$/, '-480w.webp') });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(480);

    const range = await t.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
    expect(range.rawPayload.length).toBe(10);
    const head = await t.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(served.rawPayload.length);
  });

  it('answers 404 for absent, private and malformed paths, never a 5xx', async () => {
    for (const url of [
      '/uploads/editor/none.jpg',
      '/uploads/../private/white-papers/p5.pdf',
      '/uploads/%2e%2e/private/white-papers/p5.pdf',
      '/uploads/.tmp/x.part',
      '/private/white-papers/p5.pdf',
    ]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('streams a paid white paper from the bucket to a member only', async () => {
    const member = await newMember(t);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/white_paper_file',
      payload: { id: 5 },
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(anonymous.headers['content-type']).toMatch(/json/);
    const res = await t.inject({
      method: 'POST',
      url: '/api/white_paper_file',
      payload: { id: 5, stoken: member.stoken, member_id: member.id },
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('%PDF-1.4 paid paper %%EOF');
  });
});

describe('pnpm admin storage migrate', () => {
  it('copies DATA_DIR files into the bucket once, then skips them', async () => {
    const dataDir = tempDir();
    const write = (rel: string, data: string) => {
      fs.mkdirSync(path.dirname(path.join(dataDir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, rel), data);
    };
    write('uploads/avatars/1-a.png', 'png-bytes');
    write('uploads/seed/img/x.svg', '<svg/>');
    write('private/white-papers/p.pdf', '%PDF-1.4');
    write('uploads/.tmp/abc.part', 'partial');
    write('uploads/odd name.png', 'ignored');
    write('portal.db', 'not a file of the store');
    const storage = freshBucket();
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    expect(await runStorageCommand(['migrate'], { dataDir, storage }, io)).toBe(0);
    expect(out.at(-1)).toMatch(/复制 3 个文件.*跳过 0 个.*忽略 1 个/);
    const target = await openFileStore({ dataDir: tempDir(), storage });
    expect(await target.stat('uploads/seed/img/x.svg')).toEqual({ size: 6, contentType: 'image/svg+xml' });
    expect(await text((await target.get('private/white-papers/p.pdf'))!.stream)).toBe('%PDF-1.4');
    const keys: string[] = [];
    for await (const item of target.list('uploads/')) keys.push(item.key);
    expect(keys.sort()).toEqual(['uploads/avatars/1-a.png', 'uploads/seed/img/x.svg']);
    // Idempotent: nothing copied again; a changed file is copied again.
    expect(await copyFiles(new LocalFileStore(dataDir), target)).toMatchObject({ copied: 0, skipped: 3 });
    write('uploads/avatars/1-a.png', 'png-bytes-changed');
    expect(await copyFiles(new LocalFileStore(dataDir), target)).toMatchObject({ copied: 1, skipped: 2 });
    await target.close();
    // Without STORAGE_URL there is nothing to migrate to.
    expect(await runStorageCommand(['migrate'], { dataDir }, io)).toBe(1);
    expect(await runStorageCommand(['nope'], { dataDir, storage }, io)).toBe(2);
  });
});

describe('seeded files with STORAGE_URL', () => {
  it('are copied to the store after seeding (seed images and private papers, nothing else)', async () => {
    const dataDir = tempDir();
    const write = (rel: string, data: string) => {
      fs.mkdirSync(path.dirname(path.join(dataDir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, rel), data);
    };
    write('uploads/seed/thumbs/1.svg', '<svg/>');
    write('private/white-papers/paper-2.pdf', '%PDF-1.4');
    write('uploads/avatars/9-x.png', 'not the seed');
    expect(await publishSeededFiles(dataDir, new LocalFileStore(dataDir))).toBeNull();
    const target = await openFileStore({ dataDir: tempDir(), storage: freshBucket() });
    expect(await publishSeededFiles(dataDir, target)).toMatchObject({ copied: 2, skipped: 0 });
    expect(await target.exists('private/white-papers/paper-2.pdf')).toBe(true);
    expect(await target.exists('uploads/seed/thumbs/1.svg')).toBe(true);
    expect(await target.exists('uploads/avatars/9-x.png')).toBe(false);
    await target.close();
  });
});
