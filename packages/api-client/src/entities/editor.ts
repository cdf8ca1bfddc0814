import { flagField, text } from '../collections/fields';
import { TEXT, tooLongMsg, tooShortMsg } from '../messages';
import { EDITOR_ROLES, ROLE_LABEL } from '../roles';
import { fieldNamed } from './derive';
import type { EntityField, EntityRecord } from './field';

/**
 * A back-office account (编辑账号, issue 13), declared once. The back office's `editors` collection,
 * the session's AdminUser (what the signed-in editor reads of their own account: `self`), the
 * newsroom's limits, the account repository's columns and row mapping and the `editors` table's
 * columns come from this list. The record's id and created time are the store's; the password is
 * written, never read, and stored as its hash (`password_hash`).
 */

const OFFICE = ['office'] as const;
const SELF_AND_OFFICE = ['self', 'office'] as const;
/** The shortest and longest password, for the back office's form and `pnpm admin editor` alike. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;

export const EDITOR_FIELDS = [
  {
    ...text('username', '用户名', 50, true),
    read: SELF_AND_OFFICE,
    create: OFFICE,
  },
  // What public article pages print as the editor (the session's displayName).
  {
    ...text('display_name', TEXT.displayName, 50),
    wire: 'displayName',
    read: SELF_AND_OFFICE,
    create: OFFICE,
    update: OFFICE,
  },
  {
    name: 'role',
    label: '角色',
    type: 'select',
    options: EDITOR_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] })),
    closed: true,
    required: true,
    default: 'editor',
    read: SELF_AND_OFFICE,
    create: OFFICE,
    update: OFFICE,
  },
  {
    name: 'password',
    label: '密码',
    type: 'password',
    min: PASSWORD_MIN,
    max: PASSWORD_MAX,
    help: `新建时必填，至少 ${PASSWORD_MIN} 位；修改时留空则不变`,
    // A new account needs one (the store and the command line say so); a change may leave it out.
    messages: { required: '请填写密码', invalid: tooShortMsg('密码', PASSWORD_MIN) },
    read: [],
    create: OFFICE,
    update: OFFICE,
    stored: false,
  },
  { ...flagField('disabled', '停用（立即退出登录）'), read: OFFICE, create: OFFICE, update: OFFICE },
] as const satisfies readonly EntityField[];

/** A login: a letter, then letters, digits, `.`, `_` or `-`, 2 to 50 in all (the username field's limit). */
const USERNAME = /^[A-Za-z][\w.-]{1,49}$/;
const USERNAME_RULE = '用户名须以字母开头，只含字母、数字、点、下划线和短横线，2 到 50 个字符';

/** What is wrong with a new account's login, or null: the account store's and `pnpm admin editor add`'s check. */
export function usernameProblem(username: string): string | null {
  return USERNAME.test(username) ? null : USERNAME_RULE;
}

/** The password's field: its limits and messages. */
export const EDITOR_PASSWORD = fieldNamed(EDITOR_FIELDS, 'password');

/**
 * What is wrong with a new password, or null: the account store's and `pnpm admin editor`'s check
 * (the collection's rules say the same of a form's, from the same field).
 */
export function passwordProblem(password: string): string | null {
  const { min, max, label, messages } = EDITOR_PASSWORD;
  if (!password) return messages.required;
  if (password.length < min) return messages.invalid;
  return password.length > max ? tooLongMsg(label, max) : null;
}

/** An account as the back office's editors list reads it (the store adds its id and created time). */
export type EditorAccount = EntityRecord<typeof EDITOR_FIELDS, 'office'>;
/** What the signed-in editor reads of their own account (the session's AdminUser). */
export type EditorSelf = EntityRecord<typeof EDITOR_FIELDS, 'self'>;
