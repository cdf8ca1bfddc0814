import { describe, expect, expectTypeOf, it } from 'vitest';
import { ValidationError } from 'yup';
import { RESOURCES } from '../collections';
import { declSchema } from '../collections/schema';
import { text } from '../collections/fields';
import type { DynamicForm, FormField, FormOption } from '../contract';
import { ACTIVITY_FORM_FIELDS } from './activity-form';
import { EDITED } from './common';
import { columnsFor, fieldNamed, fromRow, packColumns, storedValue } from './derive';
import type { EntityField, EntityRecord } from './field';
import { officeFields } from './office';
import { entitySchema } from './schema';

/**
 * The sign-up form's record is fixed by the spec (getForm, section 3) and read by the landing
 * pages: pinned here as one sample, in the order of the API's answer. Its declaration also tries
 * out the vocabulary the editorial kinds lack: bit flags (0/1 to visitors, booleans to the back
 * office), lists of entries with their own fields, and fields packed into one column's JSON.
 */

const option = { id: 2, title: '其他', is_input: 1 as 0 | 1, is_mark: 0 as 0 | 1 };
const question = {
  field_name: 'job',
  label: '职务',
  type: 'radio' as FormField['type'],
  is_require: 1 as 0 | 1,
  is_show: 1 as 0 | 1,
  options: [option],
};
const privacy = JSON.stringify({ title: '授权协议', content: '<p>同意</p>' });
const form = {
  form: [question],
  banner: '/uploads/f.jpg',
  is_submit: true,
  is_privacy: false,
  privacy,
  title: '报名',
};
/** The form's row as the table stores it: flags 0/1, the questions and the privacy terms as JSON text. */
const row = {
  activity_id: 5,
  form: JSON.stringify([question]),
  banner: form.banner,
  is_submit: 1,
  is_privacy: 0,
  privacy,
  title: form.title,
};

function messageAt(fields: readonly EntityField[], path: string, value: object): string {
  try {
    entitySchema(fields, 'update', 'office').validateSyncAt(path, value);
  } catch (err) {
    if (err instanceof ValidationError) return err.message;
    throw err;
  }
  return '';
}

describe("the sign-up form's record", () => {
  it('is the spec record, from entities/activity-form.ts', () => {
    expectTypeOf<DynamicForm>().toEqualTypeOf<typeof form>();
    expectTypeOf<FormField>().toEqualTypeOf<typeof question>();
    expectTypeOf<FormOption>().toEqualTypeOf<typeof option>();
    expect(columnsFor(ACTIVITY_FORM_FIELDS, 'public')).toEqual([
      'form',
      'banner',
      'is_submit',
      'is_privacy',
      'privacy',
      'title',
    ]);
    const read = fromRow(ACTIVITY_FORM_FIELDS, 'public', row);
    expect(read).toStrictEqual(form);
    expect(Object.keys(read)).toEqual(Object.keys(form));
    expect(Object.keys(read.form[0]!)).toEqual(Object.keys(question));
    expect(Object.keys(read.form[0]!.options[0]!)).toEqual(Object.keys(option));
  });

  it('is read by the back office with booleans and the privacy terms unpacked', () => {
    const office = fromRow(ACTIVITY_FORM_FIELDS, 'office', row);
    expect(office).toStrictEqual({
      activity_id: 5,
      form: [
        {
          ...question,
          is_require: true,
          is_show: true,
          options: [{ ...option, is_input: true, is_mark: false }],
        },
      ],
      banner: form.banner,
      is_submit: true,
      is_privacy: false,
      title: form.title,
      privacy_title: '授权协议',
      privacy_content: '<p>同意</p>',
    });
    expectTypeOf(office.form[0]!.is_require).toEqualTypeOf<boolean>();
    // The packed fields are no columns of their own.
    expect(columnsFor(ACTIVITY_FORM_FIELDS, 'office')).not.toContain('privacy_title');
  });
});

