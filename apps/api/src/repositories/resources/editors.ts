import type { EditorRole } from '@portal/api-client/admin';
import { fromRow } from '@portal/api-client/entities/derive';
import { EDITOR_FIELDS, passwordProblem, usernameProblem } from '@portal/api-client/entities/editor';
import { hashPassword } from '../../lib/password';
import { contains } from '../../db/like';
import { EDITOR_COLUMNS, changeEditor, createEditor, type EditorTableRow } from '../editors';
import { ResourceInputError, isoOf, type ResourceStore } from './store';
import { pageOf, paged } from '../paging';

/**
 * Editor accounts through the resource layer, on the account functions of part 1: each change is
 * its own write transaction with its audit record, and disabling or a new password ends the
 * account's sessions at once.
 */
export const editorsStore: ResourceStore = {
  ownsWrites: true,
  async list(database, q) {
    let query = database.db.selectFrom('editors');
    if (q.filters.q) {
      const text = q.filters.q;
      query = query.where((eb) => eb.or([contains('username', text), contains('display_name', text)]));
    }
    const { rows, total } = await paged(
      query,
      (all) => all.select(EDITOR_COLUMNS).orderBy('id'),
      pageOf(q.page, q.pageSize),
    );
    return { total, items: rows.map(toRecord) };
  },
  async get(database, id) {
    const row = await database.db
      .selectFrom('editors')
      .select(EDITOR_COLUMNS)
      .where('id', '=', Number(id))
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  },
  async create(database, input, now, actor) {
    const username = String(input.username);
    const bad = usernameProblem(username);
    if (bad) throw new ResourceInputError(400, bad, 'username');
    // The collection's rules checked a given one; a new account must have one.
    const problem = passwordProblem(String(input.password ?? ''));
    if (problem) throw new ResourceInputError(400, problem, 'password');
    const editor = await createEditor(
      database,
      {
        username,
        displayName: String(input.display_name ?? ''),
        role: input.role as EditorRole,
        passwordHash: await hashPassword(String(input.password)),
      },
      actor,
      now,
    );
    if (!editor) throw new ResourceInputError(409, '用户名已存在', 'username');
    if (input.disabled === true) {
      await changeEditor(database, username, { disabled: true }, { ...actor, action: 'disable' }, now);
    }
    return editor.id;
  },
  async update(database, id, input, now, actor) {
    const row = await database.db
      .selectFrom('editors')
      .select(['username', 'display_name', 'role', 'disabled'])
      .where('id', '=', Number(id))
      .executeTakeFirst();
    if (!row) return false;
    const { username } = row;
    if (actor.editorId === Number(id) && (input.disabled === true || input.role !== 'admin')) {
      throw new ResourceInputError(
        400,
        '不能停用自己或取消自己的管理员角色',
        input.disabled === true ? 'disabled' : 'role',
      );
    }
    if (input.display_name !== undefined && input.display_name !== row.display_name) {
      // Audited: the display name is what public article pages print as the editor.
      const displayName = String(input.display_name);
      const detail = `${row.display_name} → ${displayName}`;
      await changeEditor(
        database,
        username,
        { displayName },
        { ...actor, action: 'display-name', detail },
        now,
      );
    }
    if (input.role !== row.role) {
      const role = input.role as EditorRole;
      await changeEditor(database, username, { role }, { ...actor, action: 'role', detail: role }, now);
    }
    const disabled = input.disabled === true;
    if (disabled !== (Number(row.disabled) !== 0)) {
      await changeEditor(
        database,
        username,
        { disabled },
        { ...actor, action: disabled ? 'disable' : 'enable' },
        now,
      );
    }
    if (input.password) {
      const passwordHash = await hashPassword(String(input.password));
      await changeEditor(database, username, { passwordHash }, { ...actor, action: 'password' }, now);
    }
    return true;
  },
};

/** An account as the back office reads it: its id, the office's fields (entities/editor.ts), its created time. */
function toRecord(row: EditorTableRow) {
  return { id: Number(row.id), ...fromRow(EDITOR_FIELDS, 'office', row), created_at: isoOf(row.created_at) };
}
