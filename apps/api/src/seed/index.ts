import path from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../db/index';
import type { DB } from '../db/schema';
import { syncSerialSequences } from '../db/sequences';
import { indexArticles } from '../db/search-index';
import { hashPassword } from '../lib/password';
import { findAssetsDir } from './assets';
import * as content from './content';
import { FileSink } from './files';
import { DEMO_SENSITIVE_WORDS, seedJobs, seedResource, seedRows, siteSettings } from './resources';
import * as landing from './landing';
import { demoMember } from './members';
import { loadPlaces } from './places';
import * as site from './site';
import { rebuildViewRollups } from '../repositories/views-daily';
import { demoDailyViews } from './reader-stats';

export { DEMO_MEMBER } from './members';

/** Reference date of the demo content (10:00 Beijing, 2026-11-20): same content on every fresh seed. */
export const REFERENCE_DATE = Date.UTC(2026, 10, 20, 2, 0, 0);
/** Demo articles in a fresh database. */
export const DEMO_ARTICLES = 3000;

export interface SeedOptions {
  dataDir: string;
  log?: (msg: string) => void;
  /** Reference "now" of the content (default REFERENCE_DATE). */
  now?: number;
  /** Number of demo articles (default DEMO_ARTICLES). */
  articles?: number;
}

type Tables = { [T in keyof DB]: Insertable<DB[T]>[] };

/** Every row of the demo content, and the files it references (written on the way). */
export async function buildDemo(
  files: FileSink,
  options: { now: number; articles: number },
): Promise<Partial<Tables>> {
  const { now } = options;
  const assets = findAssetsDir();
  const clips = {
    file: files.copy(path.join(assets, 'demo.mp4'), 'video/demo.mp4'),
    // The embedded-frame videos (type 1) play a second clip in an iframe, standing in for a
    // third-party player without contacting any outside host.
    frame: files.copy(path.join(assets, 'demo2.mp4'), 'video/demo2.mp4'),
  };
  const pool = content.thumbPool(files);
  const arts = content.articles(files, pool, options.articles, now);
  const taxonomy = site.columnTaxonomy();
  const categoryOf = (columnCategory: number) =>
    taxonomy.categories.find((c) => c.id === columnCategory)?.cat_id ?? 694;
  const member = demoMember(
    files,
    await hashPassword('demo123456'),
    arts.rows,
    arts.memberRows,
    categoryOf,
    now,
  );
  // Reader statistics end on the day the demo is seeded (the dashboard's last 30 days are never
  // empty); an article's total count includes its daily views.
  const dailyViews = demoDailyViews(arts.rows, now, Math.max(now, Date.now()));
  const articleById = new Map(arts.rows.map((a) => [a.id, a]));
  for (const d of dailyViews) {
    const a = articleById.get(d.article_id);
    if (a) a.pv = Number(a.pv ?? 0) + Number(d.views);
  }
  const eventPlan = content.events(files, arts.rows, now);
  const reports = content.weeklyReports(files, arts.rows, now);
  const places = loadPlaces();
  const partnerData = landing.partners(files, [clips.file, clips.frame]);
  const forms = landing.activityForms(files);
  // Upcoming events without a fixed form get the standard registration form of activity 1.
  const standard = forms[0];
  for (const id of eventPlan.formIds) {
    const e = eventPlan.events.find((x) => x.id === id);
    if (e) forms.push({ ...standard, activity_id: id, title: e.title, banner: e.thumb });
  }
  return {
    categories: site.categories(),
    menus: site.menus(),
    seo: site.seo(),
    footer_info: site.footerInfo(),
    qrcodes: site.qrcodes(files),
    links: site.links(),
    options: site.options(),
    provinces: places.provinces,
    cities: places.cities,
    articles: arts.rows,
    topics: content.topics(files, arts.rows, now),
    banners: content.banners(files, arts.rows),
    ads: content.ads(files),
    videos: content.videos(files, now, clips),
    white_papers: content.whitePapers(files, now),
    events: eventPlan.events,
    weekly_reports: reports.reports,
    weekly_report_items: reports.items,
    experts: content.experts(files),
    members: [member.member],
    column_channels: taxonomy.channels,
    column_categories: taxonomy.categories,
    column_articles: member.columnArticles,
    vendor_meets: landing.vendorMeets(files, [clips.file, clips.frame]),
    partners: partnerData.partners,
    partner_items: partnerData.items,
    activity_forms: forms,
    article_views_daily: dailyViews,
  };
}

/** Rows per INSERT statement (bound parameters stay far below both databases' limits). */
const BATCH = 150;

