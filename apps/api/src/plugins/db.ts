import fp from 'fastify-plugin';
import { migrate, openDb, type Db } from '../db';
import type { ApiConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one database handle (Kysely + dialect); repositories take it as first argument. */
    database: Db;
  }
}

/** Opens the database, runs pending migrations, seeds an empty one, and closes it on shutdown. */
export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const database = openDb({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      statementTimeoutMs: config.statementTimeoutMs,
    });
    app.decorate('database', database);
    // Registered before the page-view flush (plugins/page-views.ts): onClose hooks run in reverse, so
    // pending counts are written before the connection closes.
    app.addHook('onClose', async () => {
      await database.close();
    });
    // Migrations and the first seed build indexes over every row: on PostgreSQL they get their own
    // pool without the statement timeout that guards request queries.
    const setup =
      database.dialect === 'postgres'
        ? openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
        : database;
    try {
      await migrate(setup);
      if (config.seed) {
        // Loaded only when seeding: the generator (images, PDFs, vocabulary) is not needed otherwise.
        const { seedIfEmpty } = await import('../seed');
        const seeded = await seedIfEmpty(setup, {
          dataDir: config.dataDir,
          log: (msg) => app.log.info(msg),
        });
        if (seeded) app.log.info('seeded an empty database with demo content');
      }
    } finally {
      if (setup !== database) await setup.close();
    }
  },
  { name: 'db' },
);
