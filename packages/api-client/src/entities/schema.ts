import {
  array,
  boolean,
  lazy,
  mixed,
  number,
  object,
  string,
  ValidationError,
  type AnySchema,
  type ObjectSchema,
  type Schema,
} from 'yup';
import { invalidMsg, requiredMsg, tooLongMsg, tooManyMsg } from '../messages';
import { idOrZero, isEditorEmpty, mobile, normalizeKeywords, optionId, trimmed, utf8Length } from '../rules';
import { writtenBy } from './derive';
import type { EntityField, EntityValues, EntryField, Party, ValueOf, WriteMode } from './field';

/**
 * The yup rules of an entity's fields, derived from its declaration: the member forms (formik) and
 * the API's handlers validate with the same schema. A field's own messages (the spec's, in
 * messages.ts) come first; without them the rule says `${label}不能为空` and the like.
 */

/** The rule of one field, as `who` writes it (a rule of the field's value type). */
export function fieldRule<F extends EntityField, Who extends Party = 'public'>(
  field: F,
  who?: Who,
): Schema<ValueOf<F, Who>> {
  return ruleOf(field, who ?? 'public') as Schema<ValueOf<F, Who>>;
}

/** `inside`: the field is part of a parsed JSON object (a json field there is its object, not text). */
function ruleOf(field: EntityField | EntryField, who: Party, inside = false): AnySchema {
  const { label, max } = field;
  const invalid = field.messages?.invalid ?? invalidMsg(label);
  const message = {
    required: field.messages?.required ?? requiredMsg(label),
    invalid,
    tooLong: field.messages?.tooLong ?? tooLongMsg(label, max ?? 0),
    notText: field.messages?.notText ?? invalid,
  };
  switch (field.type) {
    case 'password':
      return string()
        .required(message.required)
        .min(field.min ?? 0, message.invalid)
        .max(max ?? Number.MAX_SAFE_INTEGER, message.tooLong);
    case 'select':
      return choiceRule(field, message);
    case 'richtext': {
      const rule = string().test(
        'content-size',
        message.tooLong,
        (value) => value == null || field.maxBytes === undefined || utf8Length(value) <= field.maxBytes,
      );
      return field.required
        ? rule
            .required(message.required)
            .test('editor-empty', message.required, (value) => value == null || !isEditorEmpty(value))
        : withDefault(rule, field);
    }
    case 'boolean':
      return flagRule(field, who, message);
    case 'list':
      return array()
        .typeError(message.invalid)
        .of(entryRule(field.fields ?? [], who, message.invalid))
        .max(max ?? Number.MAX_SAFE_INTEGER, tooManyMsg(label, max ?? 0))
        .default([]);
    case 'json': {
      const { fields } = field;
      if (!fields) return withDefault(string().max(max ?? Number.MAX_SAFE_INTEGER, message.tooLong), field);
      if (inside) return entryRule(fields, who, message.invalid);
      const rule = string()
        .max(max ?? Number.MAX_SAFE_INTEGER, message.tooLong)
        .test('shape', message.invalid, function (text) {
          if (!text) return true;
          const value = jsonObject(text);
          const problem = value ? shapeProblem(label, fields, value, who) : message.invalid;
          return problem === null || this.createError({ message: problem });
        });
      return field.required ? rule.required(message.required) : withDefault(rule, field);
    }
    case 'number': {
      if (field.format === 'id') {
        const id = idOrZero(label);
        // Left out: none (0), unless it has a default of its own.
        return field.required
          ? id.required(message.required)
          : withDefault(id, { ...field, default: field.default ?? 0 });
      }
      const rule = number()
        .typeError(message.invalid)
        .integer(message.invalid)
        .min(field.min ?? 0, message.invalid)
        .max(max ?? Number.MAX_SAFE_INTEGER, message.invalid);
      return field.required ? rule.required(message.required) : withDefault(rule, field);
    }
    default:
      return textRule(field, message);
  }
}

type Messages = { required: string; invalid: string; tooLong: string; notText: string };

/**
 * The rule of a list's entry or a json field's object: an object of its fields (one worked out when
 * read, `stored: false`, is not checked; no field may be null).
 */
function entryRule(fields: readonly EntryField[], who: Party, invalid: string): AnySchema {
  const stored = fields.filter((f) => f.stored !== false);
  return object(Object.fromEntries(stored.map((f) => [f.name, valueRule(f, who)])))
    .typeError(invalid)
    .nonNullable(invalid);
}

/**
 * The rule of a value inside an entry: never null, and an object or a list (parsed JSON) where a
 * single value belongs is refused before a text's rules would try to trim it.
 */
