import { describe, expect, expectTypeOf, it } from 'vitest';
import { RESOURCES } from '../collections';
import { declSchema } from '../collections/schema';
import { columnsFor, fromRow } from './derive';
import type { EntityField, EntityRecord } from './field';
import { officeColumns, officeFields } from './office';
import { SETTING_FIELDS, SETTING_GROUPS, settingKey, settingKeyProblem, type Setting } from './setting';

/**
 * A site setting (entities/setting.ts): the settings collection's fields, its group filter and the
 * key's rule (the collection's check and the store's) come from one module. A second part adds a
 * field to a copy of the declaration and finds it in every derived piece.
 */

const KEY_MESSAGE = '设置项须为 seo:页面、footer:名称 或 link:名称';

describe("the setting's declaration", () => {
  it("is the settings store's record, in the order of its answers", () => {
    const setting = {
      key: 'link:友链',
      title: '友链',
      description: '',
      keyword: 'https://example.com',
      order: 3,
    };
    expectTypeOf<Setting>().toEqualTypeOf<{
      key: string;
      title: string;
      description: string;
      keyword: string;
      order: number;
    }>();
    expect(columnsFor(SETTING_FIELDS, 'office')).toEqual(['key', 'title', 'description', 'keyword', 'order']);
    // PostgreSQL may answer a place as text.
    const read = fromRow(SETTING_FIELDS, 'office', { ...setting, order: '3' });
    expect(JSON.stringify(read)).toBe(JSON.stringify(setting));
  });

  it('gives the back office its fields, list columns and group filter', () => {
    const decl = RESOURCES.settings;
    expect(decl.fields.map((f) => f.name)).toEqual(['key', 'title', 'description', 'keyword', 'order']);
    expect(decl.fields[0]).toMatchObject({ required: true, max: 60, createOnly: true });
    expect(decl.filters[0]?.options?.map((o) => o.value)).toEqual(Object.keys(SETTING_GROUPS));
    expect(decl.check).toBe(settingKeyProblem);
  });

  it('has one key rule: <group>:<name>, the name 1 to 50 characters, and its message', () => {
    expect(settingKey('seo:index')).toEqual({ group: 'seo', name: 'index' });
    expect(settingKey(`footer:${'x'.repeat(50)}`)).toEqual({ group: 'footer', name: 'x'.repeat(50) });
    for (const bad of ['seo:', 'bad:x', 'seo', `link:${'x'.repeat(51)}`]) {
      expect(settingKey(bad), bad).toBeNull();
      expect(settingKeyProblem({ key: bad }), bad).toEqual({ field: 'key', message: KEY_MESSAGE });
    }
    // What the field's own rules refuse (no key, not text, over 60 characters) is theirs to say.
    for (const key of [undefined, '', 5, `seo:${'x'.repeat(57)}`])
      expect(settingKeyProblem({ key })).toBeNull();
    const create = declSchema(RESOURCES.settings, 'create');
    expect(() => create.validateSync({ key: 'bad:x' })).toThrow(KEY_MESSAGE);
    expect(() => create.validateSync({ key: `seo:${'x'.repeat(57)}` })).toThrow('设置项不能超过60个字符');
    expect(() => create.validateSync({ key: ' seo:index ' })).not.toThrow();
    // An update sends no key (the path names it).
    expect(() => declSchema(RESOURCES.settings, 'update').validateSync({ title: '标题' })).not.toThrow();
  });
});

/** A new setting field (a page's canonical address), as the module would declare it. */
const WITH_URL = [
  ...SETTING_FIELDS,
  {
    name: 'canonical',
    label: '规范链接',
    type: 'text',
    max: 500,
    read: ['office'],
    create: ['office'],
    update: ['office'],
    office: { column: true },
  },
] as const satisfies readonly EntityField[];

describe('a field added to the declaration', () => {
  it('shows up in the record, the columns and the back office', () => {
    expectTypeOf<EntityRecord<typeof WITH_URL, 'office'>>().toHaveProperty('canonical');
    expect(columnsFor(WITH_URL, 'office')).toContain('canonical');
    expect(officeColumns(WITH_URL)).toEqual(['canonical']);
    expect(officeFields(WITH_URL).map((f) => f.name)).toEqual([
      'key',
      'title',
      'description',
      'keyword',
      'order',
      'canonical',
    ]);
  });
});
