import { SAFE_URL, type ResourceRecord } from '@portal/api-client/admin-resources';
import { fieldNamed, fromRow, pick } from '@portal/api-client/entities/derive';
import {
  SETTING_FIELDS,
  SETTING_GROUPS,
  settingKey,
  type Setting,
} from '@portal/api-client/entities/setting';
import type { Db } from '../../db';
import { ResourceInputError, type ResourceId, type ResourceStore } from './store';

/**
 * Site settings (entities/setting.ts), one key per row of the table the public call reads:
 * `seo:<page>` (get_seo: title, description, keyword), `footer:<label>` (company_letter: the label
 * is the title, the value the description) and `link:<name>` (website_url: the name is the title,
 * the URL the keyword). Each table gives the setting's fields from its own columns; a field it
 * lacks reads as '' (a page's SEO has no place: 0) and is never written.
 */

/** A setting as the back office reads it: its key is its id, then its fields in declared order. */
const settingOf = (setting: Setting): ResourceRecord => ({
  id: setting.key,
  ...fromRow(SETTING_FIELDS, 'office', setting),
});

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
    ...seo.map((r) => ({ key: `seo:${r.page}`, ...pick(r, ['title', 'description', 'keyword']), order: 0 })),
    ...footer.map((r) => ({
      key: `footer:${r.label}`,
      title: r.label,
      description: r.value,
      keyword: '',
      order: r.sort,
    })),
    ...links.map((r) => ({
      key: `link:${r.name}`,
      title: r.name,
      description: '',
      keyword: r.url,
      order: r.sort,
    })),
  ].map(settingOf);
}

const KEY = fieldNamed(SETTING_FIELDS, 'key');

/** The group and name of a key (a new one's, or one in a path): one not `<group>:<name>` is refused. */
function keyOf(key: ResourceId) {
  const parts = settingKey(key);
  if (!parts) throw new ResourceInputError(400, KEY.messages.invalid, KEY.name);
  return parts;
}

async function writeSetting(
  tx: Db,
  key: ResourceId,
  input: ResourceRecord,
  creating: boolean,
): Promise<boolean> {
  const k = keyOf(key);
  const title = String(input.title ?? '');
  const description = String(input.description ?? '');
  const keyword = String(input.keyword ?? '');
  const order = Number(input.order ?? 0);
  const existing = (await allSettings(tx)).some((r) => r.key === `${k.group}:${k.name}`);
  if (creating && existing) throw new ResourceInputError(409, '设置项已存在', 'key');
  if (!creating && !existing) return false;
  if (k.group === 'link' && keyword && !SAFE_URL.test(keyword)) {
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

export const settingsStore: ResourceStore = {
  async list(database, q) {
    let all = await allSettings(database);
    const group = q.filters.group;
    if (group) {
      if (!Object.hasOwn(SETTING_GROUPS, group)) throw new ResourceInputError(400, '分组不正确', 'group');
      all = all.filter((r) => String(r.key).startsWith(`${group}:`));
    }
    const text = q.filters.q?.toLowerCase();
    if (text) all = all.filter((r) => `${String(r.key)} ${String(r.title)}`.toLowerCase().includes(text));
    const start = (q.page - 1) * q.pageSize;
    return { total: all.length, items: all.slice(start, start + q.pageSize) };
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
    const k = settingKey(id);
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
