import { array, object, string } from 'yup';
import { can, type EditorRole } from './admin';
import { canResource, isResourceKind } from './collections';
import { MSG } from './messages';

/**
 * Who else has a record open in the back office (issue 25 part 3, "张三 正在编辑"): the edit page
 * sends `POST /admin/api/presence` every PRESENCE_HEARTBEAT_MS, lists ask `GET` for a page of ids.
 */

/** Newsroom articles; every other entity is a declared resource kind. */
export const ARTICLE_ENTITY = 'article';
export const PRESENCE_HEARTBEAT_MS = 15_000;

const ID_MAX = 100;
const entity = string()
  .trim()
  .required('对象类型不正确')
  .test('entity', '对象类型不正确', (v) => v === ARTICLE_ENTITY || isResourceKind(v));
const id = string().trim().required(MSG.idInvalid).max(ID_MAX, MSG.idInvalid);

/** POST (heartbeat) and DELETE (left the page) /admin/api/presence. */
export const presenceSchema = object({ entity, id });

/** GET /admin/api/presence?entity=&ids=1,2,3: a list page's ids, comma-separated. */
export const presenceQuerySchema = object({
  entity,
  ids: string()
    .trim()
    .required(MSG.idInvalid)
    .max(100 * (ID_MAX + 1), '编号过多'),
});

const idList = array(id).min(1).max(100);

/** The ids of a presence query (at most one page of a list), or null when they are not ids. */
export function presenceIds(ids: string): string[] | null {
  const list = ids.split(',').filter((x) => x !== '');
  return idList.isValidSync(list) ? list : null;
}

/** Display names of the other editors on the record (POST), or on each record by id (GET). */
export type PresenceAnswer = { editors: string[] };
export type PresenceByRecord = Record<string, string[]>;

/** Whether `role` may see and announce who edits records of `entity`. */
export function canSeePresence(role: EditorRole, name: string): boolean {
  return name === ARTICLE_ENTITY
    ? can(role, 'articles')
    : isResourceKind(name) && canResource(role, name, 'read');
}

/** How the back office says it: 张三、李四 正在编辑. */
export const presenceText = (names: readonly string[]): string =>
  names.length === 0 ? '' : `${names.join('、')} 正在编辑`;
