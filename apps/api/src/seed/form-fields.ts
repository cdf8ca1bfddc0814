import type { FormField } from '@portal/api-client/contract';

/** Builders of dynamic activity form definitions (`activity_forms.form`), as the seed writes them. */

export const opt = (id: number, title: string, extra: { is_input?: 0 | 1; is_mark?: 0 | 1 } = {}) => ({
  id,
  title,
  is_input: extra.is_input ?? 0,
  is_mark: extra.is_mark ?? 0,
});

export function field(
  field_name: string,
  label: string,
  type: FormField['type'],
  is_require: 0 | 1,
  options: FormField['options'] = [],
  is_show: 0 | 1 = 1,
): FormField {
  return { field_name, label, type, is_require, is_show, options };
}
