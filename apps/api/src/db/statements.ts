import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct statement texts kept prepared (a query's `in (…)` lists of each length count apart). */
const PREPARED_STATEMENTS = 500;

/**
 * The SQLite database as Kysely's driver sees it, with its statements kept prepared: the driver
 * prepares every query anew, which was the largest single cost of an uncached read (bench: a
 * seventh of the API's CPU on article_content). A statement still being iterated (a streamed
 * query) is busy: then the query gets one of its own.
 */
export function preparedStatements(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max: PREPARED_STATEMENTS });
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(sql);
      if (!kept) statements.set(sql, statement);
      return statement;
    },
  };
}
