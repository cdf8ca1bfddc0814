import { describe, expect, expectTypeOf, it } from 'vitest';
import { RESOURCES } from '../collections';
import { declSchema } from '../collections/schema';
import type { SensitiveLevel } from '../moderation';
import { columnsFor, fromRow } from './derive';
import type { EntityField } from './field';
import { officeColumns, officeFields } from './office';
import {
  SENSITIVE_LIMITS,
  SENSITIVE_WORD_FIELDS,
  type SensitiveWord,
  sensitiveWordCheck,
  sensitiveWordProblem,
} from './sensitive-word';

/**
 * A dictionary entry (issue 26): the back office's `sensitive-words` form and rules, the export's
 * cells and the table's columns come from entities/sensitive-word.ts. A second part changes a copy
 * of the declaration and finds the change in the back office's rules and the columns.
 */

const words = RESOURCES['sensitive-words'];
const entry = { word: '违禁词', level: 'mask', replacement: '**', note: '来源：举报' } as const;

describe("the dictionary entry's declaration", () => {
  it('reads an entry as the back office and the export show it: word, level, replacement, note', () => {
    expectTypeOf<SensitiveWord>().toEqualTypeOf<{
      word: string;
      level: SensitiveLevel;
      replacement: string;
      note: string;
    }>();
    // The export's tab-separated cells, in the import's order.
    expect(columnsFor(SENSITIVE_WORD_FIELDS, 'office')).toEqual(['word', 'level', 'replacement', 'note']);
    expect(columnsFor(SENSITIVE_WORD_FIELDS, 'public')).toEqual([]);
    const row = { id: '9', normalized: '违禁词', created_at: '1', ...entry };
    expect(fromRow(SENSITIVE_WORD_FIELDS, 'office', row)).toStrictEqual(entry);
  });

  it('gives the back office its form, rules, filter and check', () => {
    expect(words.fields).toStrictEqual(officeFields(SENSITIVE_WORD_FIELDS));
    expect(words.fields.map((f) => [f.name, f.label, Boolean(f.readOnly)])).toEqual([
      ['word', '敏感词', false],
      ['level', '处理方式', false],
      ['replacement', '替换为', false],
      ['note', '备注', false],
    ]);
    expect(words.filters.find((f) => f.name === 'level')?.options).toEqual([
      { value: 'block', label: '禁止（block）' },
      { value: 'review', label: '审核（review）' },
      { value: 'mask', label: '替换（mask）' },
    ]);
    const create = declSchema(words, 'create');
    expect(create.validateSync({ word: '词' })).toMatchObject({ level: 'block', replacement: '', note: '' });
    expect(() => create.validateSync({ word: '词', level: 'ban' })).toThrow();
    expect(() => create.validateSync({ word: 'a\u200bb' })).toThrow('敏感词不能包含控制字符或不可见字符');
    expect(() => create.validateSync({ word: '词', replacement: 'x\ny' })).toThrow(
      '替换文字不能包含控制字符',
    );
    expect(sensitiveWordCheck(entry)).toBeNull();
    expect(sensitiveWordProblem(' ')).toBe('敏感词不能为空');
    expect(sensitiveWordProblem('长'.repeat(SENSITIVE_LIMITS.word + 1))).toBe(
      `敏感词不能超过${SENSITIVE_LIMITS.word}个字符`,
    );
  });
});

/** The same entry with a shorter word and a list column of its own. */
const CHANGED = [
  { ...SENSITIVE_WORD_FIELDS[0], max: 10 },
  ...SENSITIVE_WORD_FIELDS.slice(1),
  {
    name: 'category',
    label: '类别',
    type: 'text',
    max: 20,
    read: ['office'],
    create: ['office'],
    update: ['office'],
    office: { column: true },
  },
] as const satisfies readonly EntityField[];

describe('a change to a copy of the declaration', () => {
  it("reaches the back office's rules, its columns and the export's cells", () => {
    const schema = declSchema({ ...words, fields: officeFields(CHANGED) }, 'create');
    expect(() => schema.validateSync({ word: '十一个字的敏感词内容啊' })).toThrow('敏感词不能超过10个字符');
    expect(schema.validateSync({ word: '词', category: '政治' })).toMatchObject({ category: '政治' });
    expect(officeColumns(CHANGED)).toEqual(['category']);
    expect(columnsFor(CHANGED, 'office')).toEqual(['word', 'level', 'replacement', 'note', 'category']);
  });
});
