import type {
  ColumnName,
  EntityField,
  EntityRecord,
  EntryField,
  OfficeForm,
  OfficeRow,
  Party,
  WriteMode,
} from './field';

/**
 * Small generic helpers that read an entity's declaration (./field): which fields a party reads or
 * writes, the columns a repository selects, a row mapped to the contract's record.
 */

/** The fields `who` reads, in declared order. */
export function readBy<F extends EntityField>(fields: readonly F[], who: Party): F[] {
  return fields.filter((f) => f.read.includes(who));
}

/** The fields `who` writes when making (`create`) or changing (`update`) a record, in declared order. */
export function writtenBy<F extends EntityField>(fields: readonly F[], mode: WriteMode, who: Party): F[] {
  return fields.filter((f) => f[mode]?.includes(who) === true);
}

/** The columns a repository selects to show a record to `who`: its readable, stored fields. */
export function columnsFor<const Fs extends readonly EntityField[], Who extends Party>(
  fields: Fs,
  who: Who,
): ColumnName<Fs, Who>[] {
  // The same test as ColumnName, at run time (a packed field lives inside another column's JSON).
  return readBy(fields, who)
    .filter((f) => f.stored !== false && !f.packed)
    .map((f) => f.name) as ColumnName<Fs, Who>[];
}

/** The named field of a declaration (a mistyped name fails at once, not in a request). */
export function fieldNamed<F extends EntityField, N extends F['name']>(
  fields: readonly F[],
  name: N,
): Extract<F, { name: N }> {
  const field = fields.find((f): f is Extract<F, { name: N }> => f.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
}

/**
 * The named fields of a declaration, in the order of `names`: a record that shows part of an
 * entity's fields (a partner item as each list's call answers it).
 */
export function fieldsNamed<F extends EntityField, const N extends readonly F['name'][]>(
  fields: readonly F[],
  names: N,
): { [I in keyof N]: Extract<F, { name: N[I] }> } {
  return names.map((name) => fieldNamed(fields, name)) as { [I in keyof N]: Extract<F, { name: N[I] }> };
}

/** `source`'s values of the named keys, in their order (the route's copy of a validated payload). */
export function pick<T extends object, K extends keyof T>(source: T, names: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const name of names) out[name] = source[name];
  return out;
}

