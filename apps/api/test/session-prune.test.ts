import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate, openDb, type Db } from '../src/db';
import * as m001 from '../src/db/migrations/001_initial';
import * as m002 from '../src/db/migrations/002_list_indexes';
import db from '../src/plugins/db';
import housekeeping from '../src/plugins/housekeeping';
import { pruneSessions, VENDOR_SESSION_TTL_MS } from '../src/repositories/sessions';
import { addLead, latestLead, type LeadInput } from '../src/repositories/vendor';
import { createTestDatabase, DIALECTS } from './helpers';

/** Issue 11, hole 10 (sessions half): lead history, vendor session expiry, pruning of old sessions. */

const DAY = 24 * 3600_000;

/** Member stokens and vendor user_ids: one expired and one live of each, relative to `now`. */
async function insertSessions(database: Db, now: number, tag: string): Promise<void> {
  await database.db
    .insertInto('member_sessions')
    .values([
      { token_hash: `${tag}-expired`, member_id: 1, created_at: now - 8 * DAY, expires_at: now - DAY },
      { token_hash: `${tag}-live`, member_id: 1, created_at: now - DAY, expires_at: now + 6 * DAY },
    ])
    .execute();
  await database.db
    .insertInto('vendor_users')
    .values([
      {
        user_id: `${tag}-old`,
        mobile: '13800138000',
        meet_id: 0,
        created_at: now - VENDOR_SESSION_TTL_MS - DAY,
      },
      { user_id: `${tag}-new`, mobile: '13800138000', meet_id: 0, created_at: now - DAY },
    ])
    .execute();
}

async function sessionsLeft(database: Db): Promise<string[]> {
  const members = await database.db.selectFrom('member_sessions').select('token_hash').execute();
  const vendors = await database.db.selectFrom('vendor_users').select('user_id').execute();
  return [...members.map((r) => r.token_hash), ...vendors.map((r) => r.user_id)].sort();
}

const lead = (over: Partial<LeadInput> = {}): LeadInput => ({
  meet_id: 0,
  meet_name: '选型中心',
  name: '张三',
  mobile: '13800138000',
  email: 'z@example.com',
  company: '示例科技',
  department: '信息部',
  position: 'CIO',
  question: '[]',
  ...over,
});

describe.each(DIALECTS)('sessions and leads on %s', (dialect) => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('migration 003 keeps the leads stored under the old unique key and then allows history', async () => {
    // A database as the previous release left it: migrations 001 and 002 only, with a lead.
    const database = openDb({
      dataDir: testDb.options.dataDir ?? '',
      databaseUrl: testDb.options.databaseUrl,
    });
    try {
      const old = { '001_initial': m001, '002_list_indexes': m002 };
      const migrator = new Migrator({
        db: database.db,
        provider: {
          getMigrations: async () =>
            Object.fromEntries(
              Object.entries(old).map(([name, mod]) => [
                name,
                { up: (k: Kysely<unknown>) => mod.up(k, database.dialect) },
              ]),
            ),
        },
      });
      const { error } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      await database.db
        .insertInto('vendor_leads')
        .values({ ...lead({ company: '旧公司' }), created_at: 1, updated_at: 1 })
        .execute();
      await expect(
        database.db
          .insertInto('vendor_leads')
          .values({ ...lead(), created_at: 2, updated_at: 2 })
          .execute(),
      ).rejects.toThrow();

      await migrate(database);
      const before = await database.db.selectFrom('vendor_leads').selectAll().execute();
      expect(before).toHaveLength(1);
      expect(before[0]).toMatchObject({ company: '旧公司', created_at: 1 });
      expect(await addLead(database, lead({ company: '新公司' }), 10)).toBe('again');
      expect(await addLead(database, lead({ mobile: '13900139000' }), 11)).toBe('created');
      const rows = await database.db.selectFrom('vendor_leads').selectAll().orderBy('id').execute();
      expect(rows.map((r) => r.company)).toEqual(['旧公司', '新公司', '示例科技']);
      expect(await latestLead(database, 0, '13800138000')).toMatchObject({ company: '新公司' });
      // New rows take ids after the old ones (the SQLite rebuild kept the id sequence).
      expect(rows[1].id).toBeGreaterThan(rows[0].id);
    } finally {
      await database.close();
    }
  });

  it('pruneSessions deletes expired member stokens and vendor user_ids older than 30 days', async () => {
    const database = openDb({
      dataDir: testDb.options.dataDir ?? '',
      databaseUrl: testDb.options.databaseUrl,
    });
    try {
      const now = Date.now();
      await insertSessions(database, now, 'unit');
      expect(await pruneSessions(database, now)).toEqual({ members: 1, vendors: 1 });
      expect(await sessionsLeft(database)).toEqual(['unit-live', 'unit-new']);
      await database.db.deleteFrom('member_sessions').execute();
      await database.db.deleteFrom('vendor_users').execute();
    } finally {
      await database.close();
    }
  });

  it('the API prunes old sessions at start', async () => {
    const options = { ...testDb.options, seed: false, logLevel: 'silent', redisUrl: '' };
    const first = await buildApp(options);
    await insertSessions(first.database, Date.now(), 'start');
    await first.close();
    const second = await buildApp(options);
    try {
      expect(await sessionsLeft(second.database)).toEqual(['start-live', 'start-new']);
    } finally {
      await second.database.db.deleteFrom('member_sessions').execute();
      await second.database.db.deleteFrom('vendor_users').execute();
      await second.close();
    }
  });

  it('and again on its interval while it runs', async () => {
    const config = loadConfig({ ...testDb.options, seed: false, logLevel: 'silent' });
    const app = Fastify({ logger: false });
    await app.register(db, { config });
    await app.register(housekeeping, { config, intervalMs: 20 });
    await app.ready();
    try {
      await insertSessions(app.database, Date.now(), 'tick');
      await vi.waitFor(
        async () => expect(await sessionsLeft(app.database)).toEqual(['tick-live', 'tick-new']),
        {
          timeout: 10_000,
          interval: 20,
        },
      );
    } finally {
      await app.close();
    }
  });
});
