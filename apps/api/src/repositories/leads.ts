import type { Lead, LeadColumn, LeadPage, LeadSource, LeadSources } from '@portal/api-client/admin';
import { SURVEY_QUESTIONS } from '@portal/api-client/constants';
import type { FormField } from '@portal/api-client/contract';
import { dynamicFieldKind } from '@portal/api-client/schemas';
import { type SelectQueryBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { maskPhone } from '../lib/phone-mask';
import { findForm } from './forms';
import { TEXT } from '@portal/api-client/messages';
import { fieldNamed } from '@portal/api-client/entities/derive';
import { LEAD_FIELDS } from '@portal/api-client/entities/lead';

/**
 * Leads for sales: vendor meet registrations, and activity form submissions (from the activity
 * page itself, or from a partner page, which links to a form with `source` = its mark).
 */
export interface LeadFilter {
  source: LeadSource;
  /** Vendor meet id, partner mark or activity id. */
  id: string;
  /** Submitted within [from, to), epoch ms. */
  from?: number;
  to?: number;
}

const TIME_COLUMN: LeadColumn = { key: 'created_at', label: TEXT.submittedAt };

const VENDOR_COLUMNS: LeadColumn[] = [
  { key: 'name', label: '姓名' },
  { key: 'mobile', label: '手机号', phone: true },
  { key: 'email', label: '邮箱' },
  { key: 'company', label: '公司' },
  { key: 'department', label: '部门' },
  { key: 'position', label: '职位' },
  { key: 'meet_name', label: fieldNamed(LEAD_FIELDS, 'meet_name').label },
  ...SURVEY_QUESTIONS.map((q, i) => ({ key: `q${i + 1}`, label: q.title })),
  TIME_COLUMN,
];

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** How one source's rows are read and turned into lead values. */
interface LeadReader {
  columns: LeadColumn[];
  /** Rows with id > afterId, oldest first (export), or a page newest first (table). */
  read(options: { afterId?: number; limit: number; offset?: number; newestFirst: boolean }): Promise<Lead[]>;
  count(): Promise<number>;
  /** One row by its id, or null. */
  one(rowId: number): Promise<Lead | null>;
}

type LeadTable = 'vendor_leads' | 'form_submissions';

/**
 * The count and the reads of one source's rows (`base` selects them): the paging both sources
 * share. Rows are read by id, so an export resumes after the last id it wrote.
 */
function pagedReader<TB extends LeadTable>(
  columns: LeadColumn[],
  base: () => SelectQueryBuilder<DB, TB, object>,
  toLead: (row: Selectable<DB[TB]>) => Lead,
): LeadReader {
  const id = sql.ref<number>('id');
  return {
    columns,
    async count() {
      const { n } = await base()
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
    async read({ afterId, limit, offset = 0, newestFirst }) {
      let q = base();
      if (afterId !== undefined) q = q.where(id, '>', afterId);
      const rows = await q
        .selectAll()
        .orderBy(id, newestFirst ? 'desc' : 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => toLead(row as Selectable<DB[TB]>));
    },
    async one(rowId) {
      const row = await base().where(id, '=', rowId).selectAll().executeTakeFirst();
      return row ? toLead(row as Selectable<DB[TB]>) : null;
    },
  };
}

function survey(questionJson: string): Record<string, string> {
  const values: Record<string, string> = {};
  try {
    const answers: unknown = JSON.parse(questionJson);
    if (Array.isArray(answers)) {
      answers.slice(0, SURVEY_QUESTIONS.length).forEach((a: unknown, i) => {
        const answer = (a as { answer?: unknown } | null)?.answer;
        values[`q${i + 1}`] = Array.isArray(answer)
          ? answer.map(String).join('、')
          : answer == null
            ? ''
            : String(answer);
      });
    }
  } catch {
    // A malformed survey (it is not validated, spec section 5) exports as empty answers.
  }
  return values;
}

function vendorReader(database: Db, meetId: number, filter: LeadFilter): LeadReader {
  const base = () => {
    let q = database.db.selectFrom('vendor_leads').where('meet_id', '=', meetId);
    if (filter.from !== undefined) q = q.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('created_at', '<', filter.to);
    return q;
  };
  return pagedReader(VENDOR_COLUMNS, base, (r) => ({
    id: Number(r.id),
    createdAt: iso(r.created_at),
    values: {
      name: r.name,
      mobile: r.mobile,
      email: r.email,
      company: r.company,
      department: r.department,
      position: r.position,
      meet_name: r.meet_name,
      ...survey(r.question),
      created_at: iso(r.created_at),
    },
  }));
}

/**
 * A form field holding phone numbers: a mobile field as the public form checks it (named or
 * labelled so), or any field labelled 电话 (a landline is still a phone number to keep private).
 */
function isPhoneField(field: FormField): boolean {
  return dynamicFieldKind(field) === 'mobile' || /电话/.test(field.label ?? '');
}

/** A stored answer as text: option ids become their titles, free text of "other" choices appended. */
function answerText(field: FormField | undefined, value: unknown, other: string | undefined): string {
  const title = (id: unknown) => field?.options.find((o) => o.id === Number(id))?.title ?? String(id);
  let text: string;
  if (Array.isArray(value)) text = value.map(title).join('、');
  else if (field && (field.type === 'select' || field.type === 'radio') && value !== '' && value !== null)
    text = title(value);
  else text = value == null ? '' : String(value);
  return other ? `${text}（${other}）` : text;
}

function parseFields(text: string): FormField[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as FormField[]).filter((f) => f && typeof f === 'object') : [];
  } catch {
    return [];
  }
}

