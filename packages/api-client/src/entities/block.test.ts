import { describe, expect, expectTypeOf, it } from 'vitest';
import { RESOURCES } from '../collections';
import { BLOCK_FIELDS, BLOCK_KEYS, type BlockKey } from './block';
import { columnsFor, fromRow } from './derive';
import type { EntityField, EntityRecord } from './field';
import { officeFields } from './office';

/**
 * A home or category block (entities/block.ts): the back office's blocks, the public calls' read
 * of a pick and the table's columns come from one list. A second part adds a field to a copy of
 * the declaration and finds it in every derived piece.
 */

describe("the block's declaration", () => {
  it("is the back office's record: which block of which page, and the picked ids in order", () => {
    expectTypeOf<EntityRecord<typeof BLOCK_FIELDS, 'office'>>().toEqualTypeOf<{
      block: BlockKey;
      cat_id: number;
      articles: number[];
    }>();
    expect(columnsFor(BLOCK_FIELDS, 'office')).toEqual(['block', 'cat_id', 'articles']);
    const row = { id: 3, block: 'hot', cat_id: '694', articles: '[4,3]', updated_at: 1 };
    expect(fromRow(BLOCK_FIELDS, 'office', row)).toStrictEqual({
      block: 'hot',
      cat_id: 694,
      articles: [4, 3],
    });
  });

  it('gives visitors the picked ids only: a corrupt list or a non-id picks nothing', () => {
    expect(columnsFor(BLOCK_FIELDS, 'public')).toEqual(['articles']);
    expectTypeOf<EntityRecord<typeof BLOCK_FIELDS, 'public'>>().toEqualTypeOf<{ articles: number[] }>();
    const picked = (articles: unknown) => fromRow(BLOCK_FIELDS, 'public', { articles }).articles;
    expect(picked('[4,3]')).toEqual([4, 3]);
    expect(picked('[4,"3",1.5,null,7]')).toEqual([4, 7]);
    expect(picked('not json')).toEqual([]);
    expect(picked('{"a":1}')).toEqual([]);
  });

  it("gives the back office the blocks' fields and choices", () => {
    const decl = RESOURCES.blocks;
    expect(decl.fields.map((f) => f.name)).toEqual(['block', 'cat_id', 'articles']);
    expect(decl.fields[0]?.options?.map((o) => o.value)).toEqual(Object.keys(BLOCK_KEYS));
    expect(decl.fields[0]).toMatchObject({ required: true });
    expect(decl.fields[2]).toMatchObject({ type: 'articles', max: 50 });
  });
});

/** A new block field (a heading shown above the list), as the module would declare it. */
const WITH_HEADING = [
  ...BLOCK_FIELDS,
  {
    name: 'heading',
    label: '标题',
    type: 'text',
    max: 20,
    default: '',
    read: ['public', 'office'],
    create: ['office'],
    update: ['office'],
  },
] as const satisfies readonly EntityField[];

describe('a field added to the declaration', () => {
  it("shows up in the visitors' record, the columns and the back office", () => {
    expectTypeOf<EntityRecord<typeof WITH_HEADING, 'public'>>().toHaveProperty('heading');
    expect(columnsFor(WITH_HEADING, 'public')).toEqual(['articles', 'heading']);
    expect(fromRow(WITH_HEADING, 'public', { articles: '[]', heading: '编辑精选' })).toStrictEqual({
      articles: [],
      heading: '编辑精选',
    });
    expect(officeFields(WITH_HEADING).map((f) => f.name)).toEqual(['block', 'cat_id', 'articles', 'heading']);
  });
});
