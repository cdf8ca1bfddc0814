import type { Paged } from '@portal/api-client/admin';
import { AUDIT_ENTRY_FIELDS, type AuditEntry } from '@portal/api-client/entities/audit-entry';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { pageOf, paged } from './paging';

/** Who did what to which record, and when (issue 13): written with the change it records. */
export interface AuditRecord {
  editorId: number | null;
  /** Username, or 'system' for the scheduler and 'cli' for `pnpm admin`. */
  editor: string;
  action: string;
  entity: string;
  entityId: string | number;
  detail?: string;
  /** The client's address, when a request caused it. */
  ip?: string;
}

/** `db` may be a running transaction, so the record commits (or not) with the change. */
export async function recordAudit(db: Kysely<DB>, record: AuditRecord, now: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      editor_id: record.editorId,
      editor: record.editor,
      action: record.action,
      entity: record.entity,
      entity_id: String(record.entityId),
      detail: (record.detail ?? '').slice(0, 1000),
      ip: (record.ip ?? '').slice(0, 100),
      created_at: now,
    })
    .execute();
}

export interface AuditQuery {
  editor?: string;
  action?: string;
  from?: number;
  to?: number;
  page: number;
  pageSize: number;
}

export async function listAudit(database: Db, q: AuditQuery): Promise<Paged<AuditEntry>> {
  let query = database.db.selectFrom('audit_log');
  if (q.editor) query = query.where('editor', '=', q.editor);
  if (q.action) query = query.where('action', '=', q.action);
  if (q.from !== undefined) query = query.where('created_at', '>=', q.from);
  if (q.to !== undefined) query = query.where('created_at', '<', q.to);
  const { rows, total } = await paged(
    query,
    (all) => all.select(AUDIT_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    pageOf(q.page, q.pageSize),
  );
  return { total, items: rows.map(toAuditEntry) };
}

/** The columns of an entry (entities/audit-entry.ts) with its id. */
export const AUDIT_COLUMNS = ['id', ...columnsFor(AUDIT_ENTRY_FIELDS, 'office')] as const;

/** An entry as the back office reads it: its id and the declared fields, the time as ISO text. */
export function toAuditEntry(
  row: Pick<Selectable<DB['audit_log']>, (typeof AUDIT_COLUMNS)[number]>,
): AuditEntry {
  const createdAt = new Date(Number(row.created_at)).toISOString();
  return { id: Number(row.id), ...fromRow(AUDIT_ENTRY_FIELDS, 'office', row, { createdAt }) };
}
