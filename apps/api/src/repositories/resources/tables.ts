import type { ResourceRecord } from '@portal/api-client/admin-resources';
import {
  ACTIVITY_FORM_FIELDS,
  type FormField,
  type FormFieldType,
} from '@portal/api-client/entities/activity-form';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { sanitizeArticleHtml } from '../../lib/sanitize';
import { ResourceInputError, isoOf, msOf, parseJson, tableStore, type ResourceStore } from './store';
import { ADMIN_MSG } from '@portal/api-client/admin';
import { fieldNamed, fromRow, packColumns, readBy, storedValue } from '@portal/api-client/entities/derive';
import type { EntityField, EntityRecord } from '@portal/api-client/entities/field';
import { officeColumnNames } from '@portal/api-client/entities/office';
import { REPORT_FIELDS } from '@portal/api-client/entities/report';
import { VENDOR_MEET_FIELDS } from '@portal/api-client/entities/vendor-meet';
import type { BlockKey } from '@portal/api-client/entities/block';

/**
 * The one-table kinds: each is its declaration plus where it lives. Names that differ between the
 * declaration and the table, and values derived on write, are all that is written here.
 */

const created = (row: Record<string, unknown>): ResourceRecord => ({ created_at: isoOf(row.created_at) });
const stamp = (_input: ResourceRecord, now: number, creating: boolean) =>
  creating ? { created_at: now } : {};

/** Article ids once each, in their first order. */
const unique = (ids: unknown) => [...new Set((ids ?? []) as number[])];

/** An activity form's field names: stable keys of the stored answers. */
const FIELD_NAME = /^[A-Za-z][\w]{0,39}$/;

/** A question as the back office writes it (flags as booleans; a new option's id is 0 or absent). */
type FormInputField = EntityRecord<typeof ACTIVITY_FORM_FIELDS, 'office'>['form'][number];
const FORM_LIST = fieldNamed(ACTIVITY_FORM_FIELDS, 'form');
const WITH_OPTIONS: ReadonlySet<FormFieldType> = new Set(['select', 'radio', 'checkbox', 'multi']);

/**
 * Gives every option of `fields` a stable id: a given id is kept (once per field), a new option
 * gets one above every id the field's options ever had — in the stored form and in the copies of
 * the form its submissions keep — so an answer's option id never names another option later.
 */
async function keepOptionIds(tx: Db, activityId: number, fields: FormInputField[]) {
  const [stored, copies] = await Promise.all([
    tx.db
      .selectFrom('activity_forms')
      .select('form')
      .where('activity_id', '=', activityId)
      .executeTakeFirst(),
    tx.db
      .selectFrom('form_submissions')
      .select('labels')
      .distinct()
      .where('activity_id', '=', activityId)
      .where('labels', '<>', '')
      .limit(200)
      .execute(),
  ]);
  const top = new Map<string, number>();
  for (const text of [stored?.form, ...copies.map((c) => c.labels)]) {
    for (const f of parseJson<FormField[]>(text, [])) {
      if (!f || typeof f.field_name !== 'string' || !Array.isArray(f.options)) continue;
      for (const o of f.options) {
        const id = Number(o?.id);
        if (Number.isSafeInteger(id)) top.set(f.field_name, Math.max(top.get(f.field_name) ?? 0, id));
      }
    }
  }
  return fields.map((f) => {
    const given = f.options.map((o) => Number(o.id ?? 0)).filter((id) => id > 0);
    let next = Math.max(top.get(f.field_name) ?? 0, ...given);
    const used = new Set<number>();
    const options = f.options.map((o) => {
      let id = Number(o.id ?? 0);
      if (!(id > 0) || used.has(id)) id = ++next;
      used.add(id);
      return { ...o, id };
    });
    return { ...f, options };
  });
}

/**
 * The back office's questions as the landing page reads them (FormField of the contract), once
 * their names are checked: only a choice keeps its options.
 */
function toStoredForm(fields: FormInputField[]): FormField[] {
  const seen = new Set<string>();
  const checked = fields.map((f, i) => {
    if (!FIELD_NAME.test(f.field_name)) {
      throw new ResourceInputError(
        400,
        '字段名只能包含英文字母、数字和下划线，且以字母开头',
        `form[${i}].field_name`,
      );
    }
    if (seen.has(f.field_name))
      throw new ResourceInputError(400, ADMIN_MSG.fieldNameTaken, `form[${i}].field_name`);
    seen.add(f.field_name);
    const choice = WITH_OPTIONS.has(f.type);
    if (choice && f.options.length === 0)
      throw new ResourceInputError(400, '请为选择题添加选项', `form[${i}].options`);
    return choice ? f : { ...f, options: [] };
  });
  return storedValue(FORM_LIST, checked) as FormField[];
}

