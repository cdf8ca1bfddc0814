import type {
  PartnerActivity,
  PartnerBase,
  PartnerKnowledge,
  PartnerProduct,
} from '@portal/api-client/contract';
import type { Db } from '../db';
import { rowExists } from '../db/exists';

export type PartnerList = 'new' | 'recommend' | 'video' | 'know' | 'activity' | 'product';

export async function partnerExists(database: Db, mark: string): Promise<boolean> {
  return rowExists(database, 'partners', { mark });
}

export async function findPartnerBase(database: Db, mark: string): Promise<PartnerBase | null> {
  const row = await database.db
    .selectFrom('partners')
    .select('base')
    .where('mark', '=', mark)
    .executeTakeFirst();
  if (!row) return null;
  let raw: Partial<PartnerBase> = {};
  try {
    const parsed: unknown = JSON.parse(row.base);
    if (parsed && typeof parsed === 'object') raw = parsed as Partial<PartnerBase>;
  } catch {
    // A corrupt record renders with empty texts rather than failing the page.
  }
  return {
    slogan: raw.slogan ?? '',
    num: raw.num ?? '',
    banner: raw.banner ?? '',
    adv: raw.adv ?? '',
    des: raw.des ?? '',
    qrocde: Array.isArray(raw.qrocde) ? raw.qrocde : [],
  };
}

function listRows(database: Db, mark: string, list: PartnerList) {
  return database.db
    .selectFrom('partner_items')
    .select(['thumb', 'title', 'sub_title', 'url', 'btn_text'])
    .where('mark', '=', mark)
    .where('list', '=', list)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function partnerProducts(
  database: Db,
  mark: string,
  list: PartnerList,
): Promise<PartnerProduct[]> {
  const rows = await listRows(database, mark, list);
  return rows.map((r) => ({ thumb: r.thumb, title: r.title, subTitle: r.sub_title, url: r.url }));
}

export async function partnerActivities(database: Db, mark: string): Promise<PartnerActivity[]> {
  const rows = await listRows(database, mark, 'activity');
  return rows.map((r) => ({ thumb: r.thumb, title: r.title, url: r.url, btnText: r.btn_text }));
}

export async function partnerKnowledge(database: Db, mark: string): Promise<PartnerKnowledge[]> {
  const rows = await listRows(database, mark, 'know');
  return rows.map((r) => ({ title: r.title, subTitle: r.sub_title, url: r.url }));
}
