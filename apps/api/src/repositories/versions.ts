import type { EditConflict } from '@portal/api-client/admin';
import type { Db } from '../db/index';
import type { AuditRecord } from './audit';

/** Who saves: the editor (null from the CLI) and the name the save is made under. */
type Saver = Pick<AuditRecord, 'editorId' | 'editor'>;

/**
 * Versions of the records the back office edits (migration 013). A record never saved since has
 * version 1; every save moves it on by one. `claimVersion` runs inside the save's transaction.
 */

/** 'article' or a declared resource kind. */
type Entity = string;
type RecordId = number | string;

/** The current version of each of `ids` (1 for a record never saved since). */
export async function versionsOf(
  database: Db,
  entity: Entity,
  ids: readonly RecordId[],
): Promise<Map<string, number>> {
  const keys = ids.map(String);
  const out = new Map(keys.map((k) => [k, 1]));
  if (keys.length === 0) return out;
  const rows = await database.db
    .selectFrom('record_versions')
    .select(['entity_id', 'version'])
    .where('entity', '=', entity)
    .where('entity_id', 'in', keys)
    .execute();
  for (const r of rows) out.set(r.entity_id, Number(r.version));
  return out;
}

export async function versionOf(database: Db, entity: Entity, id: RecordId): Promise<number> {
  return (await versionsOf(database, entity, [id])).get(String(id)) ?? 1;
}

/**
 * Moves the record to its next version for a save by `actor`, in one statement. With `expected`
 * (the version the editor's copy started from) it does so only when nobody saved in between, and
 * otherwise answers who did and when; without it (the CLI, older clients) the save always wins.
 */
export async function claimVersion(
  database: Db,
  entity: Entity,
  id: RecordId,
  expected: number | undefined,
  actor: Saver,
  now: number,
): Promise<{ version: number } | { conflict: EditConflict }> {
  const key = String(id);
  const saved = { editor_id: actor.editorId, saved_by: actor.editor, saved_at: now };
  const db = database.db;
  let row: { version: number } | undefined;
  if (expected === undefined) {
    row = await db
      .insertInto('record_versions')
      .values({ entity, entity_id: key, version: 2, ...saved })
      .onConflict((oc) =>
        oc
          .columns(['entity', 'entity_id'])
          .doUpdateSet((eb) => ({ version: eb('record_versions.version', '+', 1), ...saved })),
      )
      .returning('version')
      .executeTakeFirst();
  } else if (expected === 1) {
    // Version 1 has no row: the first save inserts it, a second one finds it there.
    row = await db
      .insertInto('record_versions')
      .values({ entity, entity_id: key, version: 2, ...saved })
      .onConflict((oc) => oc.columns(['entity', 'entity_id']).doNothing())
      .returning('version')
      .executeTakeFirst();
  } else {
    row = await db
      .updateTable('record_versions')
      .set((eb) => ({ version: eb('version', '+', 1), ...saved }))
      .where('entity', '=', entity)
      .where('entity_id', '=', key)
      .where('version', '=', expected)
      .returning('version')
      .executeTakeFirst();
  }
  if (row) return { version: Number(row.version) };
  return { conflict: await lastSave(database, entity, key) };
}

/** Who saved the record last and when (its display name where the editor still exists). */
async function lastSave(database: Db, entity: Entity, key: string): Promise<EditConflict> {
  const row = await database.db
    .selectFrom('record_versions as v')
    .leftJoin('editors as e', 'e.id', 'v.editor_id')
    .select(['v.version', 'v.saved_by', 'v.saved_at', 'e.display_name'])
    .where('v.entity', '=', entity)
    .where('v.entity_id', '=', key)
    .executeTakeFirst();
  if (!row) return { version: 1, savedBy: '', savedAt: 0 };
  return {
    version: Number(row.version),
    savedBy: row.display_name || row.saved_by,
    savedAt: Number(row.saved_at),
  };
}
