import { number, object, string, type AnySchema, type ObjectSchema, type Schema } from 'yup';
import { invalidMsg, requiredMsg, tooLongMsg } from '../messages';
import { isEditorEmpty, mobile, normalizeKeywords, optionId, utf8Length } from '../rules';
import { writtenBy } from './derive';
import type { EntityField, EntityValues, Party, ValueOf, WriteMode } from './field';

/**
 * The yup rules of an entity's fields, derived from its declaration: the member forms (formik) and
 * the API's handlers validate with the same schema. A field's own messages (the spec's, in
 * messages.ts) come first; without them the rule says `${label}不能为空` and the like.
 */

/** The rule of one field, as a person writes it (a rule of the field's value type). */
export function fieldRule<F extends EntityField>(field: F): Schema<ValueOf<F>> {
  return ruleOf(field) as Schema<ValueOf<F>>;
}

function ruleOf(field: EntityField): AnySchema {
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
    case 'richtext':
      return string()
        .required(message.required)
        .test(
          'content-size',
          message.tooLong,
          (value) => value == null || field.maxBytes === undefined || utf8Length(value) <= field.maxBytes,
        )
        .test('editor-empty', message.required, (value) => value == null || !isEditorEmpty(value));
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
function withDefault<S extends AnySchema>(rule: S, field: EntityField): AnySchema {
  return field.keep ? rule.optional() : rule.default(field.default ?? '');
}

function choiceRule(field: EntityField, message: Messages): AnySchema {
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

function textRule(field: EntityField, message: Messages): AnySchema {
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
  for (const field of writtenBy(fields, mode, who)) shape[field.name] = ruleOf(field);
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
