import { sql, type RawBuilder } from 'kysely';

/**
 * `column LIKE '%text%'` matching `text` literally on both databases: the backslash escapes
 * % and _ typed by a user, and ESCAPE makes SQLite honour it as PostgreSQL does.
 */
export function contains(column: string, text: string): RawBuilder<boolean> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
}
