import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { prepared } from '../src/db/prepared';
import { insertFixtures } from './fixtures';
import { DIALECTS, startTestApp, type TestApp } from './helpers';

/** db/prepared.ts: built and compiled once per dialect, each run binds its own values. */
describe.each(DIALECTS)('prepared queries on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(() => t?.close());

  it('builds once and binds every run its own values, in a transaction too', async () => {
    let builds = 0;
    const titleOf = prepared((db, p: { id: number; status: number }) => {
      builds += 1;
      return db
        .selectFrom('articles')
        .select(['id', 'title'])
        .where('id', '=', p.id)
        .where('status', '=', p.status);
    });
    const expected = await t.app.database.db
      .selectFrom('articles')
      .select(['id', 'title', 'status'])
      .orderBy('id')
      .limit(3)
      .execute();
    expect(expected).toHaveLength(3);
    for (const row of expected) {
      expect(await titleOf(t.app.database, { id: row.id, status: row.status })).toEqual([
        { id: row.id, title: row.title },
      ]);
    }
    expect(await titleOf(t.app.database, { id: expected[0].id, status: 99 })).toEqual([]);
    // A transaction is another Kysely instance of the same dialect: the compiled query serves it.
    await t.app.database.db.transaction().execute(async (trx) => {
      const rows = await titleOf(
        { ...t.app.database, db: trx },
        { id: expected[1].id, status: expected[1].status },
      );
      expect(rows).toEqual([{ id: expected[1].id, title: expected[1].title }]);
    });
    expect(builds).toBe(1);
  });

  it('refuses a query that turns a value into SQL text instead of a parameter', async () => {
    const inlined = prepared((db, p: { id: number }) =>
      db
        .selectFrom('articles')
        .select('id')
        .where(sql<boolean>`id = ${sql.raw(String(p.id))}`),
    );
    await expect(inlined(t.app.database, { id: 1 })).rejects.toThrow(/id did not become parameters/);
  });
});
