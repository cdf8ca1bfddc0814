import { describe, expect, expectTypeOf, it } from 'vitest';
import { ValidationError } from 'yup';
import { RESOURCES } from '../collections';
import { COMPLAINT_LIMITS, MAX_ID, type ComplaintReason } from '../constants';
import type { Payload } from '../contract';
import { MSG } from '../messages';
import { payloadSchemas } from '../payloads';
import { type Complaint, COMPLAINT_FIELDS, type ComplaintPayload } from './complaint';
import { columnsFor, fromRow } from './derive';
import type { EntityField, EntityInput } from './field';
import { officeFields } from './office';
import { entitySchema, fieldRule } from './schema';

/**
 * A reader's complaint (举报): complaint_add's payload and rules, the back office's record and form
 * come from entities/complaint.ts. The rules keep the messages complaint_add answered before the
 * declaration (a change there is a change of a public answer). A second part changes a copy of the
 * declaration and finds the change in every derived piece.
 */

const complaintAdd = payloadSchemas.complaint_add;
const valid = {
  url: 'http://localhost:8080/AI/7',
  article_id: 7,
  reason: '侵权',
  description: '未经授权转载',
  contact: 'legal@example.com',
};
/** complaint_add's first message for `payload` (null: accepted). */
function problem(payload: Record<string, unknown>): string | null {
  try {
    complaintAdd.validateSync(payload, { stripUnknown: true, abortEarly: true });
    return null;
  } catch (err) {
    if (err instanceof ValidationError) return err.errors[0] ?? '';
    throw err;
  }
}

describe("the complaint's declaration", () => {
  it("gives complaint_add its payload: the page, the article, the reason, the reader's texts", () => {
    expectTypeOf<ComplaintPayload>().toEqualTypeOf<{
      url: string;
      reason: ComplaintReason;
      description: string;
      article_id?: number;
      contact?: string;
    }>();
    expectTypeOf<Payload<'complaint_add'>>().toEqualTypeOf<ComplaintPayload>();
    expect(Object.keys(complaintAdd.fields)).toEqual([
      'url',
      'article_id',
      'reason',
      'description',
      'contact',
    ]);
    // Left out: no article, no contact; the reader's texts trimmed; unknown keys dropped.
    expect(
      complaintAdd.validateSync(
        { ...valid, article_id: '', contact: undefined, description: ' 说明 ', status: 'done', held: 0 },
        { stripUnknown: true },
      ),
    ).toStrictEqual({ ...valid, article_id: 0, contact: '', description: '说明' });
  });

  it('refuses bad input with the messages complaint_add always answered', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: '' }, MSG.complaintUrlRequired],
      [{ url: undefined }, MSG.complaintUrlRequired],
      [{ url: 'x'.repeat(COMPLAINT_LIMITS.url + 1) }, `举报页面不能超过${COMPLAINT_LIMITS.url}个字符`],
      [{ url: ['x'] }, '举报页面必须是文本'],
      [{ article_id: 'abc' }, '文章必须是数字'],
      [{ article_id: [1] }, '文章必须是数字'],
      [{ article_id: true }, '文章必须是数字'],
      [{ article_id: 1.5 }, '文章必须是整数'],
      [{ article_id: -1 }, '文章不正确'],
      [{ article_id: MAX_ID + 1 }, '文章超出范围'],
      [{ article_id: 2 ** 60 }, '文章超出范围'],
      [{ reason: '不喜欢' }, MSG.complaintReasonRequired],
      [{ reason: '' }, MSG.complaintReasonRequired],
      [{ reason: 5 }, MSG.complaintReasonRequired],
      [{ reason: ['侵权'] }, '举报原因必须是文本'],
      [{ reason: { a: 1 } }, '举报原因必须是文本'],
      [{ description: '   ' }, MSG.complaintDescriptionRequired],
      [{ description: '长'.repeat(COMPLAINT_LIMITS.description + 1) }, MSG.complaintDescriptionTooLong],
      [{ description: ['数组'] }, '举报说明必须是文本'],
      [{ contact: 'c'.repeat(COMPLAINT_LIMITS.contact + 1) }, MSG.complaintContactTooLong],
      [{ contact: {} }, '联系方式必须是文本'],
    ];
    for (const [change, message] of cases) expect(problem({ ...valid, ...change }), message).toBe(message);
  });

  it("gives the back office every field, writing only the handling's", () => {
    expect(columnsFor(COMPLAINT_FIELDS, 'office')).toEqual([
      'url',
      'article_id',
      'reason',
      'description',
      'contact',
      'member_id',
      'held',
      'created_at',
      'status',
      'note',
    ]);
    expect(columnsFor(COMPLAINT_FIELDS, 'public')).toEqual([]);
    const fields = RESOURCES.complaints.fields;
    expect(fields.filter((f) => !f.readOnly).map((f) => f.name)).toEqual(['status', 'note']);
    expect(fields.find((f) => f.name === 'article_id')).toMatchObject({
      label: '文章编号',
      type: 'number',
      help: '0：不是文章页',
    });
    expect(
      RESOURCES.complaints.filters.find((f) => f.name === 'reason')?.options?.map((o) => o.value),
    ).toEqual(['违法违规', '色情低俗', '侵权', '虚假信息', '广告营销', '其他']);
    // A row as PostgreSQL answers it (bigint as text, the flag 0/1).
    const row = {
      id: '3',
      created_at: '1767225600000',
      ...valid,
      article_id: '7',
      member_id: '42',
      held: 1,
      status: 'pending',
      note: '',
    };
    const read = fromRow(COMPLAINT_FIELDS, 'office', row, { created_at: '2026-01-01T00:00:00.000Z' });
    expect(read).toStrictEqual({
      ...valid,
      member_id: 42,
      held: true,
      created_at: '2026-01-01T00:00:00.000Z',
      status: 'pending',
      note: '',
    });
    expectTypeOf(read).toEqualTypeOf<Complaint>();
  });
});

