import { sql, type Kysely } from 'kysely';

/**
 * The whole initial schema. Migrations are immutable once landed: change the schema with a new file.
 * Times are integer epoch milliseconds (bigint on PostgreSQL) so that every list orders on an index.
 * `dialect` is passed in by the migrator because search needs dialect-specific DDL.
 */
/** @public Kysely's Migrator runs it (db/index.ts hands it the module). */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  // SQLite's "integer primary key" is the rowid: it auto-increments without AUTOINCREMENT's extra table.
  const serial = pg ? 'serial' : 'integer';

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // ---- taxonomy and site chrome ----
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('in_nav', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_keyword', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('menus')
    .addColumn('menu_id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    /** 'drop' (header drop-down of entry 10000) or 'small' (mobile quick links). */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('seo')
    .addColumn('page', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('keyword', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', serial, (c) => c.primaryKey())
    /** 'home' | 'mobile' | 'category' | 'side' */
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('banner', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('banners_place').on('banners').columns(['place', 'cat_id', 'sort']).execute();

  await db.schema
    .createTable('ads')
    .addColumn('slot', 'integer', (c) => c.primaryKey()) // 1..5
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('links')
    .addColumn('id', serial, (c) => c.primaryKey())
    /** 'friendly' | 'website' (related sites) | 'partner' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('footer_info')
    .addColumn('label', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('qrcodes')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('options')
    /** 'industry' | 'position' | 'department' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('options_pk', ['kind', 'id'])
    .execute();

  await db.schema
    .createTable('provinces')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('cities')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('province_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cities_province').on('cities').column('province_code').execute();

  // ---- content ----
  await db.schema
    .createTable('articles')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('cat_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keyword', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('admin_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    /** 1 published, 0 hidden. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    /** Flags that place an article in a home/category block. */
    .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_pic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_policy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pv', big, (c) => c.notNull().defaultTo(0))
    /** Set when the article came from a member's column. */
    .addColumn('member_id', 'integer')
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('articles_latest')
    .on('articles')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('articles_cat_latest')
    .on('articles')
    .columns(['cat_id', 'status', 'created_at', 'id'])
    .execute();
  for (const flag of ['is_hot', 'is_pic', 'is_recommend', 'is_policy']) {
    await db.schema
      .createIndex(`articles_${flag}`)
      .on('articles')
      .columns([flag, 'status', 'created_at'])
      .execute();
  }

  /**
   * Search index. Text is pre-tokenised in the application into CJK unigrams + bigrams and
   * lower-cased Latin words (see db/search.ts), so one- and two-character Chinese queries are
   * answered from the index on both databases.
   */
  if (pg) {
    await sql`create table article_search (
      article_id bigint primary key,
      created_at bigint not null,
      doc tsvector not null
    )`.execute(db);
    await sql`create index article_search_doc on article_search using gin (doc)`.execute(db);
    await sql`create index article_search_latest on article_search (created_at desc)`.execute(db);
  } else {
    await sql`create virtual table article_fts using fts5(title, body, uni, content='', detail=full, tokenize='unicode61 remove_diacritics 0')`.execute(
      db,
    );
  }

  await db.schema
    .createTable('topics')
    .addColumn('id', serial, (c) => c.primaryKey())
    /** 'featured' (home featured topics) | 'special' (special topics) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('topics_kind').on('topics').columns(['kind', 'cat_id', 'created_at']).execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(43))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('list_thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('index_thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_type', 'integer', (c) => c.notNull())
    .addColumn('iframe', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keyword', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('videos_latest').on('videos').columns(['cat_id', 'created_at']).execute();
  await db.schema.createIndex('videos_top').on('videos').columns(['is_top', 'created_at']).execute();

  await db.schema
    .createTable('white_papers')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
    /** Path of the PDF under /uploads. */
    .addColumn('url', 'text', (c) => c.notNull())
    /** 0 free, otherwise members only. */
    .addColumn('is_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('white_papers_latest').on('white_papers').column('created_at').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('start_at', big, (c) => c.notNull())
    .addColumn('end_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_date').on('events').columns(['year', 'month', 'start_at']).execute();
  await db.schema.createIndex('events_latest').on('events').column('start_at').execute();

  await db.schema
    .createTable('weekly_reports')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('it_number', 'integer', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('recommend', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('adv_thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('adv_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_time', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('weekly_reports_year')
    .on('weekly_reports')
    .columns(['year', 'publish_time'])
    .execute();

  await db.schema
    .createTable('weekly_report_items')
    .addColumn('report_id', 'integer', (c) => c.notNull())
    /** 'event' (weekly events) | 'recommend' (recommended articles) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('weekly_report_items_pk', ['report_id', 'kind', 'article_id'])
    .execute();

  await db.schema
    .createTable('report_subscriptions')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('report_id', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('report_subscriptions_pk', ['member_id', 'report_id'])
    .execute();

  await db.schema
    .createTable('experts')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // ---- members and columns ----
  await db.schema
    .createTable('members')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('mobile', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('industry', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('department', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_people', 'text', (c) => c.notNull().defaultTo(''))
    /** scrypt: "scrypt$N$r$p$salt$hash" */
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    /** Column application: 0 not applied, 1 under review, 2 approved, negative rejected. */
    .addColumn('column_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('column_refuse', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('members_column_status').on('members').column('column_status').execute();

  await db.schema
    .createTable('member_sessions')
    /** sha256 of the stoken; the stoken itself is never stored. */
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_sessions_member').on('member_sessions').column('member_id').execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', big)
    .addColumn('expires_at', big, (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_codes_mobile').on('sms_codes').columns(['mobile', 'created_at']).execute();

  await db.schema
    .createTable('column_channels')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('column_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    /** The public category an approved article is published in. */
    .addColumn('cat_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('column_articles')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keyword', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_push', 'integer', (c) => c.notNull().defaultTo(0))
    /** 0 unreviewed (draft), 1 pending review, 3 approved, -1 rejected. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refuse', 'text', (c) => c.notNull().defaultTo(''))
    /** The public article once approved. */
    .addColumn('article_id', 'integer')
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('column_articles_member')
    .on('column_articles')
    .columns(['member_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('column_articles_status')
    .on('column_articles')
    .columns(['status', 'created_at'])
    .execute();

  // ---- landing: vendors, partners, activity forms ----
  await db.schema
    .createTable('vendor_meets')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull()) // JSON: hero, report cards, carousels
    .execute();
  await db.schema
    .createTable('vendor_users')
    .addColumn('user_id', 'text', (c) => c.primaryKey()) // random, opaque
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('meet_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vendor_users_mobile')
    .on('vendor_users')
    .columns(['mobile', 'meet_id'])
    .execute();
  await db.schema
    .createTable('vendor_leads')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('meet_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meet_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull()) // JSON [{title, answer}]
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('vendor_leads_meet_mobile', ['meet_id', 'mobile'])
    .execute();
  await db.schema
    .createTable('vendor_access_logs')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('meet_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meet_name', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vendor_access_logs_user')
    .on('vendor_access_logs')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('mark', 'text', (c) => c.primaryKey())
    .addColumn('base', 'text', (c) => c.notNull()) // JSON PartnerBase
    .execute();
  await db.schema
    .createTable('partner_items')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('mark', 'text', (c) => c.notNull())
    /** 'new' | 'recommend' | 'video' | 'know' | 'activity' | 'product' */
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('btn_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('partner_items_mark')
    .on('partner_items')
    .columns(['mark', 'list', 'sort'])
    .execute();

  await db.schema
    .createTable('activity_forms')
    .addColumn('activity_id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('banner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_submit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_privacy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('privacy', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('form', 'text', (c) => c.notNull()) // JSON FormField[]
    .execute();
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull()) // JSON {field_name: value}
    .addColumn('other', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_submissions_activity')
    .on('form_submissions')
    .columns(['activity_id', 'created_at'])
    .execute();
}

/** @public Kysely's Migrator runs it (db/index.ts hands it the module). */
export async function down(): Promise<void> {
  throw new Error('The initial migration is not reversible');
}
