import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { PaperAccess } from '@portal/api-client/constants';
import type { WhitePaper } from '@portal/api-client/contract';
import { href } from '@portal/routes';
import { migrate, openDb } from '../src/db';
import { up as migration013 } from '../src/db/migrations/013_white_paper_access';
import { adminCall, editorSession, type EditorSession } from './editor-helpers';
import { DIALECTS, createTestDatabase, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember, type Session } from './member-helpers';

/**
 * Issue 23 item 1: the back office writes a white paper's access in the public meaning (is_free 0 =
 * free). A paper created paid through /admin/api/white-papers is members-only on the public calls
 * and its file is not served to a visitor; one created free is listed with its file, which is.
 */

const pdfBytes = (label: string) =>
  Buffer.from(`%PDF-1.4\n% ${label}\n${'x'.repeat(300)}\n%%EOF\n`, 'latin1');
const PAID_FILE = '/private/media/202611/paid-paper.pdf';
const FREE_FILE = '/uploads/media/202611/free-paper.pdf';

describe.each(DIALECTS)('white paper access from the back office on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let member: Session;
  let editor: EditorSession;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-paper-access-'));
    for (const [url, label] of [
      [PAID_FILE, 'paid'],
      [FREE_FILE, 'free'],
    ]) {
      const file = path.join(dataDir, url);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, pdfBytes(label));
    }
    t = await startTestApp(
      dialect,
      async (app) => {
        await insertMemberFixtures(app.database);
        // Papers as the seed writes them: 0 free, 1 paid (ids above the ones the database assigns).
        await app.database.db
          .insertInto('white_papers')
          .values([
            { id: 901, title: '种子免费', url: '/uploads/seed/pdf/paper-1.pdf', is_free: 0, created_at: 1 },
            {
              id: 902,
              title: '种子会员',
              url: '/private/white-papers/paper-2.pdf',
              is_free: 1,
              created_at: 2,
            },
          ])
          .execute();
      },
      { dataDir },
    );
    editor = await editorSession(t, 'papers', 'editor');
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    adminCall(t, editor, method, url, payload);
  async function create(body: Record<string, unknown>): Promise<{ id: number; is_free: unknown }> {
    const res = await admin('POST', '/white-papers', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function publicPaper(id: number): Promise<{ listed: WhitePaper; detail: WhitePaper }> {
    const list = await t.call<WhitePaper[]>('doc_ls_fronted', { page: 1, pageSize: 50 });
    const detail = await t.call<WhitePaper>('doc_detail', { id });
    expect(detail.code).toBe(0);
    const listed = list.data.find((p) => p.id === id);
    expect(listed).toBeDefined();
    return { listed: listed!, detail: detail.data };
  }
  const fileAsVisitor = (id: number) =>
    t.inject({
      method: 'POST',
      url: '/api/white_paper_file',
      payload: { id },
      headers: { authorization: `Bearer ${t.token}` },
    });

  it('reads the seeded papers back in the public meaning, in the list and the record', async () => {
    const list = await admin('GET', '/white-papers?pageSize=100');
    const items = (list.json() as { items: { id: number; is_free: unknown }[] }).items;
    expect(items.find((p) => p.id === 901)?.is_free).toBe(PaperAccess.Free);
    expect(items.find((p) => p.id === 902)?.is_free).toBe(PaperAccess.Paid);
    expect((await admin('GET', '/white-papers/902')).json()).toMatchObject({ is_free: PaperAccess.Paid });
    // The list filter takes the same values.
    const paid = await admin('GET', `/white-papers?is_free=${PaperAccess.Paid}`);
    expect((paid.json() as { items: { id: number }[] }).items.map((p) => p.id)).toEqual([902]);
  });

  it('a paper created paid is members-only: no file URL, no file for a visitor, the file for a member', async () => {
    const paper = await create({ title: '会员专享白皮书', url: PAID_FILE, is_free: PaperAccess.Paid });
    expect(paper.is_free).toBe(PaperAccess.Paid);
    const { listed, detail } = await publicPaper(paper.id);
    for (const p of [listed, detail]) {
      expect(p.is_free).toBe(PaperAccess.Paid);
      expect(p.url).toBe(href.whitePaper(paper.id));
    }
    const visitor = await fileAsVisitor(paper.id);
    expect(visitor.json()).toMatchObject({ code: ErrorCode.SessionInvalid, data: null });
    expect(visitor.rawPayload.includes('%PDF')).toBe(false);
    expect((await t.inject({ method: 'GET', url: PAID_FILE })).statusCode).toBe(404);
    const forMember = await t.inject({
      method: 'POST',
      url: '/api/white_paper_file',
      payload: { id: paper.id, ...member.identity },
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(forMember.statusCode).toBe(200);
    expect(forMember.rawPayload.equals(pdfBytes('paid'))).toBe(true);
  });

  it('a paper created free (or left at the default) is listed with its file, served to a visitor', async () => {
    const explicit = await create({ title: '免费白皮书', url: FREE_FILE, is_free: PaperAccess.Free });
    const byDefault = await create({ title: '默认白皮书', url: FREE_FILE });
    for (const paper of [explicit, byDefault]) {
      expect(paper.is_free).toBe(PaperAccess.Free);
      const { listed, detail } = await publicPaper(paper.id);
      for (const p of [listed, detail]) {
        expect(p.is_free).toBe(PaperAccess.Free);
        expect(p.url).toBe(FREE_FILE);
      }
    }
    const file = await t.inject({ method: 'GET', url: FREE_FILE });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdfBytes('free'))).toBe(true);
  });

  it('an editor makes a free paper paid and its file URL leaves the public calls', async () => {
    const paper = await create({ title: '转为会员', url: FREE_FILE, is_free: PaperAccess.Free });
    const res = await admin('PUT', `/white-papers/${paper.id}`, {
      title: '转为会员',
      url: FREE_FILE,
      is_free: PaperAccess.Paid,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { detail } = await publicPaper(paper.id);
    expect(detail).toMatchObject({ is_free: PaperAccess.Paid, url: href.whitePaper(paper.id) });
  });

  it('refuses an access value the public side does not know, naming the field', async () => {
    for (const is_free of [true, 2, -1, 'free']) {
      const res = await admin('POST', '/white-papers', { title: '坏值', url: FREE_FILE, is_free });
      expect(res.statusCode, String(is_free)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'is_free', message: '阅读权限不正确' });
    }
  });
});

describe.each(DIALECTS)('migration 013 (white paper access) on %s', (dialect) => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
  });
  afterAll(async () => testDb?.drop());

  it('inverts the papers created in the back office, keeps seeded ones (edited or not)', async () => {
    const database = openDb({
      dataDir: testDb.options.dataDir ?? '',
      databaseUrl: testDb.options.databaseUrl,
    });
    try {
      await migrate(database);
      const paper = (id: number, is_free: number) => ({
        id,
        title: `白皮书${id}`,
        url: `/x/${id}.pdf`,
        is_free,
        created_at: id,
      });
      await database.db
        .insertInto('white_papers')
        .values([
          paper(1, 0), // seeded free
          paper(2, 1), // seeded paid
          paper(3, 1), // created in the back office with 免费下载 ticked: meant free
          paper(4, 0), // created there unticked: meant paid
          paper(5, 0), // seeded free, later saved in the back office
          paper(6, 1), // created there ticked, later edited
        ])
        .execute();
      const audit = (entityId: number, action: string, entity = 'white-papers') => ({
        editor_id: null,
        editor: 'ed',
        action,
        entity,
        entity_id: String(entityId),
        detail: '',
        created_at: 1,
      });
      await database.db
        .insertInto('audit_log')
        .values([
          audit(3, 'create'),
          audit(4, 'create'),
          audit(5, 'update'),
          audit(6, 'create'),
          audit(6, 'update'),
          // Another kind's record with a paper's id is no paper of the back office.
          audit(1, 'create', 'videos'),
        ])
        .execute();
      await migration013(database.db as unknown as Kysely<unknown>);
      const rows = await database.db
        .selectFrom('white_papers')
        .select(['id', 'is_free'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [Number(r.id), Number(r.is_free)])).toEqual([
        [1, PaperAccess.Free],
        [2, PaperAccess.Paid],
        [3, PaperAccess.Free],
        [4, PaperAccess.Paid],
        [5, PaperAccess.Free],
        [6, PaperAccess.Free],
      ]);
    } finally {
      await database.close();
    }
  });
});
