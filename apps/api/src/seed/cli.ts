import { parseArgs } from 'node:util';
import { loadToolConfig } from '../config';
import { migrate, openDb } from '../db/index';
import { openFileStore, publishSeededFiles } from '../lib/storage';
import { seedIfEmpty } from './index';
import { seedArticles } from './scale';
import { seedDailyViews } from './views-scale';

/**
 * `pnpm seed`                 migrate and seed the demo content into an empty database
 * `pnpm seed --articles N`    the same, then append N articles (benchmarks; handles 1,000,000)
 * `pnpm seed --daily-views D` replace every daily view row with D days of generated readers
 *                             ending today (benchmarks: seed/views-scale.ts)
 * The database is the server's: DATABASE_URL (PostgreSQL) when set, else DATA_DIR/portal.db;
 * generated files go to DATA_DIR/uploads/seed in both cases.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      articles: { type: 'string' },
      batch: { type: 'string' },
      'daily-views': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log('usage: pnpm seed [--articles N] [--batch SIZE] [--daily-views DAYS]');
    return 0;
  }
  const count = values.articles === undefined ? 0 : Number(values.articles);
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  const days = values['daily-views'] === undefined ? 0 : Number(values['daily-views']);
  if (
    !Number.isInteger(count) ||
    count < 0 ||
    (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) ||
    !Number.isInteger(days) ||
    days < 0 ||
    days > 4000
  ) {
    console.error('seed: --articles, --batch and --daily-views (at most 4000) take a positive whole number');
    return 2;
  }
  // A relative DATA_DIR means the directory the command was typed in (see loadToolConfig).
  const config = loadToolConfig();
  const { dataDir } = config;
  const database = openDb(config);
  const log = (msg: string) => console.log(msg);
  try {
    const began = Date.now();
    await migrate(database);
    const seeded = await seedIfEmpty(database, { dataDir, log });
    log(
      seeded
        ? `seed: demo content ready in ${Date.now() - began} ms`
        : 'seed: database already seeded, demo content left as is',
    );
    if (seeded && config.storage) {
      // The seed writes under DATA_DIR; with STORAGE_URL its files go to the store too.
      const store = await openFileStore(config);
      try {
        const copied = await publishSeededFiles(dataDir, store);
        log(`seed: ${copied?.copied ?? 0} files copied to the file store`);
      } finally {
        await store.close();
      }
    }
    if (count > 0) {
      const t = Date.now();
      const { first, last } = await seedArticles(database, { count, dataDir, log, batch });
      const secs = (Date.now() - t) / 1000;
      log(`seed --articles: added ids ${first}..${last} in ${secs.toFixed(1)} s (${database.dialect})`);
    }
    if (days > 0) {
      const t = Date.now();
      const r = await seedDailyViews(database, { days, log });
      log(
        `seed --daily-views: ${r.rows} rows, ${r.views} views, ${r.articlesPerDay} articles read a day, ` +
          `in ${((Date.now() - t) / 1000).toFixed(1)} s (${database.dialect})`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`seed failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