describe('the vocabulary round-trips', () => {
  const list = fieldNamed(ACTIVITY_FORM_FIELDS, 'form');
  type OfficeForm = EntityRecord<typeof ACTIVITY_FORM_FIELDS, 'office'>;
  const written: OfficeForm['form'] = [
    {
      field_name: 'need',
      label: '需求',
      type: 'checkbox',
      is_require: false,
      is_show: true,
      options: [{ id: 4, title: '存储', is_input: false, is_mark: true }],
    },
  ];

  it('a list of entries with bit flags: written by the office, stored 0/1, read back by each party', () => {
    const stored = storedValue(list, written);
    expect(stored).toEqual([
      {
        ...written[0],
        is_require: 0,
        is_show: 1,
        options: [{ id: 4, title: '存储', is_input: 0, is_mark: 1 }],
      },
    ]);
    const column = { form: JSON.stringify(stored) };
    expect(fromRow([list], 'office', column).form).toStrictEqual(written);
    expect(fromRow([list], 'public', column).form).toStrictEqual(stored);
  });

  it('a stored list that is corrupt, not a list or short of fields reads as entries of its declared fields', () => {
    for (const bad of ['{not json', '{"a":1}', '', null]) {
      expect(fromRow([list], 'public', { form: bad }).form).toEqual([]);
    }
    expect(fromRow([list], 'public', { form: '[{"field_name":"x","options":[{"id":"3"}]}]' }).form).toEqual([
      {
        field_name: 'x',
        label: '',
        type: '',
        is_require: 0,
        is_show: 0,
        options: [{ id: 3, title: '', is_input: 0, is_mark: 0 }],
      },
    ]);
  });

  it('packed fields: into one column as a JSON object, and back out (a corrupt column: empty)', () => {
    const packed = packColumns(ACTIVITY_FORM_FIELDS, { privacy_title: 'T', privacy_content: '<p>c</p>' });
    expect(packed).toEqual({ privacy: JSON.stringify({ title: 'T', content: '<p>c</p>' }) });
    expect(fromRow(ACTIVITY_FORM_FIELDS, 'office', { ...row, ...packed })).toMatchObject({
      privacy_title: 'T',
      privacy_content: '<p>c</p>',
    });
    expect(fromRow(ACTIVITY_FORM_FIELDS, 'public', { ...row, ...packed }).privacy).toBe(packed.privacy);
    expect(packColumns(ACTIVITY_FORM_FIELDS, {})).toEqual({ privacy: '{"title":"","content":""}' });
    expect(fromRow(ACTIVITY_FORM_FIELDS, 'office', { ...row, privacy: 'bad' })).toMatchObject({
      privacy_title: '',
      privacy_content: '',
    });
  });

  it('bad input to a flag, a list or an entry gets its Chinese message', () => {
    const good = { title: '报名', form: written };
    const bad = (path: string, value: object) => messageAt(ACTIVITY_FORM_FIELDS, path, { ...good, ...value });
    expect(bad('is_submit', { is_submit: 'maybe' })).toBe('开放报名格式不正确');
    expect(bad('form', { form: 'abc' })).toBe('表单字段格式不正确');
    expect(bad('form', { form: Array.from({ length: 51 }, () => written[0]) })).toBe('表单字段最多 50 项');
    expect(bad('form[0].is_require', { form: [{ ...written[0], is_require: 'x' }] })).toBe('必填格式不正确');
    expect(bad('form[0].type', { form: [{ ...written[0], type: 'weird' }] })).toBe('类型格式不正确');
    expect(bad('form[0].options[0].title', { form: [{ ...written[0], options: [{ title: '' }] }] })).toBe(
      '选项不能为空',
    );
    expect(bad('form', good)).toBe('');
    // Visitors' 0/1 of a bit: any other number is refused.
    const visitor = entitySchema([{ ...list, create: ['public'] }], 'create', 'public');
    expect(() => visitor.validateSync({ form: [{ ...stored0(), is_show: 2 }] })).toThrow('显示格式不正确');
    expect(visitor.validateSync({ form: [stored0()] }).form[0]!.is_show).toBe(1);
  });
});

/** The first written question as it is stored (0/1 flags). */
const stored0 = () => ({
  field_name: 'need',
  label: '需求',
  type: 'input' as const,
  is_require: 0 as const,
  is_show: 1 as const,
  options: [],
});

describe('a field added to a copy of the declaration', () => {
  const VENUE = { ...text('venue', '会场', 100), ...EDITED } as const satisfies EntityField;
  const WITH_VENUE = [...ACTIVITY_FORM_FIELDS, VENUE] as const;

  it('appears in the record, the rules, the columns and the back office', () => {
    type WithVenue = {
      [K in keyof DynamicForm | 'venue']: K extends keyof DynamicForm ? DynamicForm[K] : string;
    };
    expectTypeOf<EntityRecord<typeof WITH_VENUE, 'public'>>().toEqualTypeOf<WithVenue>();
    expect(Object.keys(entitySchema(WITH_VENUE, 'update', 'office').fields)).toContain('venue');
    expect(messageAt(WITH_VENUE, 'venue', { venue: 'x'.repeat(101) })).toBe('会场不能超过100个字符');
    expect(columnsFor(WITH_VENUE, 'public')).toContain('venue');
    const office = officeFields(WITH_VENUE);
    expect(office.find((f) => f.name === 'venue')).toEqual({
      name: 'venue',
      label: '会场',
      type: 'text',
      required: false,
      max: 100,
    });
    expect(declSchema({ ...RESOURCES.forms, fields: office }, 'create').fields).toHaveProperty('venue');
    expect(Object.keys(entitySchema(ACTIVITY_FORM_FIELDS, 'update', 'office').fields)).not.toContain('venue');
  });

  it('a question field added to the list appears in each entry and in the back office list form', () => {
    const list = fieldNamed(ACTIVITY_FORM_FIELDS, 'form');
    const hint = text('hint', '提示', 50);
    const withHint = [{ ...list, fields: [...list.fields, hint] }] as const;
    expect(fromRow(withHint, 'public', { form: JSON.stringify([{ hint: '请填写' }]) }).form[0]!.hint).toBe(
      '请填写',
    );
    const office = officeFields(withHint)[0]!;
    expect(office.fields?.map((f) => f.name)).toEqual([
      'field_name',
      'label',
      'type',
      'is_require',
      'is_show',
      'options',
      'hint',
    ]);
    // The office's declaration keeps no entity-only key (bit, closed) in its entries.
    expect(JSON.stringify(office)).not.toMatch(/"bit"|"closed"|"packed"/);
  });
});
