import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { RESOURCES } from '../collections';
import { MSG } from '../messages';
import { columnsFor, fromRow } from './derive';
import type { EntityField } from './field';
import { formRows, profileFields } from './form';
import { MEMBER_FIELDS } from './member';
import { officeColumns, officeFields } from './office';
import { entitySchema } from './schema';

/** A new optional profile field, as README "Adding a member profile field" declares it. */
const WEBSITE = {
  name: 'website',
  label: '个人主页',
  type: 'text',
  max: 200,
  default: '',
  read: ['self', 'office'],
  create: ['public'],
  update: ['self'],
  screened: true,
  office: { column: true },
} as const satisfies EntityField;

/** A copy of the member's declaration with the new field after the address. */
const WITH_WEBSITE = MEMBER_FIELDS.flatMap(
  (f): (typeof MEMBER_FIELDS)[number][] | [typeof f, typeof WEBSITE] =>
    f.name === 'address' ? [f, WEBSITE] : [f],
);

const names = (fields: readonly { name: string }[]) => fields.map((f) => f.name);
const formOf = (fields: readonly EntityField[]) => names(formRows(profileFields(fields)));

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.message;
    throw err;
  }
  return '';
}

describe("the member's declaration", () => {
  it('gives the profile form, the rules and the back office as they were written by hand', () => {
    expect(formOf(MEMBER_FIELDS)).toEqual([
      'email',
      'company',
      'industry',
      'position',
      'department',
      'province',
      'address',
      'company_people',
    ]);
    expect(Object.keys(entitySchema(MEMBER_FIELDS, 'update', 'self').fields)).toEqual([
      ...names(profileFields(MEMBER_FIELDS)),
      'avatar',
    ]);
    expect(officeColumns(MEMBER_FIELDS)).toEqual(['username', 'mobile', 'company']);
    expect(RESOURCES.members.columns).toEqual([
      'username',
      'mobile',
      'company',
      'column_status',
      'disabled',
      'created_at',
    ]);
    expect(names(RESOURCES.members.fields.slice(0, 4))).toEqual(['username', 'mobile', 'email', 'company']);
    expect(RESOURCES.members.fields.slice(0, 4).every((f) => 'readOnly' in f && f.readOnly)).toBe(true);
  });

  it('adds a new optional field to the schema, the form and the back-office columns from its one entry', () => {
    for (const field of ['website']) {
      expect(formOf(MEMBER_FIELDS)).not.toContain(field);
      expect(officeColumns(MEMBER_FIELDS)).not.toContain(field);
    }
    // The form: in declared order, after the address.
    const form = formOf(WITH_WEBSITE);
    expect(form.slice(form.indexOf('address'), form.indexOf('address') + 2)).toEqual(['address', 'website']);

    // The rules, for registration and the profile: optional, bounded, with the generated message.
    for (const schema of [
      entitySchema(WITH_WEBSITE, 'create', 'public'),
      entitySchema(WITH_WEBSITE, 'update', 'self'),
    ]) {
      expect(Object.keys(schema.fields)).toContain('website');
      expect(schema.cast({}, { assert: false }).website).toBe('');
      expect(messageOf(() => schema.validateSyncAt('website', { website: 'x'.repeat(201) }))).toBe(
        '个人主页不能超过200个字符',
      );
    }
    expect(Object.keys(entitySchema(MEMBER_FIELDS, 'update', 'self').fields)).not.toContain('website');

    // The back office: a read-only field and a list column.
    expect(officeColumns(WITH_WEBSITE)).toEqual(['username', 'mobile', 'company', 'website']);
    expect(officeFields(WITH_WEBSITE).find((f) => f.name === 'website')).toMatchObject({
      label: '个人主页',
      readOnly: true,
    });

    // The repository: the member's own record selects and returns it.
    expect(columnsFor(WITH_WEBSITE, 'self')).toContain('website');
  });

  it('keeps the spec messages of the declared fields', () => {
    const profile = entitySchema(MEMBER_FIELDS, 'update', 'self');
    expect(messageOf(() => profile.validateSyncAt('email', { email: '' }))).toBe(MSG.emailRequired);
    expect(messageOf(() => profile.validateSyncAt('industry', { industry: '' }))).toBe(MSG.industryRequired);
    expect(messageOf(() => profile.validateSyncAt('company_people', { company_people: '7' }))).toBe(
      MSG.companyPeopleInvalid,
    );
  });
});

describe('derived reads', () => {
  it('selects the stored fields a party reads, never a write-only one', () => {
    expect(columnsFor(MEMBER_FIELDS, 'self')).not.toContain('password');
    expect(columnsFor(MEMBER_FIELDS, 'office')).toEqual(['username', 'mobile', 'email', 'company']);
  });

  it('maps a row to its declared types in declared order, with computed fields', () => {
    // PostgreSQL answers bigint ids as text; the record has numbers.
    const row = { id: '7', username: 'u', mobile: '13800000000', email: 'e', company: 'c', status: '1' };
    const member = fromRow(
      MEMBER_FIELDS.filter((f) => ['id', 'username', 'mobile', 'status'].includes(f.name)),
      'self',
      row,
      { mobile: '138****0000' },
    );
    expect(member).toStrictEqual({ id: 7, username: 'u', mobile: '138****0000', status: 1 });
    expect(Object.keys(member)).toEqual(['id', 'username', 'mobile', 'status']);
  });
});
