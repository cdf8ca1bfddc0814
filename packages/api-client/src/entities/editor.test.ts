import { describe, expect, expectTypeOf, it } from 'vitest';
import { NEWSROOM_LIMITS, type AdminUser, type EditorRole } from '../admin';
import { RESOURCES } from '../collections';
import { declSchema } from '../collections/schema';
import { tooShortMsg } from '../messages';
import { columnsFor, fromRow } from './derive';
import {
  EDITOR_FIELDS,
  EDITOR_PASSWORD,
  passwordProblem,
  usernameProblem,
  type EditorAccount,
} from './editor';
import type { EntityField, EntityRecord } from './field';
import { officeColumns, officeFields } from './office';

/**
 * An editor's account (entities/editor.ts): the back office's record and form, the session's
 * AdminUser and the password's rule come from one list. A second part changes a copy of the
 * declaration and finds the change in every derived piece.
 */

const row = {
  id: 7,
  username: 'zhang',
  display_name: '张编辑',
  role: 'reviewer',
  password_hash: 'scrypt$…',
  disabled: 1,
  created_at: 1_700_000_000_000,
};

describe("the editor's declaration", () => {
  it("is the back office's record: no password, the flag as a boolean", () => {
    const account = { username: 'zhang', display_name: '张编辑', role: 'reviewer', disabled: true };
    expectTypeOf<EditorAccount>().toEqualTypeOf<{
      username: string;
      display_name: string;
      role: EditorRole;
      disabled: boolean;
    }>();
    expect(columnsFor(EDITOR_FIELDS, 'office')).toEqual(['username', 'display_name', 'role', 'disabled']);
    expect(fromRow(EDITOR_FIELDS, 'office', row)).toStrictEqual(account);
    expect(JSON.stringify(fromRow(EDITOR_FIELDS, 'office', row))).toBe(JSON.stringify(account));
  });

  it("is the session's AdminUser: what the editor reads of their own account", () => {
    expectTypeOf<AdminUser>().toEqualTypeOf<{ username: string; displayName: string; role: EditorRole }>();
    expect(fromRow(EDITOR_FIELDS, 'self', row)).toStrictEqual({
      username: 'zhang',
      displayName: '张编辑',
      role: 'reviewer',
    });
  });

  it("gives the back office the editors' form, the password written but never read", () => {
    const fields = RESOURCES.editors.fields;
    expect(fields.map((f) => f.name)).toEqual(['username', 'display_name', 'role', 'password', 'disabled']);
    expect(fields[0]).toMatchObject({ required: true, max: 50, createOnly: true });
    expect(fields[3]).toStrictEqual({
      name: 'password',
      label: '密码',
      type: 'password',
      min: 8,
      max: 200,
      help: '新建时必填，至少 8 位；修改时留空则不变',
    });
    expect(officeColumns(EDITOR_FIELDS)).toEqual([]);
  });

  it('has one password rule: the form, the store and the command line say the same', () => {
    expect([NEWSROOM_LIMITS.passwordMin, NEWSROOM_LIMITS.passwordMax]).toEqual([8, 200]);
    expect([NEWSROOM_LIMITS.username, NEWSROOM_LIMITS.displayName]).toEqual([50, 50]);
    const create = declSchema(RESOURCES.editors, 'create');
    const send = (password: string) => () =>
      create.validateSync({ username: 'zhang', role: 'editor', password });
    expect(send('short')).toThrow('密码至少 8 位');
    expect(passwordProblem('short')).toBe('密码至少 8 位');
    expect(send('x'.repeat(201))).toThrow('密码不能超过200个字符');
    expect(passwordProblem('x'.repeat(201))).toBe('密码不能超过200个字符');
    expect(passwordProblem('')).toBe(EDITOR_PASSWORD.messages.required);
    expect(passwordProblem('x'.repeat(8))).toBeNull();
    // An update may leave it out (the account keeps its password).
    expect(() => declSchema(RESOURCES.editors, 'update').validateSync({ role: 'editor' })).not.toThrow();
  });

  it('has one login rule: a letter first, then letters, digits, . _ -, 2 to 50 characters', () => {
    for (const ok of ['zh', 'zhang.san', 'Li_Si-2', `a${'b'.repeat(49)}`])
      expect(usernameProblem(ok)).toBeNull();
    for (const bad of ['z', '1zhang', '_zhang', 'zhang san', '张三', 'zhang/..', `a${'b'.repeat(50)}`, ''])
      expect(usernameProblem(bad), bad).toMatch(/^用户名须以字母开头/);
  });
});

/** A longer password and a new field (the editor's phone extension), as the module would declare them. */
const CHANGED = [
  ...EDITOR_FIELDS.filter((f) => f.name !== 'password'),
  {
    ...EDITOR_PASSWORD,
    min: 12,
    messages: { ...EDITOR_PASSWORD.messages, invalid: tooShortMsg('密码', 12) },
  },
  {
    name: 'extension',
    label: '分机号',
    type: 'text',
    max: 10,
    read: ['office'],
    create: ['office'],
    update: ['office'],
    office: { column: true },
  },
] as const satisfies readonly EntityField[];

describe('a change to the declaration', () => {
  it('reaches the record, the columns and the back office', () => {
    expectTypeOf<EntityRecord<typeof CHANGED, 'office'>>().toHaveProperty('extension');
    expect(columnsFor(CHANGED, 'office')).toEqual([
      'username',
      'display_name',
      'role',
      'disabled',
      'extension',
    ]);
    expect(officeColumns(CHANGED)).toEqual(['extension']);
    const fields = officeFields(CHANGED);
    expect(fields.find((f) => f.name === 'password')).toMatchObject({ min: 12 });
    const decl = { ...RESOURCES.editors, fields };
    const sent = { username: 'zhang', role: 'editor', password: 'x'.repeat(10) };
    expect(() => declSchema(decl, 'create').validateSync(sent)).toThrow('密码至少 12 位');
  });
});
