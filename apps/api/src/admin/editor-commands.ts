import { EDITOR_ROLES, NEWSROOM_LIMITS, ROLE_LABEL, type EditorRole } from '@portal/api-client/admin';
import { passwordProblem, usernameProblem } from '@portal/api-client/entities/editor';
import type { Db } from '../db';
import { hashPassword } from '../lib/password';
import { changeEditor, createEditor, listEditors } from '../repositories/editors';
import { MISSING_COMMAND, type AdminIo } from './io';

/**
 * `pnpm admin editor …`: newsroom accounts from the command line (the first admin comes from here).
 */
export const EDITOR_USAGE = `  pnpm admin editor add <username> --role admin|editor|reviewer --password <password> [--name "显示名"]
  pnpm admin editor list                             编辑账号列表
  pnpm admin editor disable <username>               停用账号（立即结束其所有会话）
  pnpm admin editor enable <username>                重新启用账号
  pnpm admin editor password <username> [--password <password>]   重设密码（未给出时从标准输入读取一行）`;

/** The editor commands always get a clock (runAdmin passes its own). */
export type EditorIo = AdminIo & { now: () => number };

/** `--flag value` / `--flag=value` options; null when an argument is not an option of `allowed`. */
function parseOptions(args: readonly string[], allowed: readonly string[]): Record<string, string> | null {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(args[i]);
    if (!match || !allowed.includes(match[1])) return null;
    const value = match[2] ?? args[++i];
    if (value === undefined) return null;
    options[match[1]] = value;
  }
  return options;
}

/** Exit codes as runAdmin: 0 done, 1 refused by state, 2 bad input. */
export async function runEditorCommand(args: readonly string[], database: Db, io: EditorIo): Promise<number> {
  const [sub, username, ...rest] = args;
  const bad = (problem: string) => {
    io.err(`错误: ${problem}\n\n用法:\n${EDITOR_USAGE}`);
    return 2;
  };
  const cli = { editorId: null, editor: 'cli' };

  if (sub === 'list' && args.length === 1) {
    const editors = await listEditors(database);
    if (editors.length === 0) io.out('(还没有编辑账号；用 pnpm admin editor add 创建第一个管理员)');
    for (const e of editors) {
      io.out(
        `${e.username}\t${e.displayName || '-'}\t${ROLE_LABEL[e.role] ?? e.role}\t${e.disabled ? '已停用' : '正常'}`,
      );
    }
    return 0;
  }
  if (!sub || !['add', 'disable', 'enable', 'password'].includes(sub))
    return bad(sub ? `未知命令: editor ${sub}` : MISSING_COMMAND);
  if (!username) return bad('请填写用户名');

  if (sub === 'add') {
    // Only a new login is held to the rule: an older account keeps the name it was made with.
    const nameProblem = usernameProblem(username);
    if (nameProblem) return bad(nameProblem);
    const options = parseOptions(rest, ['role', 'password', 'name']);
    if (!options) return bad('参数不正确');
    const role = options.role as EditorRole;
    if (!EDITOR_ROLES.includes(role)) return bad('--role 须为 admin、editor 或 reviewer');
    const password = options.password ?? (io.readLine ? await io.readLine() : '');
    const problem = passwordProblem(password);
    if (problem) return bad(problem);
    // No default from the username: public article pages print the display name, never a login.
    const displayName = (options.name ?? '').slice(0, NEWSROOM_LIMITS.displayName);
    const editor = await createEditor(
      database,
      { username, displayName, role, passwordHash: await hashPassword(password) },
      cli,
      io.now(),
    );
    if (!editor) {
      io.err(`失败: 用户名 ${username} 已存在`);
      return 1;
    }
    io.out(`已创建${ROLE_LABEL[role]}账号: ${username}`);
    return 0;
  }

  if (sub === 'password') {
    const options = parseOptions(rest, ['password']);
    if (!options) return bad('参数不正确');
    const password = options.password ?? (io.readLine ? await io.readLine() : '');
    const problem = passwordProblem(password);
    if (problem) return bad(problem);
    const change = { passwordHash: await hashPassword(password) };
    if (!(await changeEditor(database, username, change, { ...cli, action: 'password' }, io.now()))) {
      io.err(`失败: 用户名 ${username} 不存在`);
      return 1;
    }
    io.out(`已重设 ${username} 的密码，其所有会话已结束`);
    return 0;
  }

  if (rest.length > 0) return bad(`多余的参数: ${rest.join(' ')}`);
  const disable = sub === 'disable';
  if (!(await changeEditor(database, username, { disabled: disable }, { ...cli, action: sub }, io.now()))) {
    io.err(`失败: 用户名 ${username} 不存在`);
    return 1;
  }
  io.out(disable ? `已停用 ${username}，其所有会话已结束` : `已启用 ${username}`);
  return 0;
}
