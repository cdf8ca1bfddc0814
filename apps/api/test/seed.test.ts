import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rasterRendition } from '@portal/routes';
import {
  CATEGORY_PAGES,
  COMPLAINT_CONTACT_LABEL,
  HEADER_DROPDOWN_ID,
  MOBILE_MENU,
} from '@portal/api-client/constants';
import type { FormField } from '@portal/api-client/contract';
import { migrate, openDb, type Db } from '../src/db/index';
import { indexArticles, removeFromIndex } from '../src/db/search-index';
import { SCRYPT_PARAMS, verifyPassword } from '../src/lib/password';
import { DEMO_MEMBER, REFERENCE_DATE, seedIfEmpty } from '../src/seed/index';
import { seedArticles } from '../src/seed/scale';

/** Tables the demo seed must fill (runtime-only tables such as sessions and leads start empty). */
const SEEDED_TABLES = [
  'categories',
  'menus',
  'seo',
  'banners',
  'ads',
  'links',
  'footer_info',
  'qrcodes',
  'options',
  'provinces',
  'cities',
  'articles',
  'topics',
  'videos',
  'white_papers',
  'events',
  'weekly_reports',
  'weekly_report_items',
  'experts',
  'members',
  'column_channels',
  'column_categories',
  'column_articles',
  'vendor_meets',
  'partners',
  'partner_items',
  'activity_forms',
] as const;

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seed-'));
  tmpDirs.push(dir);
  return dir;
}

async function counts(database: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of SEEDED_TABLES) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

async function titles(database: Db): Promise<string[]> {
  const rows = await database.db.selectFrom('articles').select(['id', 'title']).orderBy('id').execute();
  return rows.map((r) => `${r.id}:${r.title}`);
}

/** Ids the search index returns for a two-character query in the title column. */
async function searchTitle(database: Db, term: string): Promise<number[]> {
  if (database.dialect === 'postgres') {
    const r = await sql<{
      id: number;
    }>`select article_id as id from article_search where doc @@ to_tsquery('simple', ${`${term}:A`}) order by 1`.execute(
      database.db,
    );
    return r.rows.map((x) => Number(x.id));
  }
  const r = await sql<{
    id: number;
  }>`select rowid as id from article_fts where article_fts match ${`title : "${term}"`} order by 1`.execute(
    database.db,
  );
  return r.rows.map((x) => Number(x.id));
}

/** Every /uploads/seed/... URL mentioned in any text column of the seeded tables. */
async function seededUrls(database: Db): Promise<Set<string>> {
  const urls = new Set<string>();
  for (const table of SEEDED_TABLES) {
    const rows = (await database.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (typeof value !== 'string') continue;
        for (const m of value.matchAll(/\/uploads\/seed\/[A-Za-z0-9_./-]+/g)) urls.add(m[0]);
      }
    }
  }
  return urls;
}

