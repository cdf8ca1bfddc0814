import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { AVATAR_MAX_BYTES, EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import type { Member } from '@portal/api-client/contract';
import { MSG } from '@portal/api-client/schemas';
import { EDITOR_FORMAT_MSG, EDITOR_SIZE_MSG, sniffType, uploadRateKey } from '../src/lib/uploads';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { DEMO_MP4, ftyp, webmHeader } from './media-fixtures';
import { approvedColumnist, insertMemberFixtures, newMember, upload, type Session } from './member-helpers';

const png = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const jpeg = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
/** A real clip (the seed's): the box structure must parse. */
const MP4 = DEMO_MP4;
/** An ftyp box followed by garbage: the magic bytes of an MP4 and nothing else. */
const FAKE_MP4 = Buffer.concat([ftyp(), Buffer.alloc(2048, 1)]);
const WEBM = Buffer.concat([webmHeader(), Buffer.alloc(1024, 2)]);

describe('sniffType', () => {
  it('reads the real type from the bytes, never SVG or HTML', async () => {
    expect(sniffType(await png())).toBe('png');
    expect(sniffType(await jpeg())).toBe('jpeg');
    expect(sniffType(await gif())).toBe('gif');
    expect(sniffType(MP4)).toBe('mp4');
    expect(sniffType(WEBM)).toBe('webm');
    expect(sniffType(HTML)).toBeNull();
    expect(sniffType(SVG)).toBeNull();
    expect(sniffType(Buffer.alloc(0))).toBeNull();
  });
});

describe.each(DIALECTS)('uploads on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let a: Session;
  let b: Session;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-upload-'));
    t = await startTestApp(dialect, (app) => insertMemberFixtures(app.database), { dataDir });
    a = await approvedColumnist(t);
    b = await newMember(t);
  });
  // Both members upload in many tests: each starts a new minute (upload-security tests that cap).
  beforeEach(async () => {
    for (const m of [a, b]) await t.app.rateLimit.reset(uploadRateKey(m.id));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const tmpLeft = () => {
    const dir = path.join(dataDir, 'uploads', '.tmp');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  describe('member_upload (avatar)', () => {
    it('stores a PNG under a server-chosen name and returns its url', async () => {
      const res = await upload<string>(t, 'member_upload', a.identity, {
        name: '../../etc/passwd.png',
        type: 'image/png',
        data: await png(),
      });
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatch(new RegExp(`^/uploads/avatars/${a.id}-[0-9a-f-]{36}\\.png$`));
      const file = path.join(dataDir, res.body.data);
      expect((await sharp(file).metadata()).format).toBe('png');
      // The avatar can then be set on the profile.
      const upd = await t.call<Member>('member_info_update', {
        ...a.identity,
        email: 'a@example.com',
        industry: 1,
        position: 1,
        department: 1,
        avatar: res.body.data,
      });
      expect(upd.data.avatar).toBe(res.body.data);
      // …but not on another member's profile.
      const steal = await t.call('member_info_update', {
        ...b.identity,
        email: 'b@example.com',
        industry: 1,
        position: 1,
        department: 1,
        avatar: res.body.data,
      });
      expect(steal.code).toBe(ErrorCode.Validation);
    });

    it('accepts a PNG named .jpg and a JPEG named .png (the bytes decide)', async () => {
      const one = await upload<string>(t, 'member_upload', a.identity, {
        name: 'photo.jpg',
        type: 'image/jpeg',
        data: await png(),
      });
      expect(one.body.data).toMatch(/\.png$/);
      const two = await upload<string>(t, 'member_upload', a.identity, {
        name: 'photo.png',
        type: 'image/png',
        data: await jpeg(),
      });
      expect(two.body.data).toMatch(/\.jpg$/);
    });

    it.each([
      ['HTML named .png', HTML, 'x.png'],
      ['SVG named .png', SVG, 'x.png'],
      ['a GIF', null, 'x.gif'],
      [
        'a PNG header with garbage after it',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]),
        'x.png',
      ],
    ])('refuses %s', async (_label, data, name) => {
      const res = await upload(t, 'member_upload', a.identity, {
        name,
        type: 'image/png',
        data: data ?? (await gif()),
      });
      expect(res.body).toMatchObject({ code: ErrorCode.UploadRejected, msg: MSG.avatarType, data: null });
    });

    it('refuses a file over 3 MB while it streams', async () => {
      const big = Buffer.concat([await png(), Buffer.alloc(AVATAR_MAX_BYTES, 1)]);
      const res = await upload(t, 'member_upload', a.identity, {
        name: 'big.png',
        type: 'image/png',
        data: big,
      });
      expect(res.body).toMatchObject({ code: ErrorCode.UploadRejected, msg: MSG.avatarSize });
      expect(tmpLeft()).toEqual([]);
    });

    it('answers the size message, not a transport error, for a far larger file', async () => {
      // Past twice the limit the body is not even read to its end.
      for (const extra of [5 * 1024 * 1024, 20 * 1024 * 1024]) {
        const huge = Buffer.concat([await png(), Buffer.alloc(extra, 1)]);
        const res = await upload(t, 'member_upload', a.identity, {
          name: 'huge.png',
          type: 'image/png',
          data: huge,
        });
        expect(res.body).toMatchObject({ code: ErrorCode.UploadRejected, msg: MSG.avatarSize });
      }
      expect(tmpLeft()).toEqual([]);
    });

    it('needs a file and a valid session', async () => {
      expect((await upload(t, 'member_upload', a.identity)).body).toMatchObject({
        code: ErrorCode.Validation,
        msg: '请选择要上传的文件',
      });
      const data = await png();
      expect(
        (await upload(t, 'member_upload', {}, { name: 'a.png', type: 'image/png', data })).body.code,
      ).toBe(ErrorCode.SessionInvalid);
      const forged = await upload(
        t,
        'member_upload',
        { stoken: b.stoken, member_id: a.id },
        { name: 'a.png', type: 'image/png', data },
      );
      expect(forged.body.code).toBe(ErrorCode.SessionInvalid);
      expect(tmpLeft()).toEqual([]);
    });

    it('multipart bodies reach no other call', async () => {
      const res = await upload(t, 'member_info' as 'member_upload', a.identity, {
        name: 'a.png',
        type: 'image/png',
        data: await png(),
      });
      expect(res.body.code).toBe(ErrorCode.BadRequest);
    });
  });

  describe('space_thumb_upload (editor)', () => {
    it.each([
      ['png', () => png(), 'image/png', /\.png$/],
      ['jpeg', () => jpeg(), 'image/jpeg', /\.jpg$/],
      ['gif', () => gif(), 'image/gif', /\.gif$/],
      ['mp4', async () => MP4, 'video/mp4', /\.mp4$/],
      ['webm', async () => WEBM, 'video/webm', /\.webm$/],
    ])('accepts %s', async (_label, make, type, ext) => {
      const res = await upload<{ url: string }>(t, 'space_thumb_upload', a.identity, {
        name: 'f.bin',
        type,
        data: await make(),
      });
      expect(res.body.code).toBe(0);
      expect(res.body.data.url).toMatch(/^\/uploads\/editor\/\d{6}\/[0-9a-f-]{36}(_\d+x\d+)?\.\w+$/);
      expect(res.body.data.url).toMatch(ext);
      expect(fs.existsSync(path.join(dataDir, res.body.data.url))).toBe(true);
    });

    it.each([
      ['HTML', HTML, 'text/html'],
      ['SVG', SVG, 'image/svg+xml'],
      ['HTML named .mp4', HTML, 'video/mp4'],
      ['an ftyp header followed by garbage', FAKE_MP4, 'video/mp4'],
    ])('refuses %s', async (_label, data, type) => {
      const res = await upload(t, 'space_thumb_upload', a.identity, { name: 'x.png', type, data });
      expect(res.body).toMatchObject({ code: ErrorCode.UploadRejected, msg: EDITOR_FORMAT_MSG });
    });

    it('refuses more than 52428800 bytes', async () => {
      const big = Buffer.concat([MP4, Buffer.alloc(EDITOR_UPLOAD_MAX_BYTES - MP4.length + 1, 3)]);
      const res = await upload(t, 'space_thumb_upload', a.identity, {
        name: 'big.mp4',
        type: 'video/mp4',
        data: big,
      });
      expect(res.body).toMatchObject({ code: ErrorCode.UploadRejected, msg: EDITOR_SIZE_MSG });
      expect(tmpLeft()).toEqual([]);
    });

    it('is only for members with an approved column', async () => {
      const res = await upload(t, 'space_thumb_upload', b.identity, {
        name: 'x.png',
        type: 'image/png',
        data: await png(),
      });
      expect(res.body.code).toBe(ErrorCode.Forbidden);
    });
  });
});
