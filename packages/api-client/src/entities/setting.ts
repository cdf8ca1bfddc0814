import { area, optionsOf, orderField, text } from '../collections/fields';
import { fieldNamed } from './derive';
import type { EntityField, EntityRecord } from './field';

/**
 * A site setting (站点设置), declared once: one row of the table a public call reads, named by its
 * key `<group>:<name>`: `seo:<page>` (get_seo: title, description, keyword), `footer:<label>`
 * (company_letter: the label is the title, the value the description) and `link:<name>`
 * (website_url: the name is the title, the URL the keyword). The back office's `settings`
 * collection (its fields, group filter and key check) and the settings store's record come from
 * here; the three tables keep their own columns (apps/api/src/db/schema.ts).
 */

/** The groups of settings, as the back office's group filter names them. */
export const SETTING_GROUPS = {
  seo: '页面 SEO（get_seo）',
  footer: '页脚信息（company_letter）',
  link: '友情链接（website_url）',
} as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;
export const SETTING_GROUP_OPTIONS = optionsOf(SETTING_GROUPS);

/** The longest name after the group (a page, a footer label, a link's name). */
const NAME_MAX = 50;
const SETTING_KEY = new RegExp(`^(${Object.keys(SETTING_GROUPS).join('|')}):(.{1,${NAME_MAX}})$`, 'su');

const OFFICE = ['office'] as const;
const EDITED = { read: OFFICE, create: OFFICE, update: OFFICE } as const;

export const SETTING_FIELDS = [
  {
    ...text('key', '设置项', 60, true),
    help: 'seo:<页面>（如 seo:index）、footer:<名称>（页脚与关于我们）、link:<名称>（友情链接）',
    // A key that is not `<group>:<name>` (settingKeyProblem).
    messages: { invalid: '设置项须为 seo:页面、footer:名称 或 link:名称' },
    read: OFFICE,
    create: OFFICE,
  },
  { ...text('title', '标题 / 名称', 200), ...EDITED },
  { ...area('description', '描述 / 内容', 2000), ...EDITED },
  { ...text('keyword', '关键词 / 链接', 500), ...EDITED },
  // A footer line's or a link's place (a page's SEO has none: 0).
  { ...orderField, ...EDITED },
] as const satisfies readonly EntityField[];

/** A setting as the back office reads it (the store adds its id, the key). */
export type Setting = EntityRecord<typeof SETTING_FIELDS, 'office'>;

/** A key's group and name; null when it is not `<group>:<name>` with a name of 1 to 50 characters. */
export function settingKey(key: unknown): { group: SettingGroup; name: string } | null {
  const m = SETTING_KEY.exec(String(key));
  return m ? { group: m[1] as SettingGroup, name: m[2] as string } : null;
}

const KEY = fieldNamed(SETTING_FIELDS, 'key');

/**
 * What is wrong with a new setting's key, or null: the collection's check (an update sends none).
 * It judges a key its field's own rules let through (text, given, at most 60 characters): they
 * report the others. The store refuses a key in a path by the same rule and message.
 */
export function settingKeyProblem(record: { key?: unknown }): { field: 'key'; message: string } | null {
  const { key } = record;
  if (typeof key !== 'string' || key === '' || key.length > KEY.max || settingKey(key)) return null;
  return { field: KEY.name, message: KEY.messages.invalid };
}
