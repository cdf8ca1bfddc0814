import { sql, type Kysely } from 'kysely';

/**
 * Roll-ups of the daily view rows (020) the dashboard reads (issue 25: a million articles, 400
 * days, answers within 200 ms). Each is kept in the page-view batch's transaction beside the row
 * it sums and pruned with it (repositories/views-daily.ts), so it always equals the sum of the
 * rows, on both databases:
 * - article_views_day: an article's views of a day, whatever the source and device (a fifth of
 *   the rows), with the article's current category (kept by the triggers below; null once the
 *   article is deleted) for the views by category;
 * - views_day_class: the site's views of a day per source and device (33 rows a day at most), for
 *   the trend and the views by source and device;
 * - article_views_total: an article's views over every kept day with its first and last day read,
 *   the upper bound that lets a long range's most-read list stop early, and how many articles
 *   a range has (with article_views_count, its number of rows, which a count would have to read).
 * Existing rows are summed into them here.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('article_views_day')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('cat_id', 'integer')
    .addColumn('views', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('article_views_day_pk', ['article_id', 'day'])
    .execute();
  // Covering: a range's most-read list and its views by category are read from the index alone.
  await db.schema
    .createIndex('article_views_day_day')
    .on('article_views_day')
    .columns(['day', 'article_id', 'views'])
    .execute();
  await db.schema
    .createIndex('article_views_day_cat')
    .on('article_views_day')
    .columns(['day', 'cat_id', 'views'])
    .execute();
  await db.schema
    .createTable('views_day_class')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('views', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('views_day_class_pk', ['day', 'device', 'source'])
    .execute();
  await db.schema
    .createTable('article_views_total')
    .addColumn('article_id', 'integer', (c) => c.primaryKey())
    .addColumn('views', big, (c) => c.notNull())
    .addColumn('first_day', 'text', (c) => c.notNull())
    .addColumn('last_day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_views_total_views')
    .on('article_views_total')
    .columns(['views', 'article_id'])
    .execute();
  await db.schema
    .createIndex('article_views_total_days')
    .on('article_views_total')
    .columns(['last_day', 'first_day'])
    .execute();
  await db.schema
    .createIndex('article_views_total_first')
    .on('article_views_total')
    .column('first_day')
    .execute();
  await db.schema
    .createTable('article_views_count')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('articles', big, (c) => c.notNull())
    .execute();

  await sql`
    insert into article_views_day (article_id, day, cat_id, views)
    select v.article_id, v.day, a.cat_id, sum(v.views)
    from article_views_daily v left join articles a on a.id = v.article_id
    group by v.article_id, v.day, a.cat_id
  `.execute(db);
  await sql`
    insert into views_day_class (day, device, source, views)
    select day, device, source, sum(views) from article_views_daily group by day, device, source
  `.execute(db);
  await sql`
    insert into article_views_total (article_id, views, first_day, last_day)
    select article_id, sum(views), min(day), max(day) from article_views_day group by article_id
  `.execute(db);
  await sql`insert into article_views_count (id, articles) select 1, count(*) from article_views_total`.execute(
    db,
  );

  // The views by category follow an article into its new category and leave with a deleted one,
  // as a join with articles at read time did.
  if (dialect === 'postgres') {
    await sql`
      create function article_views_day_follow() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update article_views_day set cat_id = null where article_id = old.id;
          return old;
        end if;
        update article_views_day set cat_id = new.cat_id where article_id = new.id;
        return new;
      end $$
    `.execute(db);
    await sql`
      create trigger articles_views_category after update of cat_id on articles
      for each row when (old.cat_id is distinct from new.cat_id) execute function article_views_day_follow()
    `.execute(db);
    await sql`
      create trigger articles_views_deleted after delete on articles
      for each row execute function article_views_day_follow()
    `.execute(db);
  } else {
    await sql`
      create trigger articles_views_category after update of cat_id on articles
      when old.cat_id is not new.cat_id
      begin update article_views_day set cat_id = new.cat_id where article_id = new.id; end
    `.execute(db);
    await sql`
      create trigger articles_views_deleted after delete on articles
      begin update article_views_day set cat_id = null where article_id = old.id; end
    `.execute(db);
  }
}
