import type { ResourceRecord } from '@portal/api-client/admin-resources';
import type { Lead, LeadColumn } from '@portal/api-client/admin';
import { ColumnStatus, PHONE_PATTERN } from '@portal/api-client/constants';
import { COLUMN_FIELDS } from '@portal/api-client/entities/column';
import { columnsFor, fieldNamed, fromRow, packColumns } from '@portal/api-client/entities/derive';
import { MEMBER_FIELDS } from '@portal/api-client/entities/member';
import { PARTNER_FIELDS, PARTNER_ITEM_FIELDS, PARTNER_MARK } from '@portal/api-client/entities/partner';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { DB } from '../../db/schema';
import { contains } from '../../db/like';
import { maskPhone } from '../../lib/phone-mask';
import { AUDIT_COLUMNS, listAudit, toAuditEntry } from '../audit';
import { settingsStore } from './settings';
import { ResourceInputError, isoOf, msOf, type ResourceStore } from './store';
import { pageOf, paged } from '../paging';
import { ADMIN_MSG } from '@portal/api-client/admin';
import { TEXT } from '@portal/api-client/messages';

/** The kinds that span tables or guard their rows: partners, settings (./settings), members, audit log. */

const PARTNER_ITEMS = fieldNamed(PARTNER_FIELDS, 'items');
const ITEM_COLUMNS = columnsFor(PARTNER_ITEM_FIELDS, 'office');

/**
 * Items sent or seeded as their rows store them: every column in declared order, a missing text ''
 * (a multi-row INSERT would write NULL for a missing one).
 */
const itemRows = (items: unknown) => fromRow([PARTNER_ITEMS], 'office', { items }).items;

/** `ids`: the seeded rows' own ids where they have one (seed only). */
async function partnerItems(tx: Db, mark: string, items: unknown, ids?: number[]) {
  await tx.db.deleteFrom('partner_items').where('mark', '=', mark).execute();
  const rows = itemRows(items);
  if (rows.length === 0) return;
  await tx.db
    .insertInto('partner_items')
    .values(
      rows.map((row, i) => ({
        ...(Number.isSafeInteger(ids?.[i]) ? { id: ids?.[i] } : {}),
        mark,
        ...row,
        sort: i + 1,
      })),
    )
    .execute();
}
/** The page's texts, pictures and QR codes as `partners.base` stores them (JSON). */
const partnerBase = (input: ResourceRecord): string => packColumns(PARTNER_FIELDS, input).base ?? '{}';

/** Partner pages (entities/partner.ts): the page's texts (partners.base JSON) and its content items (partner_items). */
const partners: ResourceStore = {
  async list(database, q) {
    let query = database.db.selectFrom('partners');
    if (q.filters.q) query = query.where(contains('mark', q.filters.q));
    const { rows, total } = await paged(
      query,
      (all) => all.select(['mark', 'base']).orderBy('mark'),
      pageOf(q.page, q.pageSize),
    );
    return {
      total,
      items: rows.map((r) => ({
        id: r.mark,
        mark: r.mark,
        slogan: fromRow(PARTNER_FIELDS, 'office', r).slogan,
      })),
    };
  },
  async get(database, id) {
    const row = await database.db
      .selectFrom('partners')
      .selectAll()
      .where('mark', '=', String(id))
      .executeTakeFirst();
    if (!row) return null;
    const items = await database.db
      .selectFrom('partner_items')
      .select(ITEM_COLUMNS)
      .where('mark', '=', row.mark)
      .orderBy('list')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return { id: row.mark, ...fromRow(PARTNER_FIELDS, 'office', row, { items }) };
  },
  /** A seeded partner row with `items`, its partner_items rows in order. */
  fromRow(row) {
    return fromRow(PARTNER_FIELDS, 'office', row, { items: itemRows(row.items) });
  },
  async create(tx, input, _now, _actor, seed) {
    const mark = String(input.mark);
    if (!PARTNER_MARK.test(mark))
      throw new ResourceInputError(400, '页面标识只能包含英文字母、数字、下划线和短横线', 'mark');
    const exists = await tx.db
      .selectFrom('partners')
      .select('mark')
      .where('mark', '=', mark)
      .executeTakeFirst();
    if (exists) throw new ResourceInputError(409, '页面标识已存在', 'mark');
    // Seeded: the page text as stored and the items' own ids (rows elsewhere point to them).
    const base = typeof seed?.base === 'string' ? seed.base : partnerBase(input);
    await tx.db.insertInto('partners').values({ mark, base }).execute();
    const ids = seed ? ((seed.items ?? []) as { id?: number }[]).map((it) => Number(it.id)) : undefined;
    await partnerItems(tx, mark, input.items, ids);
    return mark;
  },
  async update(tx, id, input) {
    const mark = String(id);
    const result = await tx.db
      .updateTable('partners')
      .set({ base: partnerBase(input) })
      .where('mark', '=', mark)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await partnerItems(tx, mark, input.items);
    return true;
  },
  async remove(tx, id) {
    const result = await tx.db.deleteFrom('partners').where('mark', '=', String(id)).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await tx.db.deleteFrom('partner_items').where('mark', '=', String(id)).execute();
    return true;
  },
};

const COLUMN_STATUS = fieldNamed(COLUMN_FIELDS, 'column_status');
const COLUMN_STATUSES: readonly number[] = COLUMN_STATUS.options.map((o) => o.value);

