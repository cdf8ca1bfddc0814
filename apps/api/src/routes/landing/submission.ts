import { ValidationError } from 'yup';
import { ErrorCode } from '@portal/api-client/codes';
import type { DynamicForm, FormField } from '@portal/api-client/contract';
import { FIELD_MAX, MSG, dynamicFormSchema, requiredMsg } from '@portal/api-client/schemas';
import type { Db } from '../../db';
import { ApiError } from '../../lib/envelope';
import { cityInProvince, provinceCode } from '../../repositories/forms';

export const CONTENT_INVALID = '提交的内容格式不正确';
export const OTHER_INVALID = '补充内容格式不正确';

type Stored = string | number | number[];

function parseObject(text: string, message: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(ErrorCode.Validation, message);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(ErrorCode.Validation, message);
  return parsed as Record<string, unknown>;
}

const invalidChoice = (field: FormField) => `${field.label}的选项不正确`;

/** An option id as sent (number, or digits in a string), or null when it is no id at all. */
function toId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * Checks a form_register submission against the STORED definition of the activity: the shared
 * dynamicFormSchema rules (required, email and mobile formats, privacy), then what only the server
 * knows (option ids of the form, real provinces and cities). Returns exactly what will be stored:
 * the visible fields only, option ids as numbers, texts trimmed, and free text only for is_input choices.
 */
export async function checkSubmission(
  database: Db,
  form: DynamicForm,
  input: { content: string; other: string; privacy: boolean },
): Promise<{ content: Record<string, Stored>; other: Record<string, string> }> {
  const raw = parseObject(input.content, CONTENT_INVALID);
  const rawOther = parseObject(input.other || '{}', OTHER_INVALID);
  const fields = form.form.filter((f) => f.is_show === 1 && f.field_name);

  // Nested objects (and lists where a single value belongs) are malformed, not a field answer.
  for (const field of fields) {
    const value = raw[field.field_name];
    const multiple = field.type === 'checkbox' || field.type === 'multi';
    if (
      value !== undefined &&
      value !== null &&
      typeof value === 'object' &&
      !(multiple && Array.isArray(value))
    ) {
      throw new ApiError(ErrorCode.Validation, CONTENT_INVALID);
    }
  }

  try {
    await dynamicFormSchema(form.form, { privacy: form.is_privacy }).validate(
      { ...pick(raw, fields), privacy: input.privacy },
      { abortEarly: true },
    );
  } catch (err) {
    if (err instanceof ValidationError)
      throw new ApiError(ErrorCode.Validation, err.errors[0] ?? err.message);
    throw err;
  }

  const content: Record<string, Stored> = {};
  const other: Record<string, string> = {};
  const provinceField = fields.find((f) => f.type === 'province');
  let provinceOfForm: string | null = null;

  for (const field of fields) {
    const value = raw[field.field_name];
    const name = field.field_name;
    switch (field.type) {
      case 'input':
        content[name] = isEmpty(value) ? '' : String(value).trim();
        break;
      case 'select':
      case 'radio': {
        if (isEmpty(value)) {
          content[name] = '';
          break;
        }
        const id = toId(value);
        if (id === null || !field.options.some((o) => o.id === id))
          throw new ApiError(ErrorCode.Validation, invalidChoice(field));
        content[name] = id;
        break;
      }
      case 'checkbox':
      case 'multi': {
        const list = isEmpty(value) ? [] : Array.isArray(value) ? value : [value];
        const ids: number[] = [];
        for (const item of list) {
          const id = toId(item);
          if (id === null || !field.options.some((o) => o.id === id))
            throw new ApiError(ErrorCode.Validation, invalidChoice(field));
          if (!ids.includes(id)) ids.push(id);
        }
        if (field.is_require === 1 && ids.length === 0)
          throw new ApiError(ErrorCode.Validation, requiredMsg(field.label));
        content[name] = ids;
        break;
      }
      case 'province': {
        const text = isEmpty(value) ? '' : String(value).trim();
        if (text && (await provinceCode(database, text)) === null) {
          throw new ApiError(ErrorCode.Validation, `请选择正确的${field.label}`);
        }
        content[name] = text;
        if (field === provinceField) provinceOfForm = text || null;
        break;
      }
      case 'city':
        // Checked after the loop: the province may come later in the form.
        content[name] = isEmpty(value) ? '' : String(value).trim();
        break;
      default:
        throw new ApiError(ErrorCode.Validation, CONTENT_INVALID);
    }

    const chosen = field.options.filter((o) => {
      const v = content[name];
      return Array.isArray(v) ? v.includes(o.id) : v === o.id;
    });
    const free = rawOther[name];
    if (chosen.some((o) => o.is_input === 1) && free !== undefined && free !== null && free !== '') {
      if (typeof free !== 'string') throw new ApiError(ErrorCode.Validation, OTHER_INVALID);
      const text = free.trim();
      if (text.length > FIELD_MAX.formText) throw new ApiError(ErrorCode.Validation, MSG.formTextTooLong);
      if (text) other[name] = text;
    }
  }

  for (const field of fields.filter((f) => f.type === 'city')) {
    const city = content[field.field_name];
    if (typeof city !== 'string' || city === '') continue;
    const code = provinceOfForm === null ? null : await provinceCode(database, provinceOfForm);
    if (code === null || !(await cityInProvince(database, code, city))) {
      throw new ApiError(ErrorCode.Validation, `请选择正确的${field.label}`);
    }
  }

  return { content, other };
}

function pick(raw: Record<string, unknown>, fields: FormField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (raw[f.field_name] !== undefined) out[f.field_name] = raw[f.field_name];
  return out;
}