function checkSeededContent(run: () => { database: Db; dataDir: string }) {
  it('fills every seeded table', async () => {
    const { database } = run();
    const n = await counts(database);
    for (const table of SEEDED_TABLES) expect(n[table], table).toBeGreaterThan(0);
    expect(n.articles).toBeGreaterThanOrEqual(3000);
    expect(n.videos).toBeGreaterThanOrEqual(40);
    expect(n.white_papers).toBeGreaterThanOrEqual(30);
    expect(n.events).toBeGreaterThanOrEqual(60);
    expect(n.experts).toBeGreaterThanOrEqual(24);
    expect(n.provinces).toBe(34);
  });

  it('has the spec taxonomy, menus, ads, options and footer', async () => {
    const { database } = run();
    const db = database.db;
    const cats = await db.selectFrom('categories').selectAll().execute();
    for (const c of CATEGORY_PAGES) expect(cats.find((x) => x.id === c.id)?.alias, c.alias).toBe(c.alias);
    expect(
      cats
        .filter((x) => x.parent_id === HEADER_DROPDOWN_ID)
        .map((x) => x.id)
        .sort(),
    ).toEqual([41, 42, 43, 44]);
    const small = await db.selectFrom('menus').select('menu_id').where('kind', '=', 'small').execute();
    for (const id of Object.values(MOBILE_MENU)) expect(small.map((m) => m.menu_id)).toContain(id);
    expect(
      await db.selectFrom('menus').select('menu_id').where('kind', '=', 'drop').execute(),
    ).not.toHaveLength(0);
    expect((await db.selectFrom('ads').select('slot').orderBy('slot').execute()).map((a) => a.slot)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    for (const kind of ['industry', 'position', 'department'] as const) {
      expect(
        (await db.selectFrom('options').select('id').where('kind', '=', kind).execute()).length,
        kind,
      ).toBeGreaterThanOrEqual(8);
    }
    const footer = await db.selectFrom('footer_info').select('label').execute();
    expect(footer.map((f) => f.label).sort()).toEqual(
      [
        'ICP备案',
        '公司地址',
        '公安备案',
        '增值电信业务经营许可证',
        '版权声明',
        '版权所有',
        COMPLAINT_CONTACT_LABEL,
      ].sort(),
    );
    const home = await db.selectFrom('seo').selectAll().where('page', '=', 'home').executeTakeFirstOrThrow();
    for (const word of ['人工智能', '云计算', '大数据', '物联网', '硬件', '渠道'])
      expect(home.keyword + home.description).toContain(word);
    const cities = await db
      .selectFrom('cities')
      .innerJoin('provinces', 'provinces.code', 'cities.province_code')
      .select(['cities.name', 'provinces.name as province'])
      .execute();
    expect(cities.filter((c) => c.province === '广东省').map((c) => c.name)).toContain('深圳市');
    expect(new Set(cities.map((c) => c.province)).size).toBe(34);
    const banners = await db.selectFrom('banners').select(['place', 'cat_id']).execute();
    expect(banners.filter((b) => b.place === 'home').length).toBeGreaterThanOrEqual(4);
    expect(banners.filter((b) => b.place === 'mobile').length).toBeGreaterThanOrEqual(4);
    for (const c of CATEGORY_PAGES)
      expect(
        banners.filter((b) => b.place === 'category' && b.cat_id === c.id).length,
        c.alias,
      ).toBeGreaterThanOrEqual(2);
  });

  it('spreads articles over every category with flags, and covers content of every kind', async () => {
    const { database } = run();
    const db = database.db;
    for (const c of CATEGORY_PAGES) {
      const flags = await db
        .selectFrom('articles')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('is_pic').as('pic'),
          eb.fn.sum<number>('is_recommend').as('rec'),
          eb.fn.sum<number>('is_hot').as('hot'),
        ])
        .where('cat_id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(Number(flags.n), c.alias).toBeGreaterThan(100);
      expect(Number(flags.pic)).toBeGreaterThan(0);
      expect(Number(flags.rec)).toBeGreaterThan(0);
      expect(Number(flags.hot)).toBeGreaterThan(0);
    }
    const a = await db
      .selectFrom('articles')
      .selectAll()
      .where('member_id', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(a.content).toMatch(/<h2>[^<]+<\/h2>/);
    expect(a.content).toMatch(/<ul><li>/);
    expect(a.content).toMatch(/<img src="\/uploads\/seed\//);
    expect(a.title).toMatch(/[\u4e00-\u9fff]/);
    // Ids follow time.
    const order = await db.selectFrom('articles').select(['id', 'created_at']).orderBy('id').execute();
    expect(order.every((r, i) => i === 0 || r.created_at >= order[i - 1].created_at)).toBe(true);
    expect(order[order.length - 1].created_at).toBeLessThanOrEqual(REFERENCE_DATE);

    const videos = await db.selectFrom('videos').select(['video_type', 'iframe', 'url', 'is_top']).execute();
    expect(videos.some((v) => v.video_type === 1 && v.iframe.startsWith('<iframe'))).toBe(true);
    expect(videos.some((v) => v.video_type === 2 && v.url.endsWith('.mp4'))).toBe(true);
    expect(videos.some((v) => v.is_top === 1)).toBe(true);
    const papers = await db.selectFrom('white_papers').select('is_free').execute();
    expect(new Set(papers.map((p) => p.is_free === 0))).toEqual(new Set([true, false]));
    const events = await db.selectFrom('events').select(['year', 'type']).execute();
    expect(Math.min(...events.map((e) => e.year))).toBe(2020);
    expect(Math.max(...events.map((e) => e.year))).toBe(2027);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set([1, 2]));
    const reports = await db
      .selectFrom('weekly_reports')
      .select(['year', 'week', 'publish_time'])
      .orderBy('publish_time')
      .execute();
    expect(reports[0].week).toBe('2020年第1周');
    expect(reports[reports.length - 1].week).toBe('2026年第47周');
    const items = await db
      .selectFrom('weekly_report_items')
      .select(['kind'])
      .where('report_id', '=', 1)
      .execute();
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['event', 'recommend']));
  });

  it('has the demo member with an approved column and articles in every status', async () => {
    const { database } = run();
    const db = database.db;
    const m = await db
      .selectFrom('members')
      .selectAll()
      .where('username', '=', DEMO_MEMBER.username)
      .executeTakeFirstOrThrow();
    expect(m.mobile).toBe('13800138000');
    expect(m.column_status).toBe(2);
    expect(
      m.password_hash.startsWith(`scrypt$${SCRYPT_PARAMS.N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$`),
    ).toBe(true);
    expect(await verifyPassword(DEMO_MEMBER.password, m.password_hash)).toBe(true);
    expect(await verifyPassword('wrong-password', m.password_hash)).toBe(false);
    const col = await db.selectFrom('column_articles').selectAll().where('member_id', '=', m.id).execute();
    expect(new Set(col.map((c) => c.status))).toEqual(new Set([0, 1, 3, -1]));
    for (const c of col) {
      expect(Array.from(c.title).length).toBeLessThanOrEqual(25);
      if (c.status === -1) expect(c.refuse).not.toBe('');
      if (c.status === 3) {
        const published = await db
          .selectFrom('articles')
          .selectAll()
          .where('id', '=', c.article_id ?? -1)
          .executeTakeFirstOrThrow();
        expect(published.member_id).toBe(m.id);
        expect(published.title).toBe(c.title);
      }
    }
  });

  it('has the landing data: vendor meets, partners demo1/demo2, activity forms 1 and 2', async () => {
    const { database } = run();
    const db = database.db;
    const meets = await db.selectFrom('vendor_meets').selectAll().orderBy('id').execute();
    expect(meets.map((m) => m.id)).toEqual([0, 1]);
    const data = JSON.parse(meets[1].data) as {
      reports: { url: string }[];
      carousels: { items: { url: string }[] }[];
    };
    expect(data.reports[0].url).toMatch(/\.pdf$/);
    expect(data.carousels[0].items[0].url).toMatch(/\.mp4$/);
    for (const mark of ['demo1', 'demo2']) {
      const base = await db
        .selectFrom('partners')
        .select('base')
        .where('mark', '=', mark)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(base.base).qrocde.length).toBeGreaterThan(0);
      const lists = await db.selectFrom('partner_items').select('list').where('mark', '=', mark).execute();
      expect(new Set(lists.map((l) => l.list))).toEqual(
        new Set(['new', 'recommend', 'video', 'know', 'activity', 'product']),
      );
    }
    const partners = await db.selectFrom('partners').select('base').execute();
    expect(new Set(partners.map((p) => JSON.parse(p.base).slogan)).size).toBe(partners.length);

    const f1 = await db
      .selectFrom('activity_forms')
      .selectAll()
      .where('activity_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(f1.is_submit).toBe(1);
    expect(f1.is_privacy).toBe(1);
    expect(JSON.parse(f1.privacy)).toHaveProperty('content');
    const fields = JSON.parse(f1.form) as FormField[];
    expect(new Set(fields.map((f) => f.type))).toEqual(
      new Set(['input', 'select', 'radio', 'checkbox', 'multi', 'province', 'city']),
    );
    expect(fields.map((f) => f.field_name)).toEqual(expect.arrayContaining(['email', 'mobile']));
    expect(fields.some((f) => f.options.some((o) => o.is_input === 1))).toBe(true);
    const f2 = await db
      .selectFrom('activity_forms')
      .selectAll()
      .where('activity_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(f2.is_submit).toBe(0);
  });

  it('writes every file its URLs reference under DATA_DIR/uploads', async () => {
    const { database, dataDir } = run();
    const urls = await seededUrls(database);
    expect(urls.size).toBeGreaterThan(300);
    const missing = [...urls].filter((u) => !fs.existsSync(path.join(dataDir, u)));
    expect(missing).toEqual([]);
    const pdf = [...urls].find((u) => u.endsWith('.pdf'));
    const mp4 = [...urls].find((u) => u.endsWith('.mp4'));
    expect(
      fs
        .readFileSync(path.join(dataDir, pdf ?? ''))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(
      fs
        .readFileSync(path.join(dataDir, mp4 ?? ''))
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
  });

  it('writes a JPEG rendition beside every seeded SVG picture (share cards take no SVG)', async () => {
    const { database, dataDir } = run();
    const svgs = [...(await seededUrls(database))].filter((u) => u.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(100);
    const broken = svgs.filter((u) => {
      const jpeg = path.join(dataDir, rasterRendition(u));
      return !fs.existsSync(jpeg) || fs.readFileSync(jpeg).subarray(0, 3).toString('hex') !== 'ffd8ff';
    });
    expect(broken).toEqual([]);
  });

  it('keeps paid white papers out of DATA_DIR/uploads, under DATA_DIR/private', async () => {
    const { database, dataDir } = run();
    const papers = await database.db.selectFrom('white_papers').select(['id', 'url', 'is_free']).execute();
    const paid = papers.filter((p) => p.is_free !== 0);
    expect(paid.length).toBeGreaterThan(0);
    for (const p of paid) {
      expect(p.url).toBe(`/private/white-papers/paper-${p.id}.pdf`);
      expect(fs.readFileSync(path.join(dataDir, p.url)).subarray(0, 5).toString()).toBe('%PDF-');
      expect(fs.existsSync(path.join(dataDir, `uploads/seed/pdf/paper-${p.id}.pdf`))).toBe(false);
    }
    for (const p of papers.filter((x) => x.is_free === 0)) expect(p.url).toMatch(/^\/uploads\/seed\/pdf\//);
  });

  it('indexes every article for search, and can remove and re-add one', async () => {
    const { database } = run();
    const db = database.db;
    const withTerm = await db
      .selectFrom('articles')
      .select('id')
      .where((eb) => eb.or([eb('title', 'like', '%存储%'), eb('keyword', 'like', '%存储%')]))
      .orderBy('id')
      .execute();
    expect(withTerm.length).toBeGreaterThan(10);
    expect(await searchTitle(database, '存储')).toEqual(withTerm.map((r) => r.id));
    const target = withTerm[0].id;
    await removeFromIndex(database, [target]);
    expect(await searchTitle(database, '存储')).not.toContain(target);
    const row = await db
      .selectFrom('articles')
      .select(['id', 'title', 'description', 'keyword', 'content', 'created_at'])
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    await indexArticles(database, [row]);
    expect(await searchTitle(database, '存储')).toEqual(withTerm.map((r) => r.id));
  });

  it('does not seed twice', async () => {
    const { database, dataDir } = run();
    const before = await counts(database);
    expect(await seedIfEmpty(database, { dataDir })).toBe(false);
    expect(await counts(database)).toEqual(before);
  });

  it('appends scale articles with chronological ids and index rows', async () => {
    const { database, dataDir } = run();
    const before = await database.db
      .selectFrom('articles')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    // rebuildIndexFrom: exercise the PostgreSQL path that drops and rebuilds the GIN index.
    const { first, last } = await seedArticles(database, {
      count: 1200,
      dataDir,
      batch: 500,
      now: REFERENCE_DATE + 86_400_000,
      rebuildIndexFrom: 1000,
    });
    expect(first).toBe(Number(before.id) + 1);
    expect(last).toBe(first + 1199);
    const added = await database.db
      .selectFrom('articles')
      .select(['id', 'created_at', 'title'])
      .where('id', '>=', first)
      .orderBy('id')
      .execute();
    expect(added).toHaveLength(1200);
    expect(added.every((r, i) => i === 0 || r.created_at > added[i - 1].created_at)).toBe(true);
    const sample = added[600];
    const word = Array.from(sample.title.replace(/[^\u4e00-\u9fff]/g, ''))
      .slice(0, 2)
      .join('');
    expect(await searchTitle(database, word)).toContain(sample.id);
    if (database.dialect === 'postgres') {
      const idx = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_indexes where indexname = 'article_search_doc'`.execute(
        database.db,
      );
      expect(idx.rows[0].n).toBe(1);
    }
  });
}

describe('demo seed on SQLite', () => {
  let database: Db;
  let dataDir: string;
  let seededTitles: string[] = [];

  beforeAll(async () => {
    dataDir = tmpDir();
    database = openDb({ dataDir });
    await migrate(database);
    expect(await seedIfEmpty(database, { dataDir })).toBe(true);
    seededTitles = await titles(database);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  checkSeededContent(() => ({ database, dataDir }));

  it('is deterministic: a second fresh database gets the same content', async () => {
    const otherDir = tmpDir();
    const other = openDb({ dataDir: otherDir });
    try {
      await migrate(other);
      expect(await seedIfEmpty(other, { dataDir: otherDir })).toBe(true);
      expect(await titles(other)).toEqual(seededTitles);
      const topics = async (d: Db) =>
        (await d.db.selectFrom('topics').select('title').orderBy('id').execute()).map((t) => t.title);
      expect(await topics(other)).toEqual(await topics(database));
      const files = (dir: string) => fs.readdirSync(path.join(dir, 'uploads/seed/img/thumb')).sort();
      expect(files(otherDir)).toEqual(files(dataDir));
      const svg = 'uploads/seed/img/thumb/ai-01.svg';
      expect(fs.readFileSync(path.join(otherDir, svg), 'utf8')).toBe(
        fs.readFileSync(path.join(dataDir, svg), 'utf8'),
      );
    } finally {
      await other.close();
    }
  }, 120_000);
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('demo seed on PostgreSQL', () => {
  let database: Db;
  let dataDir: string;
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: databaseUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${name}`;
    dataDir = tmpDir();
    database = openDb({ dataDir, databaseUrl: url.toString() });
    await migrate(database);
    expect(await seedIfEmpty(database, { dataDir })).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name}`);
    await client.end();
  });

  checkSeededContent(() => ({ database, dataDir }));

  it('gives the same titles as SQLite', async () => {
    const sqliteDir = tmpDir();
    const lite = openDb({ dataDir: sqliteDir });
    try {
      await migrate(lite);
      await seedIfEmpty(lite, { dataDir: sqliteDir });
      expect((await titles(database)).slice(0, 3000)).toEqual(await titles(lite));
    } finally {
      await lite.close();
    }
  }, 120_000);
});

afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});
