import { sql, type Selectable } from 'kysely';
import type { Db } from './database';
import type { DB } from './schema';

/**
 * Whether `table` holds a row whose columns equal every value of `match` (at least one). Written as
 * SQL because Kysely's builder cannot type a query over a table chosen by a type parameter; `match`
 * is still checked against the table's columns.
 */
export async function rowExists<T extends keyof DB & string>(
  database: Db,
  table: T,
  match: Partial<Selectable<DB[T]>>,
): Promise<boolean> {
  const equal = Object.entries(match).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  if (equal.length === 0) throw new Error(`rowExists(${table}) needs a column to match`);
  const { rows } =
    await sql`select 1 from ${sql.table(table)} where ${sql.join(equal, sql` and `)} limit 1`.execute(
      database.db,
    );
  return rows.length > 0;
}
