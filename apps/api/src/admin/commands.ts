import { ADMIN_PAGE_SIZE } from '@portal/api-client/admin';
import type { Db } from '../db';
import { resanitizeStored } from '../repositories/resanitize';
import { SANITIZER_VERSION } from '../lib/sanitize';
import { formatTime } from '../lib/time';
import { bumpContentVersion } from '../plugins/content-changes';
import * as review from '../repositories/review';
import { printable } from './printable';
import { EDITOR_USAGE, runEditorCommand } from './editor-commands';
import { MISSING_COMMAND, type AdminIo } from './io';
import { STORAGE_USAGE } from './storage-commands';

/**
 * The editor-review commands behind `pnpm admin` (DESIGN.md section 3), separate from the
 * process wiring in cli.ts so tests run them against a test database.
 */
export const USAGE = `用法 (usage):
  pnpm admin list                                   待审核的专栏申请和文章
  pnpm admin approve column <member_id>             通过专栏申请 (status 2)
  pnpm admin approve article <article_id>           通过文章并发布 (status 3)
  pnpm admin reject column <member_id> --reason "…" 拒绝专栏申请 (status -1)
  pnpm admin reject article <article_id> --reason "…" 拒绝文章 (status -1)
  pnpm admin resanitize                             按当前规则重新清理旧版本保存的文章 HTML
${EDITOR_USAGE}
${STORAGE_USAGE}

Reads DATA_DIR (default ./data) or DATABASE_URL, like the server.`;

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** How the audit log names a decision made with `pnpm admin`. */
const CLI_REVIEWER: review.Reviewer = { editorId: null, editor: 'cli' };

/** Runs one command; returns the process exit code (0 done, 1 refused by state, 2 bad input). */
export async function runAdmin(argv: readonly string[], database: Db, io: AdminIo): Promise<number> {
  const now = io.now ?? Date.now;
  const [command, kind, idText, ...rest] = argv;
  if (command === 'list' && argv.length === 1) return list(database, io);
  if (command === 'resanitize' && argv.length === 1) return resanitize(database, io);
  if (command === 'editor') return runEditorCommand(argv.slice(1), database, { ...io, now });
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (command !== 'approve' && command !== 'reject')
    return usage(io, command ? `未知命令: ${command}` : MISSING_COMMAND);
  if (kind !== 'column' && kind !== 'article')
    return usage(io, `请指定 column 或 article，而不是 ${kind ?? '(空)'}`);
  if (!idText || !/^[1-9]\d{0,14}$/.test(idText)) return usage(io, `id 必须是正整数: ${idText ?? '(空)'}`);
  const id = Number(idText);

  let reason = '';
  if (command === 'reject') {
    const parsed = parseReason(rest);
    if (parsed === null) return usage(io, '拒绝时必须用 --reason "…" 说明原因');
    reason = parsed;
  } else if (rest.length > 0) {
    return usage(io, `多余的参数: ${rest.join(' ')}`);
  }

  const result = await review.decide(
    database,
    { kind: kind === 'column' ? 'columns' : 'articles', id, approve: command === 'approve', reason },
    CLI_REVIEWER,
    now(),
  );
  if (!result.ok) {
    io.err(`失败: ${result.reason}`);
    return EXIT.failed;
  }
  // Running servers drop cached reads within a second (they poll the content version).
  await bumpContentVersion(database);
  const what = kind === 'column' ? `会员 ${id} 的专栏申请` : `文章 ${id}`;
  io.out(
    `${command === 'approve' ? '已通过' : '已拒绝'}: ${what}${result.detail ? `（${result.detail}）` : ''}${reason ? `，原因: ${printable(reason)}` : ''}`,
  );
  return EXIT.ok;
}

/** `--reason "text"` or `--reason=text`; null when missing or blank. */
function parseReason(args: readonly string[]): string | null {
  let reason: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--reason') {
      reason = args[i + 1];
      i++;
    } else if (arg.startsWith('--reason=')) {
      reason = arg.slice('--reason='.length);
    } else {
      return null;
    }
  }
  const trimmed = reason?.trim() ?? '';
  return trimmed === '' || trimmed.length > 500 ? null : trimmed;
}

function usage(io: AdminIo, problem: string): number {
  io.err(`错误: ${problem}\n\n${USAGE}`);
  return EXIT.usage;
}

/** Stored article HTML of other sanitiser versions, sanitised now (the API also does it at start). */
async function resanitize(database: Db, io: AdminIo): Promise<number> {
  const { rows, changed } = await resanitizeStored(database, { log: io.out });
  io.out(
    `文章 HTML 已是清理规则版本 ${SANITIZER_VERSION}：本次处理公开文章 ${rows.articles} 篇、专栏文章 ${rows.column_articles} 篇，其中 ${changed} 篇内容有变化`,
  );
  // Served pages are the same (reads sanitised those rows already), but any search terms changed.
  if (changed > 0) await bumpContentVersion(database);
  return EXIT.ok;
}

async function list(database: Db, io: AdminIo): Promise<number> {
  const applications = await wholeQueue(database, 'columns');
  io.out(`待审核专栏申请 (${applications.length}):`);
  if (applications.length === 0) io.out('  (无)');
  for (const c of applications) {
    io.out(
      `  会员 ${c.memberId}\t${printable(c.username)}\t${printable(c.mobile)}\t${printable(c.email)}\t${printable(c.company)}\t申请于 ${formatTime(Date.parse(c.appliedAt))}`,
    );
  }
  const articles = await wholeQueue(database, 'articles');
  io.out(`待审核文章 (${articles.length}):`);
  if (articles.length === 0) io.out('  (无)');
  for (const a of articles) {
    io.out(
      `  文章 ${a.id}\t${printable(a.title)}\t${printable(a.category)}\t会员 ${a.memberId} ${printable(a.username)}\t提交于 ${formatTime(Date.parse(a.submittedAt))}`,
    );
  }
  return EXIT.ok;
}

/** Every entry of a review queue: the back office's pages, read one after another. */
async function wholeQueue<K extends review.ReviewKind>(
  database: Db,
  kind: K,
): Promise<review.ReviewQueues[K][]> {
  const all: review.ReviewQueues[K][] = [];
  for (let page = 1; ; page++) {
    const { items } = await review.listReviewQueue(database, kind, page, ADMIN_PAGE_SIZE.max);
    all.push(...items);
    if (items.length < ADMIN_PAGE_SIZE.max) return all;
  }
}
