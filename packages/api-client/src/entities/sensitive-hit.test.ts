import { describe, expect, expectTypeOf, it } from 'vitest';
import { RESOURCES } from '../collections';
import type { SensitiveLevel } from '../moderation';
import { columnsFor, fieldNamed, fromRow } from './derive';
import type { EntityField, EntityRecord } from './field';
import { officeFields } from './office';
import {
  HIT_ACTIONS,
  HIT_LIMITS,
  HIT_SOURCES,
  type HitAction,
  type HitSource,
  SENSITIVE_HIT_FIELDS,
  type SensitiveHit,
} from './sensitive-hit';

/**
 * A sensitive-word hit (issue 26): filed by the server, read in the back office. Its record, the
 * back office's read-only fields and filters, the server's bounds and the table's columns come
 * from entities/sensitive-hit.ts. A second part adds a field to a copy of the declaration.
 */

const hits = RESOURCES['sensitive-hits'];
const hit = {
  created_at: '2026-01-01T00:00:00.000Z',
  actor: 'visitor:203.0.113.0',
  source: 'complaint',
  record_id: '42',
  field: 'description',
  word: '违禁词',
  level: 'mask',
  action: 'masked',
  matched: '違禁詞',
  context: '内容【違禁詞】结尾',
} as const;

describe("the hit's declaration", () => {
  it('reads a hit as the back office shows it', () => {
    expectTypeOf<SensitiveHit>().toEqualTypeOf<{
      created_at: string;
      actor: string;
      source: HitSource;
      record_id: string;
      field: string;
      word: string;
      level: SensitiveLevel;
      action: HitAction;
      matched: string;
      context: string;
    }>();
    expect(columnsFor(SENSITIVE_HIT_FIELDS, 'office')).toEqual(Object.keys(hit));
    expect(columnsFor(SENSITIVE_HIT_FIELDS, 'public')).toEqual([]);
    const row = { ...hit, id: '5', created_at: '1767225600000' };
    expect(fromRow(SENSITIVE_HIT_FIELDS, 'office', row, { created_at: hit.created_at })).toStrictEqual(hit);
  });

  it('gives the back office read-only fields, its filters and the bounds the server cuts to', () => {
    expect(hits.fields).toStrictEqual(officeFields(SENSITIVE_HIT_FIELDS));
    expect(hits.fields.every((f) => f.readOnly)).toBe(true);
    const options = (name: string) => hits.filters.find((f) => f.name === name)?.options?.map((o) => o.value);
    expect(options('source')).toEqual(Object.keys(HIT_SOURCES));
    expect(options('action')).toEqual(Object.keys(HIT_ACTIONS));
    expect(options('level')).toEqual(['block', 'review', 'mask']);
    for (const [name, max] of Object.entries(HIT_LIMITS)) {
      expect(fieldNamed(SENSITIVE_HIT_FIELDS, name as keyof typeof HIT_LIMITS).max, name).toBe(max);
    }
  });
});

/** Where the write came from (a new field of the log). */
const IP = { name: 'ip', label: '地址', type: 'text', max: 64, default: '', read: ['office'] } as const;
const WITH_IP = [...SENSITIVE_HIT_FIELDS, IP] as const satisfies readonly EntityField[];

describe('a field added to the declaration', () => {
  it('reaches the record, the columns and the back office (read only)', () => {
    expectTypeOf<EntityRecord<typeof WITH_IP, 'office'>>().toHaveProperty('ip').toEqualTypeOf<string>();
    expectTypeOf<Omit<EntityRecord<typeof WITH_IP, 'office'>, 'ip'>>().toEqualTypeOf<SensitiveHit>();
    expect(columnsFor(WITH_IP, 'office').at(-1)).toBe('ip');
    expect(officeFields(WITH_IP).at(-1)).toMatchObject({ name: 'ip', label: '地址', readOnly: true });
  });
});