export const TABLE_STORES = {
  banners: tableStore({ kind: 'banners', table: 'banners', id: { column: 'id', generated: true } }),
  ads: tableStore({
    kind: 'ads',
    table: 'ads',
    id: { column: 'slot', generated: false },
    sort: { column: 'slot', desc: false },
  }),
  blocks: tableStore({
    kind: 'blocks',
    table: 'content_blocks',
    id: { column: 'id', generated: true },
    derive: (_input, now) => ({ updated_at: now }),
    async check(tx, input, id) {
      const row = await tx.db
        .selectFrom('content_blocks')
        .select('id')
        .where('block', '=', input.block as BlockKey)
        .where('cat_id', '=', Number(input.cat_id ?? 0))
        .executeTakeFirst();
      if (row && Number(row.id) !== Number(id))
        throw new ResourceInputError(409, '该位置的区块已存在，请编辑它', 'block');
    },
  }),
  topics: tableStore({
    kind: 'topics',
    table: 'topics',
    id: { column: 'id', generated: true },
    derive: stamp,
    extra: created,
  }),
  videos: tableStore({
    kind: 'videos',
    table: 'videos',
    id: { column: 'id', generated: true },
    derive: stamp,
    extra: created,
  }),
  'white-papers': tableStore({
    kind: 'white-papers',
    table: 'white_papers',
    id: { column: 'id', generated: true },
    derive: stamp,
    extra: created,
  }),
  events: tableStore({
    kind: 'events',
    table: 'events',
    id: { column: 'id', generated: true },
    sort: { column: 'start_at', desc: true },
    // The events page filters by year and month of the start, in the newsroom's time zone.
    derive(input) {
      const start = msOf(input.start_at) ?? 0;
      const local = new Date(start + 8 * 3600_000);
      return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
    },
    async check(_tx, input) {
      const start = msOf(input.start_at);
      const end = msOf(input.end_at);
      if (start !== null && end !== null && end < start)
        throw new ResourceInputError(400, '结束时间不能早于开始时间', 'end_at');
    },
  }),
  reports: tableStore({
    kind: 'reports',
    table: 'weekly_reports',
    id: { column: 'id', generated: true },
    sort: { column: 'publish_time', desc: true },
    // The article lists (entities/report.ts: not stored in its row).
    virtual: readBy<EntityField>(REPORT_FIELDS, 'office')
      .filter((f) => f.stored === false)
      .map((f) => f.name),
    async afterWrite(tx, id, input) {
      await tx.db.deleteFrom('weekly_report_items').where('report_id', '=', Number(id)).execute();
      const rows = [
        ...unique(input.events).map((article_id, i) => ({ kind: 'event' as const, article_id, sort: i + 1 })),
        ...unique(input.recommends).map((article_id, i) => ({
          kind: 'recommend' as const,
          article_id,
          sort: i + 1,
        })),
      ];
      if (rows.length > 0)
        await tx.db
          .insertInto('weekly_report_items')
          .values(rows.map((r) => ({ ...r, report_id: Number(id) })))
          .execute();
    },
    async load(database, record) {
      const items = await database.db
        .selectFrom('weekly_report_items')
        .select(['kind', 'article_id'])
        .where('report_id', '=', Number(record.id))
        .orderBy('sort')
        .execute();
      const of = (kind: string) => items.filter((i) => i.kind === kind).map((i) => Number(i.article_id));
      return { ...record, events: of('event'), recommends: of('recommend') };
    },
    async onRemove(tx, id) {
      await tx.db.deleteFrom('weekly_report_items').where('report_id', '=', Number(id)).execute();
    },
  }),
  experts: tableStore({ kind: 'experts', table: 'experts', id: { column: 'id', generated: true } }),
  forms: tableStore({
    kind: 'forms',
    table: 'activity_forms',
    id: { column: 'activity_id', generated: false },
    // The privacy title and text, packed into one column (entities/activity-form.ts).
    virtual: readBy<EntityField>(ACTIVITY_FORM_FIELDS, 'office')
      .filter((f) => f.packed)
      .map((f) => f.name),
    async prepare(tx, input, id) {
      const activityId = Number(id ?? input.activity_id);
      return { ...input, form: await keepOptionIds(tx, activityId, (input.form ?? []) as FormInputField[]) };
    },
    derive(input) {
      return {
        ...packColumns(ACTIVITY_FORM_FIELDS, {
          ...input,
          privacy_content: sanitizeArticleHtml(String(input.privacy_content ?? '')),
        }),
        form: JSON.stringify(toStoredForm((input.form ?? []) as FormInputField[])),
      };
    },
    extra(row) {
      const { form, privacy_title, privacy_content } = fromRow(ACTIVITY_FORM_FIELDS, 'office', row);
      return { privacy_title, privacy_content, form };
    },
  }),
  meets: tableStore({
    kind: 'meets',
    table: 'vendor_meets',
    id: { column: 'id', generated: false },
    columns: officeColumnNames(VENDOR_MEET_FIELDS),
  }),
  jobs: tableStore({ kind: 'jobs', table: 'jobs', id: { column: 'id', generated: true }, derive: stamp }),
  categories: tableStore({
    kind: 'categories',
    table: 'categories',
    id: { column: 'id', generated: false },
    async check(tx, input, id) {
      const alias = String(input.alias ?? '');
      // A category page's route segment (AI), or a section's own path (/activity).
      if (alias && !/^\/?[A-Za-z][\w-]{0,29}$/.test(alias))
        throw new ResourceInputError(
          400,
          '路由别名只能包含英文字母、数字、下划线和短横线（栏目可用 / 开头的路径）',
          'alias',
        );
      if (!alias) return;
      const row = await tx.db
        .selectFrom('categories')
        .select('id')
        .where(sql<boolean>`lower(alias) = ${alias.toLowerCase()}`)
        .executeTakeFirst();
      if (row && Number(row.id) !== Number(id ?? input.id))
        throw new ResourceInputError(409, '路由别名已被其他分类使用', 'alias');
    },
  }),
  menus: tableStore({ kind: 'menus', table: 'menus', id: { column: 'menu_id', generated: false } }),
} satisfies Record<string, ResourceStore>;
