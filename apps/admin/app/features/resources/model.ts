import dayjs, { type Dayjs } from 'dayjs';
import { htmlTextContent } from '@portal/api-client/html-text';
import {
  isResourceKind,
  type FieldDecl,
  type ResourceDecl,
  type ResourceRecord,
} from '@portal/api-client/admin-resources';
import { previewPath } from '@portal/routes';

/**
 * How the generic pages read a resource declaration (`@portal/api-client/admin-resources`): the
 * form's values from a record and back, the start/end pair shown as one range picker, and the
 * form path of a field the API names in an error.
 */

/** The form item that holds a `start_at` / `end_at` pair as one range. */
export const SCHEDULE = '__schedule';
type Range = [Dayjs | null, Dayjs | null];
export type FormPath = (string | number)[];

/** A custom form control: what antd's Form.Item gives it, and the declared field's `max`. */
export interface ControlProps<T> {
  id?: string;
  value?: T;
  onChange?: (value: T) => void;
  max?: number;
  disabled?: boolean;
}

/** The record's key as `/admin/api/<kind>/:id` takes it. */
export function recordId(decl: ResourceDecl, record: ResourceRecord): string {
  const id = record[decl.idField];
  return typeof id === 'number' || typeof id === 'string' ? String(id) : '';
}

/** A start and end time shown as one range picker (banners, ads, events). */
export function schedulePair(fields: readonly FieldDecl[]): { start: FieldDecl; end: FieldDecl } | null {
  const start = fields.find((f) => f.name === 'start_at' && f.type === 'datetime');
  const end = fields.find((f) => f.name === 'end_at' && f.type === 'datetime');
  return start && end ? { start, end } : null;
}

const toDay = (v: unknown): Dayjs | null => {
  if (typeof v !== 'string' || v === '') return null;
  const d = dayjs(v);
  return d.isValid() ? d : null;
};
const fromDay = (v: unknown): string => (dayjs.isDayjs(v) && v.isValid() ? v.toISOString() : '');

function fieldToForm(f: FieldDecl, v: unknown): unknown {
  switch (f.type) {
    case 'datetime':
      return toDay(v);
    case 'json':
      return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v, null, 2);
    case 'password':
      return '';
    case 'list':
      return Array.isArray(v)
        ? v.map((entry) =>
            entry && typeof entry === 'object'
              ? recordToForm(f.fields ?? [], entry as ResourceRecord, false)
              : entry,
          )
        : [];
    case 'articles':
    case 'lines':
      return Array.isArray(v) ? v : [];
    default:
      return v;
  }
}

/** A record as the form holds it (keys the declaration does not name are kept and sent back). */
export function recordToForm(
  fields: readonly FieldDecl[],
  record: ResourceRecord,
  top = true,
): ResourceRecord {
  const values: ResourceRecord = { ...record };
  for (const f of fields) values[f.name] = fieldToForm(f, record[f.name]);
  const pair = top ? schedulePair(fields) : null;
  if (pair) {
    values[SCHEDULE] = [values[pair.start.name], values[pair.end.name]] as Range;
    delete values[pair.start.name];
    delete values[pair.end.name];
  }
  return values;
}

function fieldFromForm(f: FieldDecl, v: unknown): unknown {
  switch (f.type) {
    case 'datetime':
      return fromDay(v);
    case 'lines':
      return Array.isArray(v)
        ? v.filter((line): line is string => typeof line === 'string' && line.trim() !== '')
        : [];
    case 'list':
      return Array.isArray(v)
        ? v.map((entry) =>
            entry && typeof entry === 'object'
              ? formToRecord(f.fields ?? [], entry as ResourceRecord, 'create', false)
              : entry,
          )
        : [];
    case 'number':
      return v === null || v === '' ? undefined : v;
    default:
      return v;
  }
}

/**
 * The request body of the form's values: read-only fields left out, the record's key too once it
 * exists, an empty password (unchanged) too on update.
 */
export function formToRecord(
  fields: readonly FieldDecl[],
  values: ResourceRecord,
  mode: 'create' | 'update',
  top = true,
): ResourceRecord {
  const body: ResourceRecord = { ...values };
  const pair = top ? schedulePair(fields) : null;
  if (pair) {
    const range = (values[SCHEDULE] as Range | null | undefined) ?? [null, null];
    body[pair.start.name] = range[0];
    body[pair.end.name] = range[1];
    delete body[SCHEDULE];
  }
  for (const f of fields) {
    if (f.readOnly || (mode === 'update' && f.createOnly)) {
      delete body[f.name];
      continue;
    }
    const value = fieldFromForm(f, body[f.name]);
    if (value === undefined || (f.type === 'password' && value === '' && mode === 'update'))
      delete body[f.name];
    else body[f.name] = value;
  }
  return body;
}

/**
 * The form path of a field the API named (yup paths: `form[2].options[0].title`); the start and
 * end times live in the range item.
 */
export function formPath(fields: readonly FieldDecl[], field: string): FormPath {
  const path: FormPath = [];
  for (const part of field.split('.')) {
    const name = /^[^[]*/.exec(part)?.[0] ?? '';
    if (name) path.push(name);
    for (const index of part.matchAll(/\[(\d+)\]/g)) path.push(Number(index[1]));
  }
  const pair = schedulePair(fields);
  if (pair && path.length === 1 && (path[0] === pair.start.name || path[0] === pair.end.name))
    return [SCHEDULE];
  return path;
}

/** Where a scheduled record stands now. */
export function scheduleState(record: ResourceRecord, now = dayjs()): 'pending' | 'live' | 'ended' {
  const start = toDay(record.start_at);
  const end = toDay(record.end_at);
  if (start && start.isAfter(now)) return 'pending';
  if (end && !end.isAfter(now)) return 'ended';
  return 'live';
}

/**
 * The public page of a kind (`record` absent) or of one record, when the kind has one: the route
 * table's preview of the kind (`@portal/routes`), so the link is a page an app serves.
 */
export function previewUrl(decl: ResourceDecl, record?: ResourceRecord): string | null {
  if (!isResourceKind(decl.kind)) return null;
  return previewPath(decl.kind, record ? recordId(decl, record) : null);
}

/** A label for one value of a field, as list cells and read-only items show it. */
export function displayValue(f: FieldDecl | undefined, v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  if (!f) return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number);
  switch (f.type) {
    case 'boolean':
      return v ? '是' : '否';
    case 'select':
      return f.options?.find((o) => String(o.value) === String(v))?.label ?? String(v as string);
    case 'datetime': {
      const d = toDay(v);
      return d ? d.format('YYYY-MM-DD HH:mm') : String(v as string);
    }
    case 'articles':
      return Array.isArray(v) ? `${v.length} 篇` : '';
    case 'list':
    case 'lines':
      return Array.isArray(v) ? `${v.length} 项` : '';
    case 'richtext':
      return htmlTextContent(String(v as string)).slice(0, 80);
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number);
  }
}

/** A field's whole value as text, for setting two versions side by side (lists in full, not counted). */
export function fullText(f: FieldDecl, v: unknown): string {
  if (Array.isArray(v)) return f.type === 'lines' ? v.map(String).join('\n') : JSON.stringify(v);
  if (f.type === 'richtext') return htmlTextContent(String(v ?? ''));
  return displayValue(f, v);
}
