import { AD_SLOTS, CATEGORY_PAGES, HEADER_DROPDOWN_ID } from '@portal/api-client/constants';
import type {
  Ads,
  Banner,
  FooterData,
  ListItem,
  Option,
  PlaceOption,
  Seo,
  WebsiteUrl,
} from '@portal/api-client/contract';
import { href } from '@portal/routes';
import { AD_FIELDS } from '@portal/api-client/entities/ad';
import { BANNER_FIELDS } from '@portal/api-client/entities/banner';
import { CATEGORY_FIELDS, type CategoryEntry } from '@portal/api-client/entities/category';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { EXPERT_FIELDS, type Expert } from '@portal/api-client/entities/expert';
import { JOB_FIELDS, type Job } from '@portal/api-client/entities/job';
import { MENU_FIELDS, type Menu } from '@portal/api-client/entities/menu';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db';
import { rowExists } from '../db/exists';
import { prepared } from '../db/prepared';
import type { DB } from '../db/schema';
import { categoryAlias } from './mappers';

/** Site chrome and taxonomy: categories, menus, footer, links, ads, banners, options, places, experts. */

const CATEGORY_COLUMNS = columnsFor(CATEGORY_FIELDS, 'public');
type CategoryRow = Record<(typeof CATEGORY_COLUMNS)[number], unknown>;

/** A category's entry; an empty alias is the spec's alias of its id. */
function entry(row: CategoryRow, son: CategoryEntry[] = []): CategoryEntry {
  const read = fromRow(CATEGORY_FIELDS, 'public', row);
  return { ...read, alias: read.alias || categoryAlias(read.id), son };
}

/** Where a drop-down menu entry leads: its category's page, or the category list. */
function menuAlias(catId: number): string {
  const alias = categoryAlias(catId);
  return alias || href.more(catId);
}

/**
 * web_list: top-level header tabs (in_nav) with their child categories; the entry with id
 * HEADER_DROPDOWN_ID also gets the drop-down menus. cat_one: the twelve category pages.
 */
export async function getCategoryTree(
  database: Db,
): Promise<{ web_list: CategoryEntry[]; cat_one: CategoryEntry[] }> {
  const rows = await database.db
    .selectFrom('categories')
    .select([...CATEGORY_COLUMNS, 'parent_id', 'in_nav'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const drop = await listMenus(database, 'drop');
  const children = new Map<number, CategoryEntry[]>();
  for (const row of rows) {
    if (Number(row.parent_id) === 0) continue;
    const list = children.get(Number(row.parent_id)) ?? [];
    list.push(entry(row));
    children.set(Number(row.parent_id), list);
  }
  const web_list = rows
    .filter((r) => Number(r.parent_id) === 0 && Number(r.in_nav) === 1)
    .map((r) => {
      const son = [...(children.get(Number(r.id)) ?? [])];
      if (Number(r.id) === HEADER_DROPDOWN_ID) {
        // Drop-down menus add to the entry's child categories; a menu naming a child is not repeated.
        const present = new Set(son.map((c) => c.id));
        for (const m of drop) {
          if (!present.has(m.menu_id))
            son.push({ id: m.menu_id, name: m.name, alias: menuAlias(m.cat_id), son: [] });
        }
      }
      return entry(r, son);
    });
  const pageIds = new Set<number>(CATEGORY_PAGES.map((c) => c.id));
  const cat_one = rows
    .filter((r) => pageIds.has(Number(r.id)))
    .map((r) => entry(r, children.get(Number(r.id)) ?? []));
  return { web_list, cat_one };
}

const categoryById = prepared((db, p: { id: number }) =>
  db
    .selectFrom('categories')
    .select(['id', 'name', 'alias', 'seo_title', 'seo_description', 'seo_keyword'])
    .where('id', '=', p.id),
);

export async function findCategory(database: Db, id: number) {
  const [row] = await categoryById(database, { id });
  return row;
}

const MENU_COLUMNS = columnsFor(MENU_FIELDS, 'public');

export async function listMenus(
  database: Db,
  kind: 'drop' | 'small',
): Promise<(Menu & { cat_id: number })[]> {
  const rows = await database.db
    .selectFrom('menus')
    .select([...MENU_COLUMNS, 'cat_id'])
    .where('kind', '=', kind)
    .orderBy('sort')
    .orderBy('menu_id')
    .execute();
  return rows.map((r) => ({ ...fromRow(MENU_FIELDS, 'public', r), cat_id: Number(r.cat_id) }));
}

/** The category a mobile menu lists: its menu row's category, or the id itself when it is one. */
export async function menuCategory(database: Db, menuId: number): Promise<number | null> {
  const menu = await database.db
    .selectFrom('menus')
    .select('cat_id')
    .where('menu_id', '=', menuId)
    .executeTakeFirst();
  if (menu && Number(menu.cat_id) > 0) return Number(menu.cat_id);
  const cat = await database.db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', menuId)
    .executeTakeFirst();
  return cat ? Number(cat.id) : null;
}

export async function getFooter(database: Db): Promise<FooterData> {
  const [info, qrcodes, links] = await Promise.all([
    database.db
      .selectFrom('footer_info')
      .select(['label', 'value'])
      .orderBy('sort')
      .orderBy('label')
      .execute(),
    database.db.selectFrom('qrcodes').select(['name', 'img']).orderBy('sort').orderBy('id').execute(),
    listLinks(database, 'friendly'),
  ]);
  return {
    info: Object.fromEntries(info.map((r) => [r.label, r.value])),
    qrcodes,
    friendly_links: links,
  };
}

export async function listLinks(
  database: Db,
  kind: 'friendly' | 'website' | 'partner',
): Promise<WebsiteUrl[]> {
  return database.db
    .selectFrom('links')
    .select(['name', 'url'])
    .where('kind', '=', kind)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Rows shown now: no start or a start passed, no end or an end to come (banners, ad slots). */
function showing(now: number) {
  return (eb: ExpressionBuilder<DB, 'banners' | 'ads'>) =>
    eb.and([
      eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]),
      eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]),
    ]);
}