/** JSON text as a value (a corrupt or absent text: `fallback`). */
function parsed(text: unknown, fallback: unknown): unknown {
  if (typeof text !== 'string') return text ?? fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/**
 * A stored value as the field's type, as `who` reads it: PostgreSQL answers some integers as
 * text, SQLite flags as 0/1, a list, lines or article ids are JSON text (corrupt or not a list: no
 * entries).
 */
function coerce(field: EntityField | EntryField, value: unknown, who: Party): unknown {
  const choices =
    field.type === 'select' && !field.optionList ? (field.options ?? []).map((o) => o.value) : [];
  if (field.type === 'number' || (field.type === 'select' && field.optionList)) return Number(value);
  if (field.type === 'boolean') {
    const on = Number(value) === 1 || value === true;
    return field.bit && who !== 'office' ? (on ? 1 : 0) : on;
  }
  if (field.type === 'list') {
    const entries = parsed(value, []);
    return Array.isArray(entries) ? entries.map((entry: unknown) => entryOf(field, entry, who)) : [];
  }
  if (field.type === 'json' && field.fields && who !== 'office') {
    // The text of its object, or the object itself (unpacked from a column's JSON).
    return entryOf(field, parsed(value, {}), who);
  }
  if (field.type === 'lines') {
    const entries = parsed(value, []);
    return Array.isArray(entries) ? entries.map(String) : [];
  }
  if (field.type === 'articles') {
    // Article ids in order; anything else in the stored list (corrupt text, a non-id) is left out.
    const entries = parsed(value, []);
    return Array.isArray(entries) ? entries.filter((id) => Number.isSafeInteger(id)) : [];
  }
  if (choices.length > 0 && choices.every((v) => typeof v === 'number')) {
    // A numeric choice outside the declared ones reads as the default (is_push: anything but 1 is 0),
    // unless the field is open (is_free: any number but 0 is a members' paper).
    const n = Number(value);
    return field.open || choices.includes(n) ? n : (field.default ?? choices[0]);
  }
  return String(value);
}

/** One entry of a list or a json field's object, its fields in declared order (one it lacks: 0, no, no entries or no text). */
function entryOf(list: EntityField | EntryField, entry: unknown, who: Party): Record<string, unknown> {
  const values = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  return Object.fromEntries(
    (list.fields ?? []).map((f) => [f.name, coerce(f, values[f.name] ?? emptyOf(f), who)]),
  );
}

const emptyOf = (field: EntryField): unknown =>
  field.type === 'number' || field.type === 'boolean' ? 0 : field.type === 'list' ? [] : '';

/**
 * A value as its column stores it (a list's entries field by field, a flag 0/1), before the
 * column's own encoding (a list is written as JSON text).
 */
export function storedValue(field: EntityField | EntryField, value: unknown): unknown {
  if (field.type === 'boolean') return value === true || Number(value) === 1 ? 1 : 0;
  if (field.type === 'list') {
    const entries = Array.isArray(value) ? (value as unknown[]) : [];
    return entries.map((entry) => {
      const values = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      return Object.fromEntries((field.fields ?? []).map((f) => [f.name, storedValue(f, values[f.name])]));
    });
  }
  return value;
}

/**
 * The packed fields of `values` as their columns store them: each column a JSON object of its
 * fields' keys, in declared order (an absent value: '', or no entries for a list).
 */
export function packColumns(fields: readonly EntityField[], values: object): Record<string, string> {
  const given = values as Record<string, unknown>;
  const objects = new Map<string, Record<string, unknown>>();
  for (const f of fields) {
    if (!f.packed) continue;
    const object = objects.get(f.packed.in) ?? {};
    object[f.packed.key] = storedValue(f, given[f.name] ?? emptyOf(f));
    objects.set(f.packed.in, object);
  }
  return Object.fromEntries([...objects].map(([column, object]) => [column, JSON.stringify(object)]));
}

/** A packed field's value in its column's JSON object (a corrupt column or a missing key: none). */
function unpacked(packed: { in: string; key: string }, row: Record<string, unknown>): unknown {
  const object = parsed(row[packed.in], {});
  const value =
    typeof object === 'object' && object !== null
      ? (object as Record<string, unknown>)[packed.key]
      : undefined;
  return value ?? '';
}

/** The back office's name of a field (`office.name`, or the column's). */
const officeName = (field: EntityField): string => field.office?.name ?? field.name;

/**
 * A field's name in the record `who` reads (RecordName in ./field): the back office's own name
 * (`office.name`) for the office, else its `wire` name.
 */
const recordName = (field: EntityField, who: Party): string =>
  who === 'office' ? officeName(field) : (field.wire ?? field.name);

/**
 * A table row as `who` reads it: each readable field from its column, in declared order, as its
 * type, by its name in the API's answers (`wire`; the office's `office.name`). `computed` gives the fields a row does not hold as they are (a formatted time, a masked
 * phone, a text worked out from a status).
 */
export function fromRow<const Fs extends readonly EntityField[], Who extends Party>(
  fields: Fs,
  who: Who,
  row: object,
  computed: Partial<EntityRecord<Fs, Who>> = {},
): EntityRecord<Fs, Who> {
  const values = row as Record<string, unknown>;
  const given = computed as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of readBy(fields, who)) {
    const name = recordName(field, who);
    if (Object.hasOwn(given, name)) out[name] = given[name];
    else if (field.packed) out[name] = coerce(field, unpacked(field.packed, values), who);
    else out[name] = coerce(field, values[field.name], who);
  }
  return out as EntityRecord<Fs, Who>;
}

/**
 * The fields the back office writes in `mode`, in declared order or in `order` (a form's own order:
 * it must name each of them once).
 */
export function officeWritten<F extends EntityField>(
  fields: readonly F[],
  mode: WriteMode,
  order?: readonly F['name'][],
): F[] {
  const written = writtenBy(fields, mode, 'office');
  if (!order) return written;
  const named = order.map((name) => written.find((f) => f.name === name));
  if (named.includes(undefined) || named.length !== written.length || new Set(order).size !== order.length) {
    throw new Error(`office order [${order.join()}] must name each written field once`);
  }
  return named as F[];
}

/** The columns of the fields the back office writes in `mode` (a repository's select), as `officeWritten`. */
export function writtenColumns<const Fs extends readonly EntityField[], Mode extends WriteMode>(
  fields: Fs,
  mode: Mode,
  order?: readonly Fs[number]['name'][],
): (keyof OfficeRow<Fs, Mode>)[] {
  return officeWritten(fields, mode, order).map((f) => f.name as keyof OfficeRow<Fs, Mode>);
}

/**
 * A row's values of the fields the back office writes, by its names and as their types (a flag
 * stored as 0/1 reads as a boolean), in the order of `officeWritten`.
 */
export function officeFromRow<const Fs extends readonly EntityField[], Mode extends WriteMode>(
  fields: Fs,
  mode: Mode,
  row: object,
  order?: readonly Fs[number]['name'][],
): OfficeForm<Fs, Mode> {
  const values = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of officeWritten(fields, mode, order))
    out[officeName(field)] = coerce(field, values[field.name], 'office');
  return out as OfficeForm<Fs, Mode>;
}

/** The columns of what the back office sent (`officeFromRow` turned round): a flag is stored as 0/1. */
export function officeToRow<const Fs extends readonly EntityField[], Mode extends WriteMode>(
  fields: Fs,
  mode: Mode,
  sent: OfficeForm<Fs, Mode>,
): OfficeRow<Fs, Mode> {
  const values = sent as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of officeWritten(fields, mode)) {
    const value = values[officeName(field)];
    out[field.name] = field.type === 'boolean' ? (value ? 1 : 0) : value;
  }
  return out as OfficeRow<Fs, Mode>;
}
