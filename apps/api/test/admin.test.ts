import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { ArticleStatus, ColumnStatus, NewsStatus } from '@portal/api-client/constants';
import type { ArticleDetail, ColumnArticle, ListItem } from '@portal/api-client/contract';
import { passwordProblem, usernameProblem } from '@portal/api-client/entities/editor';
import { EXIT, runAdmin } from '../src/admin/commands';
import { printable } from '../src/admin/printable';
import * as review from '../src/repositories/review';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember, type Session } from './member-helpers';

describe.each(DIALECTS)('pnpm admin on %s', (dialect) => {
  let t: TestApp;
  let m: Session;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertMemberFixtures(app.database));
    m = await newMember(t);
  });
  afterAll(async () => t?.close());

  const admin = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, t.app.database, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const check = async (s: Session) =>
    (await t.call<{ status: number; msg: string }>('check_space', { id: s.id, ...s.identity })).data;

  it('lists pending applications and articles, approves a column', async () => {
    expect((await t.call('space_apply', { id: m.id, ...m.identity })).code).toBe(0);
    const listed = await admin('list');
    expect(listed.code).toBe(EXIT.ok);
    expect(listed.out).toContain(`会员 ${m.id}\t${m.username}`);
    const approved = await admin('approve', 'column', String(m.id));
    expect(approved).toMatchObject({ code: EXIT.ok });
    expect(approved.out).toContain('已通过');
    expect(await check(m)).toEqual({ status: ColumnStatus.Approved, msg: '您的专栏已开通' });
    // Not under review any more.
    expect((await admin('approve', 'column', String(m.id))).code).toBe(EXIT.failed);
  });

  it('rejects a column with the reason the member then sees', async () => {
    const other = await newMember(t);
    await t.call('space_apply', { id: other.id, ...other.identity });
    const res = await admin('reject', 'column', String(other.id), '--reason', '请补充个人简介');
    expect(res.code).toBe(EXIT.ok);
    expect(await check(other)).toEqual({ status: ColumnStatus.Rejected, msg: '请补充个人简介' });
  });

  it('records each decision in the audit log with the status change, and none for a refused one', async () => {
    const other = await newMember(t);
    await t.call('space_apply', { id: other.id, ...other.identity });
    const audited = () =>
      t.app.database.db
        .selectFrom('audit_log')
        .select(['editor', 'action', 'entity', 'detail'])
        .where('entity_id', '=', String(other.id))
        .where('entity', '=', 'column')
        .execute();
    expect((await admin('reject', 'column', String(other.id), '--reason', '资料不全')).code).toBe(EXIT.ok);
    // Rejected already: refused, and nothing more is recorded.
    expect((await admin('approve', 'column', String(other.id))).code).toBe(EXIT.failed);
    expect(await audited()).toEqual([
      { editor: 'cli', action: 'reject', entity: 'column', detail: '资料不全' },
    ]);
    expect((await admin('approve', 'column', '999999')).err).toContain('不存在');
  });

  it('approving an article publishes it: readable via article_content and search_list', async () => {
    const add = await t.call<{ id: number }>('space_add_article', {
      title: '企业存储选型指南',
      channel: 1,
      category: 2,
      content: '<p>分布式存储与集中式存储的比较</p>',
      keyword: '存储,选型',
      is_push: 1,
      ...m.identity,
    });
    expect(add.code).toBe(0);
    expect((await admin('list')).out).toContain(`文章 ${add.data.id}\t企业存储选型指南\t存储`);
    const res = await admin('approve', 'article', String(add.data.id));
    expect(res.code).toBe(EXIT.ok);
    const mine = await t.call<ColumnArticle>('space_edit_article', { id: add.data.id, ...m.identity });
    expect(mine.data).toMatchObject({ status: ArticleStatus.Approved, showStatus: '已通过' });
    const row = await t.app.database.db
      .selectFrom('column_articles')
      .select('article_id')
      .where('id', '=', add.data.id)
      .executeTakeFirstOrThrow();
    expect(row.article_id).not.toBeNull();
    const page = await t.call<ArticleDetail>('article_content', { id: row.article_id });
    expect(page.data).toMatchObject({
      title: '企业存储选型指南',
      cat_id: 56,
      author: m.username,
      content: '<p>分布式存储与集中式存储的比较</p>',
    });
    const published = await t.app.database.db
      .selectFrom('articles')
      .select('member_id')
      .where('id', '=', Number(row.article_id))
      .executeTakeFirstOrThrow();
    expect(Number(published.member_id)).toBe(m.id);
    const found = await t.call<{ list: ListItem[] }>('search_list', { title: '选型', page: 1, pageSize: 10 });
    expect(found.data.list.map((x) => x.title)).toContain('企业存储选型指南');
    // Approving twice is refused.
    expect((await admin('approve', 'article', String(add.data.id))).code).toBe(EXIT.failed);
  });

  it('an approved article edited and approved again keeps its public id and new text', async () => {
    const add = await t.call<{ id: number }>('space_add_article', {
      title: '旧标题甲乙',
      channel: 1,
      category: 1,
      content: '<p>旧正文</p>',
      is_push: 0,
      ...m.identity,
    });
    await admin('approve', 'article', String(add.data.id));
    const first = await t.app.database.db
      .selectFrom('column_articles')
      .select('article_id')
      .where('id', '=', add.data.id)
      .executeTakeFirstOrThrow();
    await t.call('space_update_article', {
      id: add.data.id,
      title: '新标题丙丁',
      channel: 1,
      category: 1,
      content: '<p>新正文</p>',
      is_push: 0,
      ...m.identity,
    });
    expect((await admin('approve', 'article', String(add.data.id))).code).toBe(EXIT.ok);
    const second = await t.app.database.db
      .selectFrom('column_articles')
      .select('article_id')
      .where('id', '=', add.data.id)
      .executeTakeFirstOrThrow();
    expect(second.article_id).toBe(first.article_id);
    expect((await t.call<ArticleDetail>('article_content', { id: second.article_id })).data.title).toBe(
      '新标题丙丁',
    );
    const search = async (q: string) =>
      (await t.call<{ list: ListItem[] }>('search_list', { title: q, page: 1, pageSize: 10 })).data.list.map(
        (x) => x.title,
      );
    expect(await search('丙丁')).toContain('新标题丙丁');
    expect(await search('甲乙')).not.toContain('新标题丙丁');
    // Deleting the column article takes the public copy down.
    expect((await t.call('space_delete_article', { id: add.data.id, ...m.identity })).code).toBe(0);
    expect((await t.call('article_content', { id: second.article_id })).code).toBe(ErrorCode.NotFound);
    expect(await search('丙丁')).not.toContain('新标题丙丁');
  });

  it('rejects an article with a reason shown to the member', async () => {
    const add = await t.call<{ id: number }>('space_add_article', {
      title: '待拒绝',
      channel: 1,
      category: 1,
      content: '<p>内容</p>',
      is_push: 0,
      ...m.identity,
    });
    const res = await admin('reject', 'article', String(add.data.id), '--reason=内容过短');
    expect(res.code).toBe(EXIT.ok);
    const mine = await t.call<ColumnArticle>('space_edit_article', { id: add.data.id, ...m.identity });
    expect(mine.data).toMatchObject({ status: -1, showStatus: '未通过', refuse: '内容过短' });
  });

  /** A member with an approved column and `count` articles submitted for review. */
  const pendingArticles = async (count: number) => {
    const writer = await newMember(t);
    await t.call('space_apply', { id: writer.id, ...writer.identity });
    expect((await admin('approve', 'column', String(writer.id))).code).toBe(EXIT.ok);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const add = await t.call<{ id: number }>('space_add_article', {
        title: `并发审核${i}`,
        channel: 1,
        category: 2,
        content: '<p>同时审核同一篇文章</p>',
        keyword: '并发',
        is_push: 1,
        ...writer.identity,
      });
      expect(add.code).toBe(0);
      ids.push(add.data.id);
    }
    return { writer, ids };
  };
  const approve = (id: number) =>
    review.decide(
      t.app.database,
      { kind: 'articles', id, approve: true, reason: '' },
      { editorId: null, editor: 'cli' },
      Date.now(),
    );
  const published = async (memberId: number) =>
    t.app.database.db
      .selectFrom('articles')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', '=', NewsStatus.Published)
      .execute();

  it('of parallel approvals of one article exactly one publishes it; the rest are conflicts', async () => {
    const { writer, ids } = await pendingArticles(1);
    const results = await Promise.all(Array.from({ length: 10 }, () => approve(ids[0])));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(
      Array(9).fill(ErrorCode.Conflict),
    );
    expect(await published(writer.id)).toHaveLength(1);
  });

  it('an approval racing the member delete never leaves a public copy behind', async () => {
    const { writer, ids } = await pendingArticles(6);
    const outcomes = await Promise.all(
      ids.flatMap((id) => [approve(id), t.call('space_delete_article', { id, ...writer.identity })]),
    );
    // Every delete went through; an approval that came second found nothing pending.
    for (const [i, outcome] of outcomes.entries()) {
      if (i % 2 === 1) expect(outcome).toMatchObject({ code: 0 });
      else if (!('ok' in outcome) || !outcome.ok) expect(outcome).toMatchObject({ code: ErrorCode.NotFound });
    }
    expect(await published(writer.id)).toEqual([]);
  });

  it("editor add and password: the account's password rule and messages (entities/editor.ts)", async () => {
    const add = (password: string) =>
      admin('editor', 'add', 'cli-pass', '--role', 'editor', '--password', password);
    expect(await add('short')).toMatchObject({ code: EXIT.usage });
    expect((await add('short')).err).toContain(`错误: ${passwordProblem('short')}`);
    expect(passwordProblem('short')).toBe('密码至少 8 位');
    expect((await add('x'.repeat(201))).err).toContain('错误: 密码不能超过200个字符');
    expect((await add('long-enough-1')).code).toBe(EXIT.ok);
    const reset = await admin('editor', 'password', 'cli-pass', '--password', '');
    expect(reset).toMatchObject({ code: EXIT.usage });
    expect(reset.err).toContain('错误: 请填写密码');
  });

  it("editor add: a new login follows the back office's rule; the other commands find older names as they are", async () => {
    const add = (username: string) =>
      admin('editor', 'add', username, '--role', 'editor', '--password', 'long-enough-1');
    const refused = await add('1-cli');
    expect(refused).toMatchObject({ code: EXIT.usage });
    expect(refused.err).toContain(`错误: ${usernameProblem('1-cli')}`);
    expect((await add('cli.name')).code).toBe(EXIT.ok);
    expect(await admin('editor', 'disable', '')).toMatchObject({ code: EXIT.usage });
    // An account the command line made under its older rule (a digit first) can still be disabled.
    await t.app.database.db
      .updateTable('editors')
      .set({ username: '1-older' })
      .where('username', '=', 'cli.name')
      .execute();
    expect((await admin('editor', 'disable', '1-older')).code).toBe(EXIT.ok);
  });

  it('list prints what members wrote without terminal control characters', async () => {
    const { ids } = await pendingArticles(1);
    const hostile =
      '标题\x1b[2J\x1b]52;c;ZWNobyBwd25lZA==\x07\u202e\x9b31m\tfake\nrow\x1b]8;;http://x\x1b\\链接';
    await t.app.database.db
      .updateTable('column_articles')
      .set({ title: hostile })
      .where('id', '=', ids[0])
      .execute();
    const listed = await admin('list');
    const line = listed.out.split('\n').find((l) => l.includes(`文章 ${ids[0]}`));
    expect(line).toContain('标题 fake row链接');
    // Nothing a terminal would act on: no C0 but the separating tabs, no DEL, C1 or bidi control.
    const bidi = [
      0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
    ];
    const acted = [...listed.out.replace(/[\t\n]/g, '')].filter((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return c < 0x20 || (c >= 0x7f && c <= 0x9f) || bidi.includes(c);
    });
    expect(acted).toEqual([]);
  });

  it.each([
    [[], EXIT.usage],
    [['frobnicate'], EXIT.usage],
    [['approve'], EXIT.usage],
    [['approve', 'member', '1'], EXIT.usage],
    [['approve', 'article'], EXIT.usage],
    [['approve', 'article', 'abc'], EXIT.usage],
    [['approve', 'article', '-3'], EXIT.usage],
    [['approve', 'article', '1', 'extra'], EXIT.usage],
    [['reject', 'article', '1'], EXIT.usage],
    [['reject', 'article', '1', '--reason'], EXIT.usage],
    [['reject', 'article', '1', '--reason', '  '], EXIT.usage],
    [['approve', 'article', '999999'], EXIT.failed],
    [['approve', 'column', '999999'], EXIT.failed],
    [['reject', 'column', '999999', '--reason', 'x'], EXIT.failed],
  ])('%j exits %i with a message', async (argv, code) => {
    const res = await admin(...argv);
    expect(res.code).toBe(code);
    expect(res.err).not.toBe('');
  });
});