/** An ad and a banner as entities/ad.ts and entities/banner.ts declare them, with their keys. */
const AD_COLUMNS = [...columnsFor(AD_FIELDS, 'public'), 'slot'] as const;
const BANNER_COLUMNS = [...columnsFor(BANNER_FIELDS, 'public'), 'id'] as const;

/** The five ad slots; a slot with no ad, or outside its start and end, is null (renders nothing). */
export async function getAds(database: Db, now = Date.now()): Promise<Ads> {
  const rows = await database.db.selectFrom('ads').select(AD_COLUMNS).where(showing(now)).execute();
  const bySlot = new Map(rows.map((r) => [Number(r.slot), fromRow(AD_FIELDS, 'public', r)]));
  return Object.fromEntries(AD_SLOTS.map((name, i) => [name, bySlot.get(i + 1) ?? null])) as Ads;
}

export async function listBanners(
  database: Db,
  place: 'home' | 'mobile' | 'category' | 'side',
  catId = 0,
  now = Date.now(),
): Promise<Banner[]> {
  const rows = await database.db
    .selectFrom('banners')
    .select(BANNER_COLUMNS)
    .where('place', '=', place)
    .where('cat_id', '=', catId)
    .where(showing(now))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => fromRow(BANNER_FIELDS, 'public', r));
}

/** The home page's side image list (banners placed 'side') as list items. */
export async function listSideItems(database: Db, now = Date.now()): Promise<ListItem[]> {
  const rows = await database.db
    .selectFrom('banners')
    .select(BANNER_COLUMNS)
    .where('place', '=', 'side')
    .where('cat_id', '=', 0)
    .where(showing(now))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    description: '',
    url: r.url,
    thumb: r.banner,
    keyword: '',
    created_at: '',
  }));
}

export async function getSeo(database: Db, page: string): Promise<Seo | null> {
  const row = await database.db
    .selectFrom('seo')
    .select(['title', 'description', 'keyword'])
    .where('page', '=', page)
    .executeTakeFirst();
  return row ?? null;
}

export async function listOptions(
  database: Db,
): Promise<{ industry: Option[]; position: Option[]; department: Option[] }> {
  const rows = await database.db
    .selectFrom('options')
    .select(['kind', 'id', 'name'])
    .orderBy('kind')
    .orderBy('id')
    .execute();
  const out: { industry: Option[]; position: Option[]; department: Option[] } = {
    industry: [],
    position: [],
    department: [],
  };
  for (const r of rows) out[r.kind]?.push({ id: Number(r.id), name: r.name });
  return out;
}

/** Whether `id` is an entry of the `kind` option list (option_ls): a member's industry, position, department. */
export async function optionExists(
  database: Db,
  kind: 'industry' | 'position' | 'department',
  id: number,
): Promise<boolean> {
  return rowExists(database, 'options', { kind, id });
}

export async function listProvinces(database: Db): Promise<PlaceOption[]> {
  const rows = await database.db.selectFrom('provinces').select('name').orderBy('code').execute();
  return rows.map((r) => ({ label: r.name, value: r.name }));
}

/** Cities of the province named `province`; null when no such province. */
export async function listCities(database: Db, province: string): Promise<PlaceOption[] | null> {
  const prov = await database.db
    .selectFrom('provinces')
    .select('code')
    .where('name', '=', province)
    .executeTakeFirst();
  if (!prov) return null;
  const rows = await database.db
    .selectFrom('cities')
    .select('name')
    .where('province_code', '=', prov.code)
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ label: r.name, value: r.name }));
}

/** An expert and a position as entities/expert.ts and entities/job.ts declare them. */
const EXPERT_COLUMNS = columnsFor(EXPERT_FIELDS, 'public');
const JOB_COLUMNS = columnsFor(JOB_FIELDS, 'public');

/** One page of experts; `batch` rotates through all of them (the 'change batch' button). */
export async function listExperts(database: Db, batch: number, size: number): Promise<Expert[]> {
  const { count } = await database.db
    .selectFrom('experts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  if (total === 0) return [];
  const pages = Math.max(1, Math.ceil(total / size));
  const offset = (batch % pages) * size;
  const rows = await database.db
    .selectFrom('experts')
    .select(EXPERT_COLUMNS)
    .orderBy('sort')
    .orderBy('id')
    .limit(size)
    .offset(offset)
    .execute();
  return rows.map((r) => fromRow(EXPERT_FIELDS, 'public', r));
}

/** The published positions of /recruit, in the editors' order. */
export async function listJobs(database: Db): Promise<Job[]> {
  const rows = await database.db
    .selectFrom('jobs')
    .select(JOB_COLUMNS)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((r) => fromRow(JOB_FIELDS, 'public', r));
}
