import { describe, expect, expectTypeOf, it } from 'vitest';
import { AUDIT_ACTIONS } from '../admin';
import { RESOURCES } from '../collections';
import { AUDIT_ENTRY_FIELDS, type AuditEntry } from './audit-entry';
import { columnsFor, fromRow } from './derive';
import type { EntityField, EntityRecord } from './field';
import { officeFields } from './office';

/**
 * An audit log entry (entities/audit-entry.ts): the back office reads it by its own names
 * (`office.name`: entityId, createdAt) while the table's columns keep theirs. A second part
 * renames a field for the back office in a copy and finds the name in the record and the form.
 */

const row = {
  id: '12',
  editor_id: 1,
  editor: 'r-admin',
  action: 'create',
  entity: 'blocks',
  entity_id: '3',
  detail: '',
  ip: '127.0.0.1',
  created_at: '1764403200000',
};
const entry = {
  id: 12,
  editor: 'r-admin',
  action: 'create',
  entity: 'blocks',
  entityId: '3',
  detail: '',
  ip: '127.0.0.1',
  createdAt: '2025-11-29T08:00:00.000Z',
};

describe("the audit entry's declaration", () => {
  it("is the log's record, by the back office's names, in the order of its answers", () => {
    expectTypeOf<AuditEntry>().toEqualTypeOf<{
      id: number;
      editor: string;
      action: string;
      entity: string;
      entityId: string;
      detail: string;
      ip: string;
      createdAt: string;
    }>();
    expect(columnsFor(AUDIT_ENTRY_FIELDS, 'office')).toEqual([
      'editor',
      'action',
      'entity',
      'entity_id',
      'detail',
      'ip',
      'created_at',
    ]);
    const read = {
      id: Number(row.id),
      ...fromRow(AUDIT_ENTRY_FIELDS, 'office', row, { createdAt: entry.createdAt }),
    };
    expect(JSON.stringify(read)).toBe(JSON.stringify(entry));
  });

  it('gives the back office its read-only fields, by its names, and the actions it names', () => {
    const decl = RESOURCES['audit-log'];
    expect(decl.fields.map((f) => f.name)).toEqual([
      'editor',
      'action',
      'entity',
      'entityId',
      'detail',
      'ip',
      'createdAt',
    ]);
    expect(decl.fields.every((f) => f.readOnly === true)).toBe(true);
    expect(decl.fields[1]?.options).toBe(AUDIT_ACTIONS);
    expect(decl.filters.map((f) => [f.name, f.label])).toEqual([
      ['editor', '操作人'],
      ['action', '操作'],
      ['from', '日期'],
    ]);
  });
});

/** The detail renamed for the back office (`note`), as the module would declare it. */
const RENAMED = [
  ...AUDIT_ENTRY_FIELDS.slice(0, 4),
  { ...AUDIT_ENTRY_FIELDS[4], office: { name: 'note' } },
  ...AUDIT_ENTRY_FIELDS.slice(5),
] as const satisfies readonly EntityField[];

describe('a change to the declaration', () => {
  it("reaches the back office's record and form; the column keeps its name", () => {
    expectTypeOf<EntityRecord<typeof RENAMED, 'office'>>().toHaveProperty('note');
    expect(fromRow(RENAMED, 'office', { ...row, detail: '原因' })).toMatchObject({
      note: '原因',
    });
    expect(officeFields(RENAMED).map((f) => f.name)).toContain('note');
    expect(columnsFor(RENAMED, 'office')).toContain('detail');
  });
});