async function insertAll<T extends keyof DB>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<void> {
  // A multi-row INSERT writes NULL, not the default, for a column some rows lack.
  const keys = rows.length ? Object.keys(rows[0]).sort().join() : '';
  if (rows.some((r) => Object.keys(r).sort().join() !== keys))
    throw new Error(`seed: rows of ${table} differ in columns`);
  for (let i = 0; i < rows.length; i += BATCH) {
    // Kysely cannot narrow a generic table name; the rows are typed by the caller's table.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

export async function isSeeded(database: Db): Promise<boolean> {
  const row = await database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', 'seeded')
    .executeTakeFirst();
  return row !== undefined;
}

function isBusy(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    String(error.code).startsWith('SQLITE_BUSY')
  );
}

/**
 * Seed the demo content into an empty database, in one transaction that also sets app_meta
 * 'seeded': a crash leaves nothing half-seeded, and a second start (or a second process racing
 * this one) never seeds twice. Returns true when this call seeded.
 */
export async function seedIfEmpty(database: Db, opts: SeedOptions): Promise<boolean> {
  const log = opts.log ?? (() => {});
  if (await isSeeded(database)) return false;
  const started = Date.now();
  const files = new FileSink(opts.dataDir);
  const tables = await buildDemo(files, {
    now: opts.now ?? REFERENCE_DATE,
    articles: opts.articles ?? DEMO_ARTICLES,
  });
  await files.writeRasterRenditions();
  log(
    `seed: generated ${tables.articles?.length ?? 0} articles and ${files.count} files in ${Date.now() - started} ms`,
  );

  for (let attempt = 0; ; attempt++) {
    try {
      const seeded = await database.db.transaction().execute(async (trx) => {
        // Claim first: the write takes the lock, so a concurrent seeder waits here, then sees the claim.
        const claim = await trx
          .insertInto('app_meta')
          .values({ key: 'seeded', value: new Date().toISOString() })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        const {
          banners,
          ads,
          experts,
          menus,
          topics,
          videos,
          white_papers: whitePapers,
          events,
          vendor_meets: meets,
          activity_forms: forms,
          weekly_reports: reports,
          weekly_report_items: reportItems,
          partners,
          partner_items: partnerItems,
          categories,
          seo,
          footer_info: footer,
          links,
          ...bulk
        } = tables;
        // Friend and partner links are not a managed kind; the site's own links are settings (below).
        const bulkRows = { ...bulk, links: (links ?? []).filter((l) => l.kind !== 'website') };
        for (const [table, rows] of Object.entries(bulkRows) as [keyof DB, Insertable<DB[keyof DB]>[]][]) {
          await insertAll(trx, table, rows);
        }
        // The dashboard's roll-ups of the demo's daily rows (022), as counting would have kept them.
        await rebuildViewRollups(trx);
        await indexArticles({ ...database, db: trx }, tables.articles as content.ArticleRow[]);
        // Content the back office manages, written through its resource layer.
        const tx = { ...database, db: trx, inTransaction: true };
        const at = opts.now ?? REFERENCE_DATE;
        // Rows other rows point to (forms of events, reports' articles) keep their ids.
        await seedRows(tx, 'categories', categories ?? [], at);
        await seedResource(tx, 'settings', siteSettings(seo, footer, links), at);
        await seedRows(tx, 'topics', topics ?? [], at);
        await seedRows(tx, 'videos', videos ?? [], at);
        await seedRows(tx, 'white-papers', whitePapers ?? [], at);
        await seedRows(tx, 'events', events ?? [], at);
        await seedRows(tx, 'meets', meets ?? [], at);
        await seedRows(tx, 'forms', forms ?? [], at);
        // A harmless demo dictionary, one word per level (never a real list): README "Moderation".
        await seedResource(tx, 'sensitive-words', DEMO_SENSITIVE_WORDS, at);
        // A report with its news and recommended articles, a partner page with its items.
        const itemsOf = (id: unknown, kind: string) =>
          (reportItems ?? [])
            .filter((i) => i.report_id === id && i.kind === kind)
            .sort((a, b) => Number(a.sort) - Number(b.sort))
            .map((i) => i.article_id);
        await seedRows(
          tx,
          'reports',
          (reports ?? []).map((r) => ({
            ...r,
            events: itemsOf(r.id, 'event'),
            recommends: itemsOf(r.id, 'recommend'),
          })),
          at,
        );
        await seedRows(
          tx,
          'partners',
          (partners ?? []).map((p) => ({
            ...p,
            items: (partnerItems ?? []).filter((i) => i.mark === p.mark),
          })),
          at,
        );
        await seedResource(tx, 'banners', banners ?? [], at);
        await seedResource(tx, 'ads', ads ?? [], at);
        await seedResource(tx, 'experts', experts ?? [], at);
        await seedResource(tx, 'menus', menus ?? [], at);
        await seedJobs(tx, at);
        await syncSerialSequences(trx, database.dialect);
        return true;
      });
      if (seeded) log(`seed: demo content written in ${Date.now() - started} ms`);
      return seeded;
    } catch (error) {
      // Another process holds the SQLite write lock longer than busy_timeout: wait for its seed.
      if (!isBusy(error) || attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (await isSeeded(database)) return false;
    }
  }
}