function parseRecord(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

async function formReader(
  database: Db,
  activityId: number | null,
  mark: string | null,
  filter: LeadFilter,
): Promise<LeadReader> {
  const base = () => {
    let q = database.db.selectFrom('form_submissions');
    if (activityId !== null) q = q.where('activity_id', '=', activityId);
    if (mark !== null) q = q.where('source', '=', mark);
    if (filter.from !== undefined) q = q.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('created_at', '<', filter.to);
    return q;
  };
  // Labels come from the forms the rows belong to; a partner's leads may span several forms.
  const activityIds =
    activityId !== null
      ? [activityId]
      : (await base().select('activity_id').distinct().execute()).map((r) => Number(r.activity_id));
  const fields = new Map<string, FormField>();
  for (const id of activityIds) {
    const form = await findForm(database, id);
    for (const field of form?.form ?? [])
      if (field.field_name && !fields.has(field.field_name)) fields.set(field.field_name, field);
  }
  // Fields since removed from a form still have answers: their labels come from the submissions'
  // own copy of the form (bounded: the distinct copies, newest first).
  const copies = await base().select('labels').distinct().where('labels', '<>', '').limit(200).execute();
  for (const copy of copies) {
    for (const field of parseFields(copy.labels))
      if (field.field_name && !fields.has(field.field_name)) fields.set(field.field_name, field);
  }
  const columns: LeadColumn[] = [
    ...(mark !== null ? [{ key: 'activity_id', label: TEXT.activityId }] : []),
    ...[...fields.values()].map((f) => ({
      key: `f:${f.field_name}`,
      label: f.label,
      ...(isPhoneField(f) ? { phone: true } : {}),
    })),
    ...(activityId !== null ? [{ key: 'source', label: '来源' }] : []),
    TIME_COLUMN,
  ];
  return pagedReader(columns, base, (r) => {
    const content = parseRecord(r.content);
    const other = parseRecord(r.other);
    // Option ids are read against the form these answers were given on, when it was kept.
    const asAnswered = new Map(parseFields(r.labels).map((f) => [f.field_name, f]));
    const values: Record<string, string> = {
      activity_id: String(r.activity_id),
      source: r.source,
      created_at: iso(r.created_at),
    };
    for (const [name, value] of Object.entries(content)) {
      const extra = typeof other[name] === 'string' ? (other[name] as string) : undefined;
      values[`f:${name}`] = answerText(asAnswered.get(name) ?? fields.get(name), value, extra);
    }
    return { id: Number(r.id), createdAt: iso(r.created_at), values };
  });
}

/** The reader of a source, or null when the meet, activity or partner does not exist. */
async function readerFor(database: Db, filter: LeadFilter): Promise<LeadReader | null> {
  if (filter.source === 'partner') {
    const partner = await database.db
      .selectFrom('partners')
      .select('mark')
      .where('mark', '=', filter.id)
      .executeTakeFirst();
    return partner ? formReader(database, null, filter.id, filter) : null;
  }
  if (!/^\d{1,9}$/.test(filter.id)) return null;
  const id = Number(filter.id);
  if (filter.source === 'vendor') {
    const meet = await database.db
      .selectFrom('vendor_meets')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return meet ? vendorReader(database, id, filter) : null;
  }
  const form = await database.db
    .selectFrom('activity_forms')
    .select('activity_id')
    .where('activity_id', '=', id)
    .executeTakeFirst();
  return form ? formReader(database, id, null, filter) : null;
}

export async function listLeads(
  database: Db,
  filter: LeadFilter,
  page: number,
  pageSize: number,
): Promise<LeadPage | null> {
  const reader = await readerFor(database, filter);
  if (!reader) return null;
  const [total, items] = await Promise.all([
    reader.count(),
    reader.read({ limit: pageSize, offset: (page - 1) * pageSize, newestFirst: true }),
  ]);
  // Lists never carry a full phone number (issue 23): the reveal below reads one, audited.
  const phones = reader.columns.filter((c) => c.phone).map((c) => c.key);
  for (const lead of items)
    for (const key of phones) if (key in lead.values) lead.values[key] = maskPhone(lead.values[key]);
  return { columns: reader.columns, items, total };
}

/**
 * The full phone number in column `key` of lead `rowId` of a source (the route audits the read):
 * null when the source, the row (within that source) or the phone column does not exist.
 */
export async function leadPhone(
  database: Db,
  filter: Pick<LeadFilter, 'source' | 'id'>,
  rowId: number,
  key: string,
): Promise<string | null> {
  const reader = await readerFor(database, filter);
  if (!reader || !reader.columns.some((c) => c.key === key && c.phone)) return null;
  const lead = await reader.one(rowId);
  return lead ? (lead.values[key] ?? '') : null;
}

/** For exports: the columns, the row count, and the rows oldest first in batches (bounded memory). */
export async function leadExport(
  database: Db,
  filter: LeadFilter,
): Promise<{ columns: LeadColumn[]; total: number; batches: () => AsyncGenerator<Lead[]> } | null> {
  const reader = await readerFor(database, filter);
  if (!reader) return null;
  const total = await reader.count();
  async function* batches() {
    let afterId = 0;
    for (;;) {
      const rows = await reader!.read({ afterId, limit: 1000, newestFirst: false });
      if (rows.length === 0) return;
      yield rows;
      afterId = rows[rows.length - 1].id;
    }
  }
  return { columns: reader.columns, total, batches };
}

/** Every vendor meet, partner page and activity form, for the back office's pickers. */
export async function leadSources(database: Db): Promise<LeadSources> {
  const [meets, partners, forms] = await Promise.all([
    database.db.selectFrom('vendor_meets').select(['id', 'name']).orderBy('id').execute(),
    database.db.selectFrom('partners').select(['mark', 'base']).orderBy('mark').execute(),
    database.db
      .selectFrom('activity_forms')
      .select(['activity_id', 'title'])
      .orderBy('activity_id')
      .execute(),
  ]);
  const partnerName = (base: string) => {
    const slogan = (parseRecord(base) as { slogan?: unknown }).slogan;
    return typeof slogan === 'string' ? slogan : '';
  };
  return {
    vendor: meets.map((m) => ({ id: String(m.id), name: m.name })),
    partner: partners.map((p) => ({ id: p.mark, name: partnerName(p.base) || p.mark })),
    activity: forms.map((f) => ({ id: String(f.activity_id), name: f.title })),
  };
}
