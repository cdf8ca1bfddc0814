import type { Db } from '../db';

/**
 * Who has a back-office record open right now (issue 25 part 3): each open edit page sends a
 * heartbeat; an editor counts as present while their last one is younger than PRESENCE_TTL_MS.
 * Rows are in the database so every process (and every host) sees the same editors.
 */

/** Heartbeats come every 15 s; two missed ones and the editor has left. */
export const PRESENCE_TTL_MS = 45_000;

/** 'article' or a resource kind, and a record's id. */
export interface PresenceKey {
  entity: string;
  id: string;
}

/** Marks `editorId` present on the record, and drops heartbeats long gone (of anyone). */
export async function touchPresence(
  database: Db,
  key: PresenceKey,
  editorId: number,
  now: number,
): Promise<void> {
  await database.db
    .insertInto('editing_presence')
    .values({ entity: key.entity, entity_id: key.id, editor_id: editorId, seen_at: now })
    .onConflict((oc) => oc.columns(['entity', 'entity_id', 'editor_id']).doUpdateSet({ seen_at: now }))
    .execute();
  await database.db
    .deleteFrom('editing_presence')
    .where('seen_at', '<', now - 10 * PRESENCE_TTL_MS)
    .execute();
}

/** The editor left the page. */
export async function leavePresence(database: Db, key: PresenceKey, editorId: number): Promise<void> {
  await database.db
    .deleteFrom('editing_presence')
    .where('entity', '=', key.entity)
    .where('entity_id', '=', key.id)
    .where('editor_id', '=', editorId)
    .execute();
}

/** Display names of the editors other than `self` present on each of `ids`, by id. */
export async function presentEditors(
  database: Db,
  entity: string,
  ids: readonly string[],
  self: number,
  now: number,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (ids.length === 0) return out;
  const rows = await database.db
    .selectFrom('editing_presence as p')
    .innerJoin('editors as e', 'e.id', 'p.editor_id')
    .select(['p.entity_id', 'e.display_name', 'e.username'])
    .where('p.entity', '=', entity)
    .where('p.entity_id', 'in', ids)
    .where('p.editor_id', '!=', self)
    .where('p.seen_at', '>', now - PRESENCE_TTL_MS)
    .orderBy('p.seen_at')
    .execute();
  for (const r of rows) (out[r.entity_id] ??= []).push(r.display_name || r.username);
  return out;
}
