import type { FormField, FormOption } from '@portal/api-client';
import { Flag } from '@portal/api-client/constants';

/** Form state of one field: text for input/select/radio/province/city, ids for checkbox/multi. */
export type FieldValue = string | string[];
/** Formik values: one entry per field, plus the privacy tick (a boolean). */
export type FieldValues = Record<string, FieldValue | boolean>;

export const isMultiple = (field: FormField) => field.type === 'checkbox' || field.type === 'multi';

export function visibleFields(form: readonly FormField[]): FormField[] {
  return form.filter((f) => f.is_show === Flag.Yes && f.field_name);
}

export function initialValues(form: readonly FormField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of visibleFields(form)) values[field.field_name] = isMultiple(field) ? [] : '';
  return values;
}

/** The options of `field` currently chosen in `value`. */
export function chosenOptions(field: FormField, value: FieldValue | boolean | undefined): FormOption[] {
  const ids = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  return field.options.filter((o) => ids.includes(String(o.id)));
}

/** True when a chosen option asks for free text (is_input): the 其他 field shows. */
export function needsOther(field: FormField, value: FieldValue | boolean | undefined): boolean {
  return chosenOptions(field, value).some((o) => o.is_input === Flag.Yes);
}

/**
 * The form_register payload parts: content {field_name: value} (option ids as numbers, lists of
 * ids for checkbox/multi, text for the rest) and other {field_name: free text} for is_input choices.
 */
export function toSubmission(
  form: readonly FormField[],
  values: FieldValues,
  otherTexts: Record<string, string>,
): { content: Record<string, string | number | number[]>; other: Record<string, string> } {
  const content: Record<string, string | number | number[]> = {};
  const other: Record<string, string> = {};
  for (const field of visibleFields(form)) {
    const value = values[field.field_name];
    if (isMultiple(field)) {
      content[field.field_name] = (Array.isArray(value) ? value : []).map(Number);
    } else if (field.type === 'select' || field.type === 'radio') {
      content[field.field_name] = typeof value === 'string' && value !== '' ? Number(value) : '';
    } else {
      content[field.field_name] = typeof value === 'string' ? value.trim() : '';
    }
    const text = otherTexts[field.field_name]?.trim();
    if (text && needsOther(field, value)) other[field.field_name] = text;
  }
  return { content, other };
}

/** The privacy JSON text of getForm: {title, content}; plain text is shown as it is. */
export function parsePrivacy(text: string): { title: string; content: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const p = parsed as { title?: unknown; content?: unknown };
      return {
        title: typeof p.title === 'string' ? p.title : '授权协议',
        content: typeof p.content === 'string' ? p.content : '',
      };
    }
  } catch {
    // Not JSON: the whole text is the agreement.
  }
  return { title: '授权协议', content: text };
}
