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
import { listAudit } from '../audit';
import { ResourceInputError, isoOf, msOf, type ResourceId, type ResourceStore } from './store';
import { pageOf, paged } from '../paging';
import { ADMIN_MSG } from '@portal/api-client/admin';
import { TEXT } from '@portal/api-client/messages';

/** The kinds that span tables or guard their rows: partners, settings, members, audit log. */

const page = <T>(all: T[], p: number, size: number) => all.slice((p - 1) * size, p * size);

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

/**
 * Site settings, one key per row of the table the public call reads: `seo:<page>` (get_seo: title,
 * description, keyword), `footer:<label>` (company_letter: the label is the title, the value the
 * description) and `link:<name>` (website_url: the name is the title, the URL the keyword).
 */
type SettingGroup = 'seo' | 'footer' | 'link';
const SETTING_KEY = /^(seo|footer|link):(.{1,50})$/su;

function splitKey(key: ResourceId): { group: SettingGroup; name: string } | null {
  const m = SETTING_KEY.exec(String(key));
  return m ? { group: m[1] as SettingGroup, name: m[2] as string } : null;
}

async function allSettings(database: Db): Promise<ResourceRecord[]> {
  const [seo, footer, links] = await Promise.all([
    database.db.selectFrom('seo').selectAll().orderBy('page').execute(),
    database.db.selectFrom('footer_info').selectAll().orderBy('sort').orderBy('label').execute(),
    database.db
      .selectFrom('links')
      .selectAll()
      .where('kind', '=', 'website')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  ]);
  return [
    ...seo.map((r) => ({
      key: `seo:${r.page}`,
      title: r.title,
      description: r.description,
      keyword: r.keyword,
      order: 0,
    })),
    ...footer.map((r) => ({
      key: `footer:${r.label}`,
      title: r.label,
      description: r.value,
      keyword: '',
      order: Number(r.sort),
    })),
    ...links.map((r) => ({
      key: `link:${r.name}`,
      title: r.name,
      description: '',
      keyword: r.url,
      order: Number(r.sort),
    })),
  ].map((r) => ({ id: r.key, ...r }));
}

async function writeSetting(
  tx: Db,
  key: ResourceId,
  input: ResourceRecord,
  creating: boolean,
): Promise<boolean> {
  const k = splitKey(key);
  if (!k) throw new ResourceInputError(400, '设置项须为 seo:页面、footer:名称 或 link:名称', 'key');
  const title = String(input.title ?? '');
  const description = String(input.description ?? '');
  const keyword = String(input.keyword ?? '');
  const order = Number(input.order ?? 0);
  const existing = (await allSettings(tx)).some((r) => r.key === `${k.group}:${k.name}`);
  if (creating && existing) throw new ResourceInputError(409, '设置项已存在', 'key');
  if (!creating && !existing) return false;
  if (k.group === 'link' && keyword && !/^(?:https?:\/\/|\/(?!\/))[^\s<>"']*$/.test(keyword)) {
    throw new ResourceInputError(400, '链接须为站内路径（/开头）或 http(s) 地址', 'keyword');
  }
  if (k.group === 'seo') {
    if (creating)
      await tx.db.insertInto('seo').values({ page: k.name, title, description, keyword }).execute();
    else
      await tx.db
        .updateTable('seo')
        .set({ title, description, keyword })
        .where('page', '=', k.name)
        .execute();
  } else if (k.group === 'footer') {
    if (creating)
      await tx.db
        .insertInto('footer_info')
        .values({ label: k.name, value: description, sort: order })
        .execute();
    else
      await tx.db
        .updateTable('footer_info')
        .set({ value: description, sort: order })
        .where('label', '=', k.name)
        .execute();
  } else if (creating) {
    await tx.db
      .insertInto('links')
      .values({ kind: 'website', name: k.name, url: keyword, sort: order })
      .execute();
  } else {
    await tx.db
      .updateTable('links')
      .set({ url: keyword, sort: order })
      .where('kind', '=', 'website')
      .where('name', '=', k.name)
      .execute();
  }
  return true;
}

const settings: ResourceStore = {
  async list(database, q) {
    let all = await allSettings(database);
    const group = q.filters.group;
    if (group) {
      if (!['seo', 'footer', 'link'].includes(group))
        throw new ResourceInputError(400, '分组不正确', 'group');
      all = all.filter((r) => String(r.key).startsWith(`${group}:`));
    }
    const text = q.filters.q?.toLowerCase();
    if (text) all = all.filter((r) => `${String(r.key)} ${String(r.title)}`.toLowerCase().includes(text));
    return { total: all.length, items: page(all, q.page, q.pageSize) };
  },
  async get(database, id) {
    return (await allSettings(database)).find((r) => r.key === String(id)) ?? null;
  },
  async create(tx, input) {
    await writeSetting(tx, String(input.key), input, true);
    return String(input.key);
  },
  update: (tx, id, input) => writeSetting(tx, id, input, false),
  async remove(tx, id) {
    const k = splitKey(id);
    if (!k) return false;
    const result =
      k.group === 'seo'
        ? await tx.db.deleteFrom('seo').where('page', '=', k.name).executeTakeFirst()
        : k.group === 'footer'
          ? await tx.db.deleteFrom('footer_info').where('label', '=', k.name).executeTakeFirst()
          : await tx.db
              .deleteFrom('links')
              .where('kind', '=', 'website')
              .where('name', '=', k.name)
              .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
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
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirst();
    return row
      ? {
          id: Number(row.id),
          editor: row.editor,
          action: row.action,
          entity: row.entity,
          entityId: row.entity_id,
          detail: row.detail,
          ip: row.ip,
          createdAt: isoOf(row.created_at),
        }
      : null;
  },
};

export const SPECIAL_STORES = { partners, settings, members, 'audit-log': auditLog } satisfies Record<
  string,
  ResourceStore
>;

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
