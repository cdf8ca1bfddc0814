import fp from 'fastify-plugin';
import { migrate, openDb, publicReads, type Db } from '../db';
import type { ApiConfig } from '../config';
import { publishSeededFiles } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The primary database (Kysely + dialect); repositories take it as first argument. Writes,
     * transactions, and a member's or editor's reads of their own data go here.
     */
    database: Db;
    /**
     * Public reads (the cached public calls, sitemaps): a current PostgreSQL replica when
     * DATABASE_REPLICA_URLS is set (db/replicas.ts), else the same handle as `database`. Reads only.
     */
    readDb: Db;
  }
}

/** Opens the database, runs pending migrations, seeds an empty one, and closes it on shutdown. */
export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const database = openDb({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      pgPoolMax: config.pgPoolMax,
      statementTimeoutMs: config.statementTimeoutMs,
      onConnectionError: (err) => app.log.warn({ err }, 'database connection lost; the pool reconnects'),
      replicas: config.replicas,
      onReplicaChange: (status, err) =>
        status.state === 'current'
          ? app.log.info(status, 'database replica serves reads')
          : app.log.warn({ ...status, err }, 'database replica skipped: reads go elsewhere'),
    });
    app.decorate('database', database);
    // Registered before the page-view flush (plugins/page-views.ts): onClose hooks run in reverse, so
    // pending counts are written before the connection closes.
    app.addHook('onClose', async () => {
      await database.close();
    });
    await migrate(database);
    if (config.seed) {
      // Loaded only when seeding: the generator (images, PDFs, vocabulary) is not needed otherwise.
      const { seedIfEmpty } = await import('../seed');
      const seeded = await seedIfEmpty(database, {
        dataDir: config.dataDir,
        log: (msg) => app.log.info(msg),
      });
      if (seeded) {
        app.log.info('seeded an empty database with demo content');
        // The seed writes under DATA_DIR; with STORAGE_URL its files go to the store too.
        const copied = app.hasDecorator('fileStore')
          ? await publishSeededFiles(config.dataDir, app.fileStore)
          : null;
        if (copied) app.log.info(`seed files copied to the file store: ${copied.copied}`);
      }
    }
    app.decorate('readDb', publicReads(database));
    // Checked only now: until a replica has replayed the migrations (and seed), reads use the primary.
    database.replicas?.start();
  },
  { name: 'db' },
);
