import { describe, expect, expectTypeOf, it } from 'vitest';
import { NEWSROOM_LIMITS, rejectSchema, type PendingColumnArticle } from '../admin';
import { RESOURCES } from '../collections';
import type { FieldDecl } from '../collections/fields';
import { declSchema } from '../collections/schema';
import { ColumnStatus } from '../constants';
import type { Data } from '../contract';
import { MSG } from '../messages';
import { COLUMN_FIELDS, columnSpace, type ColumnSpace, type MemberColumn } from './column';
import { COLUMN_ARTICLE_FIELDS } from './column-article';
import { columnsFor, fromRow } from './derive';
import type { EntityField, EntityRecord } from './field';
import { officeColumns, officeFields } from './office';

/**
 * The member's column (spec section 4): check_space's answer and the back office's member fields
 * come from entities/column.ts. A second part adds a field to a copy of the declaration and finds
 * it in every derived piece.
 */

const members = RESOURCES.members;
const statusField = () => members.fields.find((f): f is FieldDecl => f.name === 'column_status');

describe("the column's declaration", () => {
  it("answers check_space and space_apply with the spec's status and a message", () => {
    expectTypeOf<ColumnSpace>().toEqualTypeOf<{ status: number; msg: string }>();
    expectTypeOf<Data<'check_space'>>().toEqualTypeOf<ColumnSpace>();
    expectTypeOf<Data<'space_apply'>>().toEqualTypeOf<{ status: number }>();
    expect(columnsFor(COLUMN_FIELDS, 'self')).toEqual(['column_status', 'column_refuse']);
    const space = (column_status: number, column_refuse = '') =>
      columnSpace({ column_status, column_refuse });
    expect(space(ColumnStatus.NotApplied)).toStrictEqual({ status: 0, msg: MSG.columnNotApplied });
    expect(space(ColumnStatus.UnderReview)).toStrictEqual({ status: 1, msg: MSG.columnPending });
    expect(space(ColumnStatus.Approved)).toStrictEqual({ status: 2, msg: MSG.columnOpened });
    expect(space(ColumnStatus.Rejected, '请补充个人简介')).toStrictEqual({
      status: -1,
      msg: '请补充个人简介',
    });
    // Any negative status is a rejection (spec section 4), with the editor's reason or the general one.
    expect(space(-2)).toStrictEqual({ status: -2, msg: MSG.columnRejected });
  });

  it('reads a stored row as it is: PostgreSQL text, any negative status', () => {
    const row = { column_status: '-2', column_refuse: '不符合要求', password_hash: 'x' };
    const column = fromRow(COLUMN_FIELDS, 'self', row);
    expect(column).toStrictEqual({ column_status: -2, column_refuse: '不符合要求' });
    expectTypeOf(column).toEqualTypeOf<MemberColumn>();
  });

  it("gives the back office the spec's statuses: the select, its filter, the list column, the reason", () => {
    const spec = [
      ColumnStatus.NotApplied,
      ColumnStatus.UnderReview,
      ColumnStatus.Approved,
      ColumnStatus.Rejected,
    ];
    expect(statusField()).toMatchObject({ label: '专栏状态', type: 'select', default: 0 });
    expect(statusField()?.options?.map((o) => o.value)).toEqual(spec);
    expect(statusField()?.options?.map((o) => o.label)).toEqual(['未申请', '审核中', '已开通', '未通过']);
    expect(members.filters.find((f) => f.name === 'column_status')?.options).toEqual(statusField()?.options);
    expect(members.columns).toContain('column_status');
    expect(members.fields.find((f) => f.name === 'column_refuse')).toMatchObject({
      label: '未通过原因',
      readOnly: true,
    });
    // The member form's rules: a rejection is -1; the old 3 (未通过 until issue 24) is refused.
    const update = declSchema(members, 'update');
    expect(update.validateSync({ disabled: false, column_status: -1 })).toMatchObject({ column_status: -1 });
    expect(() => update.validateSync({ disabled: false, column_status: 3 })).toThrow('专栏状态不正确');
    expect(update.cast({ disabled: false })).toMatchObject({ column_status: ColumnStatus.NotApplied });
    expect(Object.keys(update.fields)).not.toContain('column_refuse');
  });

  it("bounds an editor's refusal by the reason the member reads", () => {
    expect(NEWSROOM_LIMITS.reason).toBe(500);
    expect(() => rejectSchema.validateSync({ reason: 'x'.repeat(501) })).toThrow('原因不能超过500个字符');
    expect(rejectSchema.validateSync({ reason: 'x'.repeat(500) }).reason).toHaveLength(500);
  });
});

/** A new column field (the column's name), as the entity module would declare it. */
const NAME = {
  name: 'column_name',
  label: '专栏名称',
  type: 'text',
  max: 30,
  default: '',
  read: ['self', 'office'],
  office: { column: true },
} as const satisfies EntityField;
const WITH_NAME = [...COLUMN_FIELDS, NAME] as const;

describe("the column article's declaration", () => {
  it('gives the review queue the texts the member wrote, and no other column', () => {
    expect(columnsFor(COLUMN_ARTICLE_FIELDS, 'office')).toEqual([
      'title',
      'content',
      'description',
      'keyword',
    ]);
    type Texts = { title: string; content: string; description: string; keyword: string };
    expectTypeOf<EntityRecord<typeof COLUMN_ARTICLE_FIELDS, 'office'>>().toEqualTypeOf<Texts>();
    // The queue's entry: those texts, with its author, category name and time (admin.ts).
    expectTypeOf<keyof PendingColumnArticle>().toEqualTypeOf<
      keyof Texts | 'id' | 'memberId' | 'username' | 'category' | 'submittedAt' | 'hits'
    >();
    expectTypeOf<PendingColumnArticle['content']>().toEqualTypeOf<string>();
  });
});

describe('a field added to the declaration', () => {
  it("shows up in the member's record, the columns and the back office", () => {
    expectTypeOf<EntityRecord<typeof WITH_NAME, 'self'>>().toHaveProperty('column_name');
    expect(columnsFor(WITH_NAME, 'self')).toEqual(['column_status', 'column_refuse', 'column_name']);
    const row = { column_status: 2, column_refuse: '', column_name: '云上笔记' };
    expect(fromRow(WITH_NAME, 'office', row)).toStrictEqual(row);
    expect(officeColumns(WITH_NAME)).toEqual(['column_status', 'column_name']);
    expect(officeFields(WITH_NAME).map((f) => f.name)).toEqual([
      'column_status',
      'column_refuse',
      'column_name',
    ]);
  });
});