/** Members: status 1 active, 0 disabled; column_status as the spec's column application. */
const members: ResourceStore = {
  personal: true,
  async list(database, q) {
    let query = database.db.selectFrom('members');
    if (q.filters.q) {
      const text = q.filters.q.trim();
      // A phone matches as a whole number only: digits of one (a search per guess) would reveal a
      // masked number without the audited reveal (issue 23).
      const phone = PHONE_PATTERN.test(text) ? text : null;
      query = query.where((eb) =>
        eb.or([
          ...['username', 'email', 'company'].map((c) => contains(c, text)),
          ...(phone ? [eb('mobile', '=', phone)] : []),
        ]),
      );
    }
    if (q.filters.column_status) {
      const status = Number(q.filters.column_status);
      if (!COLUMN_STATUSES.includes(status))
        throw new ResourceInputError(400, `${COLUMN_STATUS.label}不正确`, 'column_status');
      query = query.where('column_status', '=', status);
    }
    const { rows, total } = await paged(
      query,
      (all) => all.selectAll().orderBy('id', 'desc'),
      pageOf(q.page, q.pageSize),
    );
    return { total, items: rows.map(toMember) };
  },
  async get(database, id) {
    const row = await database.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirst();
    if (!row) return null;
    const columnArticles = await database.db
      .selectFrom('column_articles')
      .select(['id', 'title', 'status', 'created_at'])
      .where('member_id', '=', Number(id))
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return {
      ...toMember(row),
      columnArticles: columnArticles.map((a) => ({
        id: Number(a.id),
        title: a.title,
        status: Number(a.status),
        createdAt: isoOf(a.created_at),
      })),
    };
  },
  async update(tx, id, input, now) {
    const disabled = input.disabled === true;
    const columnStatus = Number(input.column_status ?? ColumnStatus.NotApplied);
    const result = await tx.db
      .updateTable('members')
      .set({
        status: disabled ? 0 : 1,
        column_status: columnStatus,
        // Back to "not applied": the old refusal no longer applies.
        ...(columnStatus === ColumnStatus.NotApplied ? { column_refuse: '' } : {}),
        updated_at: now,
      })
      .where('id', '=', Number(id))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    // A disabled account is signed out everywhere at once.
    if (disabled) await tx.db.deleteFrom('member_sessions').where('member_id', '=', Number(id)).execute();
    return true;
  },
};

/**
 * A member as the back office reads it: the fields entities/member.ts gives the office, the phone
 * masked, then its column's (entities/column.ts).
 */
function toMember(r: Selectable<DB['members']>): ResourceRecord {
  return {
    id: Number(r.id),
    ...fromRow(MEMBER_FIELDS, 'office', r, { mobile: maskPhone(r.mobile) }),
    created_at: isoOf(r.created_at),
    disabled: Number(r.status) === 0,
    ...fromRow(COLUMN_FIELDS, 'office', r),
  };
}

/** The full phone number of a member (the route writes the audit entry); null when unknown. */
export async function memberPhone(database: Db, id: number): Promise<string | null> {
  const row = await database.db
    .selectFrom('members')
    .select('mobile')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.mobile ?? null;
}

/** The audit log, read only: filters editor and action (exact) and from (a day or time on). */
const auditLog: ResourceStore = {
  async list(database, q) {
    const from = q.filters.from ? msOf(q.filters.from) : undefined;
    if (from === null) throw new ResourceInputError(400, ADMIN_MSG.badTime, 'from');
    const to = q.filters.to ? msOf(q.filters.to) : undefined;
    if (to === null) throw new ResourceInputError(400, ADMIN_MSG.badTime, 'to');
    const result = await listAudit(database, {
      editor: q.filters.editor || undefined,
      action: q.filters.action || undefined,
      from,
      to,
      page: q.page,
      pageSize: q.pageSize,
    });
    return { total: result.total, items: result.items.map((e) => ({ ...e })) };
  },
  async get(database, id) {
    const row = await database.db
      .selectFrom('audit_log')
      .select(AUDIT_COLUMNS)
      .where('id', '=', Number(id))
      .executeTakeFirst();
    return row ? { ...toAuditEntry(row) } : null;
  },
};

export const SPECIAL_STORES = {
  partners,
  settings: settingsStore,
  members,
  'audit-log': auditLog,
} satisfies Record<string, ResourceStore>;

/** A weekly report's subscribers (it_sub) as lead rows: member, email, time; oldest first. */
export async function reportSubscribers(
  database: Db,
  reportId: number,
  page: number,
  pageSize: number,
): Promise<{ items: Lead[]; total: number }> {
  const base = database.db
    .selectFrom('report_subscriptions as s')
    .leftJoin('members as m', 'm.id', 's.member_id')
    .where('s.report_id', '=', reportId);
  const { rows, total } = await paged(
    base,
    (all) =>
      all
        .select(['s.member_id', 's.email', 's.created_at', 'm.username'])
        .orderBy('s.created_at')
        .orderBy('s.member_id'),
    pageOf(page, pageSize),
  );
  return {
    total,
    items: rows.map((r) => ({
      id: Number(r.member_id),
      createdAt: isoOf(r.created_at),
      values: {
        member_id: String(r.member_id),
        username: r.username ?? '',
        email: r.email,
        created_at: isoOf(r.created_at),
      },
    })),
  };
}

export const SUBSCRIBER_COLUMNS: LeadColumn[] = [
  { key: 'member_id', label: TEXT.memberId },
  { key: 'username', label: '用户名' },
  { key: 'email', label: '邮箱' },
  { key: 'created_at', label: '订阅时间' },
];
