import { boolean, string, type AnySchema } from 'yup';
import type { FieldDecl } from '../collections/fields';
import { invalidMsg, requiredMsg, tooLongMsg } from '../messages';
import { officeWritten, readBy } from './derive';
import type { EntityField, EntryField, WriteMode } from './field';

/**
 * The back office's view of an entity (its collection, collections/<kind>.ts): the fields its roles
 * read, as form fields and list columns.
 */

/**
 * What an entity field says beyond the back office's FieldDecl (a key added to EntityField fails
 * to compile until it is named here).
 */
const ENTITY_ONLY: Record<Exclude<keyof EntityField, keyof FieldDecl>, true> = {
  read: true,
  create: true,
  update: true,
  messages: true,
  format: true,
  maxBytes: true,
  optionList: true,
  open: true,
  screened: true,
  keep: true,
  stored: true,
  nullable: true,
  autoComplete: true,
  control: true,
  unit: true,
  office: true,
  bit: true,
  closed: true,
  packed: true,
  wire: true,
};

/** A field's FieldDecl part, with the office's own label and help (a list's entries likewise). */
function declOf(field: EntityField | EntryField): FieldDecl {
  const decl = Object.fromEntries(
    Object.entries(field).filter(([key]) => !Object.hasOwn(ENTITY_ONLY, key)),
  ) as unknown as FieldDecl;
  // An option id is a number to the back office (the lists are the public site's).
  if (field.optionList) decl.type = 'number';
  if (field.office?.name) decl.name = field.office.name;
  if (field.office?.label) decl.label = field.office.label;
  if (field.office?.help) decl.help = field.office.help;
  // An entry's field worked out when read (`stored: false`) is neither shown nor written there.
  if (field.fields) decl.fields = field.fields.filter((f) => f.stored !== false).map(declOf);
  return decl;
}

/**
 * One field as the back office's form declares it: read only unless the office writes it, set
 * once when it only makes it.
 */
function officeField(field: EntityField): FieldDecl {
  const decl = declOf(field);
  if (!field.update?.includes('office')) {
    if (field.create?.includes('office')) decl.createOnly = true;
    else decl.readOnly = true;
  }
  return decl;
}

/**
 * The fields the back office reads or writes, as its form's fields: in declared order, or in
 * `order` when the form has one of its own (it must name each of them once, by its column's name).
 * A field it writes but never reads (an editor's password) is a form field too.
 */
export function officeFields<F extends EntityField>(
  fields: readonly F[],
  order?: readonly F['name'][],
): FieldDecl[] {
  const read = fields.filter(
    (f) => f.read.includes('office') || f.create?.includes('office') || f.update?.includes('office'),
  );
  if (!order) return read.map(officeField);
  const named = order.map((name) => read.find((f) => f.name === name));
  const missing = read.filter((f) => !order.includes(f.name)).map((f) => f.name);
  if (named.includes(undefined) || missing.length > 0 || new Set(order).size !== order.length) {
    throw new Error(`office order [${order.join()}] must name each office field once (missing: ${missing})`);
  }
  return (named as F[]).map(officeField);
}

/** The back office's name → the column's, for the fields it names otherwise (`office.name`). */
export function officeColumnNames(fields: readonly EntityField[]): Record<string, string> {
  return Object.fromEntries(fields.flatMap((f) => (f.office?.name ? [[f.office.name, f.name]] : [])));
}

/** The list columns the back office shows of an entity, in declared order. */
export function officeColumns(fields: readonly EntityField[]): string[] {
  return readBy(fields, 'office')
    .filter((f) => f.office?.column === true)
    .map((f) => f.name);
}

/**
 * The rule of a field the back office writes on an editor of its own (the article's): a flag is
 * true or false, a text is trimmed (HTML is kept as written: the server sanitises it) and checked
 * for its length, a field with a default may be left out.
 */
function officeRule(field: EntityField): AnySchema {
  const { label, max = Number.MAX_SAFE_INTEGER } = field;
  if (field.type === 'boolean') {
    return boolean()
      .typeError(field.messages?.invalid ?? invalidMsg(label))
      .default(field.default === true);
  }
  const text = field.type === 'richtext' ? string() : string().trim();
  const tooLong = field.messages?.tooLong ?? tooLongMsg(label, max);
  return field.required
    ? text.required(field.messages?.required ?? requiredMsg(label)).max(max, tooLong)
    : text.default((field.default as string | undefined) ?? '').max(max, tooLong);
}

/**
 * The rules of the fields the back office writes in `mode`, by its names (`office.name`), in
 * declared order or in `order` (see `officeWritten`).
 */
export function officeShape<F extends EntityField>(
  fields: readonly F[],
  mode: WriteMode,
  order?: readonly F['name'][],
): Record<string, AnySchema> {
  const shape: Record<string, AnySchema> = {};
  for (const field of officeWritten(fields, mode, order))
    shape[field.office?.name ?? field.name] = officeRule(field);
  return shape;
}