describe('pnpm admin as a process', () => {
  it('reads DATA_DIR, prints the list and exits non-zero on bad input', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: '' };
    const cli = path.join(__dirname, '..', 'src', 'admin', 'cli.ts');
    const tsx = path.join(__dirname, '..', 'node_modules', '.bin', 'tsx');
    const ok = await run(tsx, [cli, 'list'], { env });
    expect(ok.stdout).toContain('待审核专栏申请 (0)');
    expect(fs.existsSync(path.join(dataDir, 'portal.db'))).toBe(true);
    await expect(run(tsx, [cli, 'approve', 'article', 'x'], { env })).rejects.toMatchObject({
      code: EXIT.usage,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('printable (terminal-safe member text)', () => {
  it.each([
    ['plain 中文 text', 'plain 中文 text'],
    ['\x1b[31mred\x1b[0m', 'red'],
    ['a\x1b]0;title\x07b', 'ab'],
    ['a\x1b]52;c;cHdu\x1b\\b', 'ab'],
    ['a\x9b2Jb\x9d0;t\x9cc', 'abc'],
    ['a\u202eevil\u2066b\u200f', 'aevilb'],
    ['tab\there\r\nnext\u2028line', 'tab here  next line'],
    ['bell\x07nul\x00del\x7f', 'bellnuldel'],
    ['unterminated\x1b]0;never ends', 'unterminated'],
    ['trailing\x1b', 'trailing'],
    ['\x1b[', ''],
  ])('%j → %j', (input, expected) => {
    expect(printable(input)).toBe(expected);
  });

  it('reads 1 MB of hostile introducers in one pass', () => {
    // 1 MB of CSI introducers and of unterminated strings: one pass, no backtracking.
    expect(printable('\x1b['.repeat(500_000))).toBe('');
    expect(printable('\x1b]'.repeat(500_000))).toBe('');
  });
});
