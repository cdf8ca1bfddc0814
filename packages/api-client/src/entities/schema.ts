import {
  array,
  boolean,
  mixed,
  number,
  object,
  string,
  type AnySchema,
  type ObjectSchema,
  type Schema,
} from 'yup';
import { invalidMsg, requiredMsg, tooLongMsg, tooManyMsg } from '../messages';
import { isEditorEmpty, mobile, normalizeKeywords, optionId, utf8Length } from '../rules';
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

function ruleOf(field: EntityField | EntryField, who: Party): AnySchema {
  const { label, max } = field;
  const message = {
    required: field.messages?.required ?? requiredMsg(label),
    invalid: field.messages?.invalid ?? invalidMsg(label),
    tooLong: field.messages?.tooLong ?? tooLongMsg(label, max ?? 0),
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
        .of(
          object(Object.fromEntries((field.fields ?? []).map((f) => [f.name, ruleOf(f, who)]))).typeError(
            message.invalid,
          ),
        )
        .max(max ?? Number.MAX_SAFE_INTEGER, tooManyMsg(label, max ?? 0))
        .default([]);
    case 'json':
      return withDefault(string().max(max ?? Number.MAX_SAFE_INTEGER, message.tooLong), field);
    case 'number': {
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

type Messages = { required: string; invalid: string; tooLong: string };

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
  const rule = string().trim();
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
  let rule = string().trim();
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