describe("the vocabulary's words for a call's payload", () => {
  it('answers something other than text with `notText`, a wrong choice with `invalid`', () => {
    const choice = {
      name: 'size',
      label: '尺寸',
      type: 'select',
      options: [{ value: 'big', label: '大' }],
      required: true,
      read: ['public'],
      messages: { invalid: '请选择尺寸', notText: '尺寸必须是文本' },
    } as const satisfies EntityField;
    expect(() => fieldRule(choice).validateSync(['big'])).toThrow('尺寸必须是文本');
    expect(() => fieldRule(choice).validateSync('small')).toThrow('请选择尺寸');
    expect(fieldRule(choice).validateSync(' big ')).toBe('big');
    // Without `notText`, a list is refused with `invalid` (it used to throw inside yup's trim()).
    const plain = { ...choice, messages: {} };
    expect(() => fieldRule(plain).validateSync(['big'])).toThrow('尺寸格式不正确');
  });

  it("checks an id (`format: 'id'`) as the payloads do, 0 being none", () => {
    const id = {
      name: 'video_id',
      label: '视频',
      type: 'number',
      format: 'id',
      default: 0,
      read: ['public'],
    } as const satisfies EntityField;
    const rule = fieldRule(id);
    expect(rule.validateSync(undefined)).toBe(0);
    expect(rule.validateSync(' ')).toBe(0);
    expect(rule.validateSync('12')).toBe(12);
    expect(() => rule.validateSync('x')).toThrow('视频必须是数字');
    expect(() => rule.validateSync(-3)).toThrow('视频不正确');
    // Without a default, none is 0.
    const { default: _none, ...bare } = id;
    expect(fieldRule(bare).validateSync(undefined)).toBe(0);
    const required = { ...bare, required: true, messages: { required: '请选择视频' } } as const;
    expect(() => fieldRule(required).validateSync(undefined)).toThrow('请选择视频');
  });
});

/** A new field the reader sends (the page's title), as the entity module would declare it. */
const TITLE = {
  name: 'page_title',
  label: '页面标题',
  type: 'text',
  max: 100,
  default: '',
  read: ['office'],
  create: ['public'],
} as const satisfies EntityField;
const WITH_TITLE = [...COMPLAINT_FIELDS, TITLE] as const;

describe('a field added to the declaration', () => {
  it("reaches complaint_add's payload and rules, the columns and the back office (read only)", () => {
    expectTypeOf<EntityInput<typeof WITH_TITLE, 'create', 'public'>>().toEqualTypeOf<{
      url: string;
      reason: ComplaintReason;
      description: string;
      article_id?: number;
      contact?: string;
      page_title?: string;
    }>();
    const schema = entitySchema(WITH_TITLE, 'create', 'public');
    expect(Object.keys(schema.fields)).toContain('page_title');
    expect(() => schema.validateSync({ ...valid, page_title: 'x'.repeat(101) })).toThrow(
      '页面标题不能超过100个字符',
    );
    expect(columnsFor(WITH_TITLE, 'office')).toContain('page_title');
    expect(officeFields(WITH_TITLE).at(-1)).toMatchObject({ name: 'page_title', readOnly: true });
  });
});