function valueRule(field: EntryField, who: Party): AnySchema {
  const invalid = field.messages?.invalid ?? invalidMsg(field.label);
  const rule = ruleOf(field, who, true).nonNullable(invalid);
  const composite =
    field.type === 'list' || field.type === 'lines' || field.type === 'articles' || field.fields;
  if (composite) return rule;
  return lazy((value: unknown) =>
    typeof value === 'object' && value !== null ? mixed().test('single', invalid, () => false) : rule,
  ) as unknown as AnySchema;
}

/** The object a JSON text holds (anything else, or no JSON: null). */
export function jsonObject(text: string): object | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The first problem of a json field's object (`value`, parsed) against its `fields`, with where it
 * is (`页面内容（JSON）中 reports[0].title：…`), or null when they accept it.
 */
export function shapeProblem(
  label: string,
  fields: readonly EntryField[],
  value: object,
  who: Party = 'office',
): string | null {
  try {
    entryRule(fields, who, invalidMsg(label)).validateSync(value);
    return null;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return err.path ? `${label}中 ${err.path}：${err.message}` : err.message;
  }
}

/** An absent optional value: left out (a `keep` field is unchanged) or the declared default. */
function withDefault<S extends AnySchema>(rule: S, field: EntityField | EntryField): AnySchema {
  return 'keep' in field && field.keep ? rule.optional() : rule.default(field.default ?? '');
}

/**
 * A flag: true or false, or the 0/1 of a `bit` to anyone but the back office (which writes a boolean).
 * A required one must be given (newsletter_set's switch): left out or null is no answer, not "no".
 */
function flagRule(field: EntityField | EntryField, who: Party, message: Messages): AnySchema {
  const on = Boolean(field.default);
  if (field.bit && who !== 'office') {
    return mixed<0 | 1>()
      .oneOf([0, 1], message.invalid)
      .default(on ? 1 : 0);
  }
  const rule = boolean().typeError(message.invalid);
  return field.required ? rule.required(message.required) : rule.default(on);
}

function choiceRule(field: EntityField | EntryField, message: Messages): AnySchema {
  if (field.optionList) return optionId(message.required);
  const values = (field.options ?? []).map((o) => o.value);
  if (values.every((v) => typeof v === 'number')) {
    const rule = number().typeError(message.required);
    return field.required
      ? rule.required(message.required).oneOf(values as number[], message.invalid)
      : withDefault(rule.oneOf(values as number[], message.invalid), field);
  }
  // Trimmed only when it is text: an object or a list is refused with the field's own message.
  const rule = string().typeError(message.notText).transform(trimmed);
  return field.required
    ? rule.required(message.required).oneOf(values as string[], message.invalid)
    : rule
        .default((field.default as string | undefined) ?? '')
        .oneOf(['', ...(values as string[])], message.invalid);
}

function textRule(field: EntityField | EntryField, message: Messages): AnySchema {
  const max = field.max ?? Number.MAX_SAFE_INTEGER;
  if (field.format === 'mobile') return mobile(message.required, message.invalid);
  if (field.format === 'keywords') {
    return string()
      .default('')
      .transform((value: unknown) => (typeof value === 'string' ? normalizeKeywords(value) : value))
      .max(max, message.tooLong);
  }
  // Trimmed only when it is text: an object or a list is refused with the field's own message
  // (yup's trim() would throw on it).
  let rule = string().typeError(message.notText).transform(trimmed);
  if (field.required) rule = rule.required(message.required);
  if (field.format === 'email') rule = rule.email(message.invalid);
  rule = rule.max(max, message.tooLong);
  return field.required ? rule : withDefault(rule, field);
}

/** The rules of the fields `who` writes in `mode`, by name, in declared order. */
export function entityShape(
  fields: readonly EntityField[],
  mode: WriteMode,
  who: Party,
): Record<string, AnySchema> {
  const shape: Record<string, AnySchema> = {};
  for (const field of writtenBy(fields, mode, who)) shape[field.name] = ruleOf(field, who);
  return shape;
}

/**
 * The schema of what `who` sends to make or change a record. Validate on the server with
 * `{ stripUnknown: true }`: fields the party may not write (a profile's username) are dropped.
 */
export function entitySchema<
  const Fs extends readonly EntityField[],
  Mode extends WriteMode,
  Who extends Party,
>(fields: Fs, mode: Mode, who: Who): ObjectSchema<EntityValues<Fs, Mode, Who>> {
  // The shape holds exactly the fields EntityValues names, each with its value type's rule.
  return object(entityShape(fields, mode, who)) as unknown as ObjectSchema<EntityValues<Fs, Mode, Who>>;
}
