import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_SESSION_IDLE_MS, type AdminUser, type EditorRole } from '@portal/api-client/admin';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { EDITOR_FIELDS } from '@portal/api-client/entities/editor';
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { type AuditRecord, recordAudit } from './audit';
import { writeTx } from './write-tx';

/** Newsroom accounts (apart from members) and their cookie sessions. */

/** An account as the server works with it: what its editor reads of it (AdminUser), its id and state. */
export interface EditorRow extends AdminUser {
  id: number;
  disabled: boolean;
  createdAt: number;
}

export interface EditorWithHash extends EditorRow {
  passwordHash: string;
}

/** The session behind a cookie: who, and the CSRF token every state-changing call must repeat. */
export interface EditorSession {
  editor: EditorRow;
  csrfToken: string;
  lastSeenAt: number;
  tokenHash: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function toAdminUser(editor: EditorRow): AdminUser {
  return { username: editor.username, role: editor.role, displayName: editor.displayName };
}

/** An account's row as EDITOR_COLUMNS select it. */
export type EditorTableRow = Pick<Selectable<DB['editors']>, (typeof EDITOR_COLUMNS)[number]>;
export function toEditor(r: EditorTableRow): EditorRow {
  return {
    id: Number(r.id),
    ...fromRow(EDITOR_FIELDS, 'self', r),
    disabled: Number(r.disabled) !== 0,
    createdAt: Number(r.created_at),
  };
}

/** The columns of an account (entities/editor.ts: the office's fields) with its id and created time. */
export const EDITOR_COLUMNS = ['id', ...columnsFor(EDITOR_FIELDS, 'office'), 'created_at'] as const;

/** Creates an account and its audit record in one write transaction; null when the username is taken. */
export async function createEditor(
  database: Db,
  input: { username: string; displayName: string; role: EditorRole; passwordHash: string },
  audit: Omit<AuditRecord, 'action' | 'entity' | 'entityId' | 'detail'>,
  now: number,
): Promise<EditorRow | null> {
  return writeTx(database, async (trx) => {
    const exists = await trx
      .selectFrom('editors')
      .select('id')
      .where('username', '=', input.username)
      .executeTakeFirst();
    if (exists) return null;
    const row = await trx
      .insertInto('editors')
      .values({
        username: input.username,
        display_name: input.displayName,
        role: input.role,
        password_hash: input.passwordHash,
        created_at: now,
        updated_at: now,
      })
      .returning(EDITOR_COLUMNS)
      .executeTakeFirstOrThrow();
    const record = { action: 'create', entity: 'editor', entityId: input.username, detail: input.role };
    await recordAudit(trx, { ...audit, ...record }, now);
    return toEditor(row);
  });
}

export async function findEditor(database: Db, username: string): Promise<EditorWithHash | null> {
  const row = await database.db
    .selectFrom('editors')
    .select([...EDITOR_COLUMNS, 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? { ...toEditor(row), passwordHash: row.password_hash } : null;
}

export async function listEditors(database: Db): Promise<EditorRow[]> {
  const rows = await database.db.selectFrom('editors').select(EDITOR_COLUMNS).orderBy('id').execute();
  return rows.map(toEditor);
}

/**
 * What an account change may set: disable or re-enable it, give it a new password, a new role or a
 * new display name (the name public article pages print).
 */
type EditorChange =
  { disabled: boolean } | { passwordHash: string } | { role: EditorRole } | { displayName: string };

function changedColumns(change: EditorChange) {
  if ('passwordHash' in change) return { password_hash: change.passwordHash };
  if ('role' in change) return { role: change.role };
  if ('displayName' in change) return { display_name: change.displayName };
  return { disabled: change.disabled ? 1 : 0 };
}

/**
 * Changes an account, and with it, in one write transaction, its audit record and its sessions:
 * disabling it or setting a new password ends every session at once (re-enabling ends none).
 * False when there is no such account.
 */
export async function changeEditor(
  database: Db,
  username: string,
  change: EditorChange,
  audit: Omit<AuditRecord, 'entity' | 'entityId'>,
  now: number,
): Promise<boolean> {
  return writeTx(database, async (trx) => {
    const editor = await trx
      .selectFrom('editors')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (!editor) return false;
    const endsSessions = 'passwordHash' in change || ('disabled' in change && change.disabled);
    await trx
      .updateTable('editors')
      .set({ ...changedColumns(change), updated_at: now })
      .where('id', '=', editor.id)
      .execute();
    if (endsSessions) await trx.deleteFrom('editor_sessions').where('editor_id', '=', editor.id).execute();
    await recordAudit(trx, { ...audit, entity: 'editor', entityId: username }, now);
    return true;
  });
}

/** Opens a session: returns the cookie value (shown once) and the CSRF token. */
export async function openEditorSession(
  database: Db,
  editorId: number,
  now: number,
): Promise<{ token: string; csrfToken: string }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await database.db
    .insertInto('editor_sessions')
    .values({
      token_hash: hashToken(token),
      editor_id: editorId,
      csrf_token: csrfToken,
      last_seen_at: now,
      created_at: now,
    })
    .execute();
  return { token, csrfToken };
}

/**
 * The live session of a cookie value: unknown, idle for 8 h, older than `maxAgeMs` however busy
 * (ADMIN_SESSION_MAX_AGE_HOURS), or of a disabled editor → null.
 */
export async function findEditorSession(
  database: Db,
  token: string,
  now: number,
  maxAgeMs: number,
): Promise<EditorSession | null> {
  const tokenHash = hashToken(token);
  const row = await database.db
    .selectFrom('editor_sessions as s')
    .innerJoin('editors as e', 'e.id', 's.editor_id')
    .select([
      'e.id',
      'e.username',
      'e.display_name',
      'e.role',
      'e.disabled',
      'e.created_at',
      's.csrf_token',
      's.last_seen_at',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.last_seen_at', '>', now - ADMIN_SESSION_IDLE_MS)
    .where('s.created_at', '>', now - maxAgeMs)
    .where('e.disabled', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  return {
    editor: toEditor(row),
    csrfToken: row.csrf_token,
    lastSeenAt: Number(row.last_seen_at),
    tokenHash,
  };
}

/** Keeps a session alive; written at most once a minute per session so reads stay reads. */
export async function touchEditorSession(database: Db, session: EditorSession, now: number): Promise<void> {
  if (now - session.lastSeenAt < 60_000) return;
  await database.db
    .updateTable('editor_sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', session.tokenHash)
    .execute();
}

export async function closeEditorSession(database: Db, token: string): Promise<void> {
  await database.db.deleteFrom('editor_sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Drops sessions idle or aged past the limits (run now and then; they are refused anyway). */
export async function pruneEditorSessions(database: Db, now: number, maxAgeMs: number): Promise<number> {
  const res = await database.db
    .deleteFrom('editor_sessions')
    .where((eb) =>
      eb.or([eb('last_seen_at', '<=', now - ADMIN_SESSION_IDLE_MS), eb('created_at', '<=', now - maxAgeMs)]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
