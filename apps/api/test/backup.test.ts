import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backup, detectBackupKind, restore } from '../src/backup/backup';
import type { ToolConfig } from '../src/config';
import { migrate, openDb, type Db } from '../src/db/index';
import { addArticleViews } from '../src/repositories/articles';
import { insertFixtures } from './fixtures';
import { DIALECTS, createTestDatabase } from './helpers';

/** A dump and a restore of the small fixture database; bounded so a hung tool fails the test. */
const ROUND_TRIP_MS = 120_000;

const pvOf = async (database: Db, id: number) =>
  Number(
    (await database.db.selectFrom('articles').select('pv').where('id', '=', id).executeTakeFirstOrThrow()).pv,
  );
const articleCount = async (database: Db) =>
  (await database.db.selectFrom('articles').select('id').execute()).length;

describe.each(DIALECTS)('pnpm backup / pnpm restore on %s', (dialect) => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let config: ToolConfig;
  let dir: string;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    config = {
      dataDir: testDb.options.dataDir!,
      databaseUrl: testDb.options.databaseUrl || undefined,
      pgPoolMax: 2,
    };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-backup-'));
    const database = openDb(config);
    await migrate(database);
    await insertFixtures(database);
    await database.close();
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await testDb?.drop();
  });

  it(
    'a backup taken while the server writes restores the data as it was',
    async () => {
      const file = path.join(dir, `round-trip.${dialect}`);
      const database = openDb(config);
      await database.db.updateTable('articles').set({ pv: 1234 }).where('id', '=', 7).execute();
      const articles = await articleCount(database);
      // Writers keep going during the backup (online): the copy must still be consistent.
      let writing = true;
      const writer = (async () => {
        while (writing) {
          await addArticleViews(database, new Map([[9, 1]]));
          // A turn of the event loop between writes, as between requests: the backup's steps run there.
          await new Promise((r) => setImmediate(r));
        }
      })();
      try {
        expect(await backup(config, file)).toBe(dialect);
      } finally {
        writing = false;
        await writer;
      }
      expect(detectBackupKind(file)).toBe(dialect);
      // A second backup never overwrites the first.
      await expect(backup(config, file)).rejects.toThrow(BackupError);

      // What happens after the backup is undone by the restore.
      await database.db.updateTable('articles').set({ pv: 1 }).where('id', '=', 7).execute();
      await database.db.deleteFrom('articles').where('id', '=', 8).execute();
      expect(await articleCount(database)).toBe(articles - 1);
      await database.close();

      expect(await restore(config, file)).toBe(dialect);
      const restored = openDb(config);
      try {
        expect(await pvOf(restored, 7)).toBe(1234);
        expect(await articleCount(restored)).toBe(articles);
        // The restored database is whole and still takes writes.
        await addArticleViews(restored, new Map([[7, 1]]));
        expect(await pvOf(restored, 7)).toBe(1235);
        if (dialect === 'sqlite') {
          const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(restored.db);
          expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
        }
      } finally {
        await restored.close();
      }
    },
    ROUND_TRIP_MS,
  );

  it('refuses a file that is not a backup, or a backup of the other database kind', async () => {
    const junk = path.join(dir, 'junk.bin');
    fs.writeFileSync(junk, 'not a backup at all');
    await expect(restore(config, junk)).rejects.toThrow(/不是本系统的备份文件/);
    await expect(restore(config, path.join(dir, 'missing.sqlite'))).rejects.toThrow(/备份文件不存在/);
    const other = path.join(dir, `other.${dialect}`);
    fs.writeFileSync(other, dialect === 'sqlite' ? 'PGDMP\x01\x0e\x00' : 'SQLite format 3\0');
    await expect(restore(config, other)).rejects.toThrow(/当前配置的数据库是/);
  });
});
