import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ErrorCode, type Envelope } from '@portal/api-client/codes';
import type { WhitePaper } from '@portal/api-client/contract';
import { paperFileKey, pdfDisposition } from '../src/routes/docs/file';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember, type Session } from './member-helpers';

/** A small but real PDF body, different per paper so a mix-up cannot pass. */
const pdfBytes = (id: number) =>
  Buffer.from(`%PDF-1.4\n% paper ${id}\n${'x'.repeat(200 + id)}\n%%EOF\n`, 'latin1');

describe.each(DIALECTS)('white_paper_file on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let member: Session;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-paper-file-'));
    const write = (rel: string, data: Buffer | string) => {
      const file = path.join(dataDir, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, data);
    };
    write('uploads/seed/pdf/paper-1.pdf', pdfBytes(1));
    write('private/white-papers/paper-2.pdf', pdfBytes(2));
    // Not a white paper: a bad row pointing here must not open it.
    write('secret.pdf', pdfBytes(99));
    t = await startTestApp(
      dialect,
      async (app) => {
        await insertMemberFixtures(app.database);
        const at = (n: number) => Date.UTC(2026, 0, n);
        await app.database.db
          .insertInto('white_papers')
          .values([
            {
              id: 1,
              title: '免费白皮书',
              url: '/uploads/seed/pdf/paper-1.pdf',
              is_free: 0,
              created_at: at(1),
            },
            {
              id: 2,
              title: '2026云计算"白皮书"/会员版',
              url: '/private/white-papers/paper-2.pdf',
              is_free: 1,
              created_at: at(2),
            },
            { id: 3, title: '越界', url: '/private/../secret.pdf', is_free: 1, created_at: at(3) },
            {
              id: 4,
              title: '文件缺失',
              url: '/private/white-papers/paper-4.pdf',
              is_free: 2,
              created_at: at(4),
            },
          ])
          .execute();
      },
      { dataDir },
    );
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const fetchFile = (payload: Record<string, unknown>, token: string | null = t.token) =>
    t.inject({
      method: 'POST',
      url: '/api/white_paper_file',
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('streams the exact PDF of a paid paper to a logged-in member', async () => {
    const res = await fetchFile({ id: 2, ...member.identity });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^inline; filename="white-paper-2\.pdf"; filename\*=UTF-8''[\x21-\x7e]+$/);
    // Quotes and slashes of the title never reach the header; the UTF-8 name keeps the rest.
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe('2026云计算 白皮书 会员版.pdf');
    expect(res.rawPayload.equals(pdfBytes(2))).toBe(true);
  });

  it('serves a free paper to a member too', async () => {
    const res = await fetchFile({ id: 1, ...member.identity });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfBytes(1))).toBe(true);
  });

  it('answers 10001 to a visitor, a forged stoken and a borrowed member_id', async () => {
    const invalid = {
      code: ErrorCode.SessionInvalid,
      msg: ERROR_MESSAGES[ErrorCode.SessionInvalid],
      data: null,
    };
    for (const payload of [
      { id: 2 },
      { id: 2, stoken: 'f'.repeat(64), member_id: member.id },
      { id: 2, stoken: member.stoken, member_id: member.id + 1 },
      { id: 2, stoken: member.stoken },
    ]) {
      const res = await fetchFile(payload);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual(invalid);
      expect(res.rawPayload.includes('%PDF')).toBe(false);
    }
  });

  it('needs the access token', async () => {
    const res = await fetchFile({ id: 2, ...member.identity }, null);
    expect((res.json() as Envelope<null>).code).toBe(ErrorCode.TokenInvalid);
  });

  it('refuses ids that are not positive integers, so no path can be smuggled in', async () => {
    for (const id of ['../../secret.pdf', '2/../../secret', '/etc/passwd', -1, 0, 1.5, '']) {
      const res = await fetchFile({ id, ...member.identity });
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect((res.json() as Envelope<null>).code, String(id)).toBe(ErrorCode.Validation);
    }
  });

  it('answers NotFound for an unknown id, a row pointing outside the file trees and a missing file', async () => {
    expect((await fetchFile({ id: 77, ...member.identity })).json()).toMatchObject({
      code: ErrorCode.NotFound,
      msg: '白皮书不存在',
    });
    for (const id of [3, 4]) {
      const res = await fetchFile({ id, ...member.identity });
      expect(res.json()).toMatchObject({ code: ErrorCode.NotFound, msg: '白皮书文件不存在' });
    }
  });

  it('never exposes a private path in the public list and detail', async () => {
    const list = await t.call<WhitePaper[]>('doc_ls_fronted', { page: 1, pageSize: 9 });
    expect(list.code).toBe(0);
    expect(JSON.stringify(list)).not.toMatch(/private|\.\.\//);
    const byId = new Map(list.data.map((p) => [p.id, p.url]));
    expect(byId.get(1)).toBe('/uploads/seed/pdf/paper-1.pdf');
    expect(byId.get(2)).toBe('/white_pager/pdf?id=2');
    expect(byId.get(4)).toBe('/white_pager/pdf?id=4');
    const detail = await t.call<WhitePaper>('doc_detail', { id: 2 });
    expect(detail.data.url).toBe('/white_pager/pdf?id=2');
    const right = await t.call<{ white_papers: WhitePaper[] }>('get_right');
    expect(JSON.stringify(right.data.white_papers)).not.toMatch(/private/);
  });
});

describe('pdfDisposition', () => {
  it('keeps control characters and quotes out, and falls back to the ASCII name', () => {
    expect(pdfDisposition(7, 'a\r\nb"c')).toBe(
      `inline; filename="white-paper-7.pdf"; filename*=UTF-8''a%20%20b%20c.pdf`,
    );
    expect(pdfDisposition(8, '""')).toBe(
      `inline; filename="white-paper-8.pdf"; filename*=UTF-8''white-paper-8.pdf`,
    );
  });
});

describe('paperFileKey', () => {
  it('keeps stored paths inside the private/ and uploads/ trees of the store', () => {
    expect(paperFileKey('/private/white-papers/a.pdf')).toBe('private/white-papers/a.pdf');
    expect(paperFileKey('/uploads/seed/pdf/a.pdf')).toBe('uploads/seed/pdf/a.pdf');
    for (const bad of [
      '/private/../portal.pdf',
      '/private/../../etc/x.pdf',
      'private/a.pdf',
      '/other/a.pdf',
      '/private/a.db',
      '/private.pdf',
    ]) {
      expect(paperFileKey(bad), bad).toBeNull();
    }
  });
});
