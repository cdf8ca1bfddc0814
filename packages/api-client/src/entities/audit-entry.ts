import { AUDIT_ACTIONS } from '../admin';
import { area, text } from '../collections/fields';
import type { EntityField, EntityRecord } from './field';

/**
 * An entry of the audit log (操作日志, issue 13): who did what to which record, and when. Declared
 * once: the back office's `audit-log` collection, the log's record (AuditEntry in admin), the
 * audit repository's columns and row mapping and the `audit_log` table's columns come from this
 * list. The server writes every entry with the change it records; the back office reads them by
 * its own names (`entityId`, `createdAt`) and writes none. Its id is the store's.
 */

const READ = { read: ['office'] } as const;

export const AUDIT_ENTRY_FIELDS = [
  // Username, or 'system' for the scheduler and 'cli' for `pnpm admin` (kept as written).
  { ...text('editor', '操作人', 50, true), ...READ },
  // An action of AUDIT_ACTIONS, or one older rows hold (any text is read as it is).
  { name: 'action', label: '操作', type: 'select', options: AUDIT_ACTIONS, required: true, ...READ },
  { ...text('entity', '对象类型', 50, true), ...READ },
  { ...text('entity_id', '对象编号'), office: { name: 'entityId' }, ...READ },
  { ...area('detail', '详情', 1000), ...READ },
  // The client address of the request ('' for the CLI, the scheduler and rows older than migration 016).
  { ...text('ip', '来源地址', 100), ...READ },
  // ISO text in the record (the store formats it), epoch milliseconds in the column.
  { name: 'created_at', label: '时间', type: 'datetime', office: { name: 'createdAt' }, ...READ },
] as const satisfies readonly EntityField[];

/** An entry as the back office's audit log reads it (admin's AuditEntry). */
export interface AuditEntry extends EntityRecord<typeof AUDIT_ENTRY_FIELDS, 'office'> {
  id: number;
}
