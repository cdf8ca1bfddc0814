import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle, AdminError } from '@portal/api-client/admin';
import type { ResourceRecord } from '@portal/api-client/admin-resources';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { adminCall, editorSession, type EditorSession } from './editor-helpers';

/** No edit lost (issue 25 part 3, DESIGN.md section 10): versions and 409 on a stale save. */
describe.each(DIALECTS)('edit versions on %s', (dialect) => {
  let t: TestApp;
  let zhang: EditorSession;
  let li: EditorSession;
  const draft = (title: string) => ({ title, category: 'AI', content: '<p>正文</p>' });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    zhang = await editorSession(t, 'zhang', 'editor');
    li = await editorSession(t, 'li', 'admin');
  });
  afterAll(async () => t?.close());

  async function newArticle(): Promise<AdminArticle> {
    const { id } = (await adminCall(t, zhang, 'POST', '/articles', draft('初稿'))).json() as { id: number };
    return (await adminCall(t, zhang, 'GET', `/articles/${id}`)).json() as AdminArticle;
  }

  it('an article starts at version 1 and every save moves it on', async () => {
    const a = await newArticle();
    expect(a.version).toBe(1);
    const saved = await adminCall(t, zhang, 'PUT', `/articles/${a.id}`, { ...draft('二稿'), version: 1 });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as AdminArticle).version).toBe(2);
    // Without a version (the CLI, older clients) a save still wins, and still counts.
    const blind = await adminCall(t, li, 'PUT', `/articles/${a.id}`, draft('三稿'));
    expect((blind.json() as AdminArticle).version).toBe(3);
  });

  it('a save from an older version answers 409 naming who saved in between, and writes nothing', async () => {
    const a = await newArticle();
    expect(
      (await adminCall(t, li, 'PUT', `/articles/${a.id}`, { ...draft('李的版本'), version: 1 })).statusCode,
    ).toBe(200);
    const stale = await adminCall(t, zhang, 'PUT', `/articles/${a.id}`, { ...draft('张的版本'), version: 1 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json() as AdminError;
    expect(body.message).toContain('li');
    expect(body.conflict).toMatchObject({ version: 2, savedBy: 'li' });
    expect(body.conflict!.savedAt).toBeGreaterThan(Date.now() - 60_000);
    const now = (await adminCall(t, zhang, 'GET', `/articles/${a.id}`)).json() as AdminArticle;
    expect(now).toMatchObject({ title: '李的版本', version: 2, revisions: 2 });
    // Saving theirs on top, knowingly: from the version the conflict named.
    const onTop = await adminCall(t, zhang, 'PUT', `/articles/${a.id}`, { ...draft('张的版本'), version: 2 });
    expect((onTop.json() as AdminArticle).version).toBe(3);
  });

  it('of parallel saves from one version exactly one wins', async () => {
    const a = await newArticle();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adminCall(t, i % 2 ? zhang : li, 'PUT', `/articles/${a.id}`, { ...draft(`并发${i}`), version: 1 }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(((await adminCall(t, li, 'GET', `/articles/${a.id}`)).json() as AdminArticle).revisions).toBe(2);
  });

  it('refuses a malformed version or one from the future with a clear 400', async () => {
    const a = await newArticle();
    for (const version of ['x', 0, -1, 1.5, 2 ** 40, 9]) {
      const res = await adminCall(t, zhang, 'PUT', `/articles/${a.id}`, { ...draft('坏版本'), version });
      expect(res.statusCode, String(version)).toBe(400);
      expect((res.json() as AdminError).field).toBe('version');
      expect((res.json() as AdminError).message).toContain('版本');
    }
  });

  it('a declared resource kind: version on read and list, 409 on a stale PUT, no audit entry for it', async () => {
    const created = await adminCall(t, li, 'POST', '/jobs', {
      title: '记者',
      city: '北京',
      count: '2',
      summary: '采写 IT 新闻',
      duties: ['采访'],
      requirements: ['本科'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json() as ResourceRecord & { id: number };
    const read = (await adminCall(t, li, 'GET', `/jobs/${job.id}`)).json() as ResourceRecord;
    expect(read.version).toBe(1);
    const { version: _v, id: _id, ...fields } = read;
    expect(
      (await adminCall(t, li, 'PUT', `/jobs/${job.id}`, { ...fields, version: 1 })).json(),
    ).toMatchObject({
      version: 2,
    });
    const stale = await adminCall(t, li, 'PUT', `/jobs/${job.id}`, { ...fields, title: '旧的', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as AdminError).conflict).toMatchObject({ version: 2, savedBy: 'li' });
    const list = (await adminCall(t, li, 'GET', '/jobs?page=1&pageSize=50')).json() as {
      items: ResourceRecord[];
    };
    expect(list.items.find((r) => r.id === job.id)).toMatchObject({ version: 2, title: '记者' });
    const audit = (await adminCall(t, li, 'GET', '/audit-log?page=1&pageSize=100&action=update')).json() as {
      items: { action: string; entity: string; entityId: string }[];
    };
    const updates = audit.items.filter(
      (e) => e.entity === 'jobs' && e.entityId === String(job.id) && e.action === 'update',
    );
    expect(updates).toHaveLength(1);
  });
});
