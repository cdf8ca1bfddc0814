import { randomBytes } from 'node:crypto';
import type { VendorMeet } from '@portal/api-client/contract';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { LEAD_FIELDS } from '@portal/api-client/entities/lead';
import { VENDOR_MEET_FIELDS, withAssetKinds } from '@portal/api-client/entities/vendor-meet';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db';
import { rowExists } from '../db/exists';
import type { DB } from '../db/schema';
import { writeTx } from './write-tx';

/** The lead fields stored by vendor_register (already validated): a vendor_leads row as entities/lead.ts declares it. */
export type LeadInput = Omit<Selectable<DB['vendor_leads']>, 'id' | 'created_at' | 'updated_at'>;
/** Every column of a lead row but its id and times. */
const LEAD_COLUMNS = columnsFor(LEAD_FIELDS, 'office');

/** The page's own columns, and the JSON text its parts are read from. */
const MEET_COLUMNS = [...columnsFor(VENDOR_MEET_FIELDS, 'public'), 'data'] as const;

/** A vendor landing page: its content read from the JSON text (corrupt or missing parts: empty). */
export async function findMeet(database: Db, meetId: number): Promise<VendorMeet | null> {
  const row = await database.db
    .selectFrom('vendor_meets')
    .select(MEET_COLUMNS)
    .where('id', '=', meetId)
    .executeTakeFirst();
  return row ? withAssetKinds(fromRow(VENDOR_MEET_FIELDS, 'public', row)) : null;
}

export async function meetName(database: Db, meetId: number): Promise<string | null> {
  const row = await database.db
    .selectFrom('vendor_meets')
    .select('name')
    .where('id', '=', meetId)
    .executeTakeFirst();
  return row?.name ?? null;
}

export async function hasLead(database: Db, meetId: number, mobile: string): Promise<boolean> {
  return rowExists(database, 'vendor_leads', { meet_id: meetId, mobile });
}

/** The lead of a phone for a meet: its newest registration (earlier ones are kept as history). */
export async function latestLead(database: Db, meetId: number, mobile: string): Promise<LeadInput | null> {
  const row = await database.db
    .selectFrom('vendor_leads')
    .select(LEAD_COLUMNS)
    .where('meet_id', '=', meetId)
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Stores a registration as a new lead row. A phone registering again for the same meet never
 * overwrites what it sent before (issue 11: a lead is evidence of what was submitted, and anyone
 * knowing the number could otherwise replace it); latestLead reads the newest.
 * 'again' when the phone had registered for this meet before.
 */
export async function addLead(database: Db, lead: LeadInput, now: number): Promise<'created' | 'again'> {
  return writeTx(database, async (trx) => {
    if (database.dialect === 'postgres') {
      // Registrations of one phone for one meet take turns, so exactly one of them is the first
      // (SQLite's IMMEDIATE transaction already serialises every writer).
      await sql`select pg_advisory_xact_lock(hashtext(${`vendor_lead:${lead.meet_id}:${lead.mobile}`}))`.execute(
        trx,
      );
    }
    const earlier = await trx
      .selectFrom('vendor_leads')
      .select('id')
      .where('meet_id', '=', lead.meet_id)
      .where('mobile', '=', lead.mobile)
      .executeTakeFirst();
    await trx
      .insertInto('vendor_leads')
      .values({ ...lead, created_at: now, updated_at: now })
      .execute();
    return earlier ? 'again' : 'created';
  });
}

/** Issues a new opaque user_id for a registered phone (one per successful login). */
export async function createVendorUser(
  database: Db,
  mobile: string,
  meetId: number,
  now: number,
): Promise<string> {
  const userId = randomBytes(24).toString('base64url');
  await writeTx(database, (trx) =>
    trx
      .insertInto('vendor_users')
      .values({ user_id: userId, mobile, meet_id: meetId, created_at: now })
      .execute(),
  );
  return userId;
}

export async function logAccess(
  database: Db,
  entry: { user_id: string; meet_id: number; meet_name: string; asset: string },
  now: number,
): Promise<void> {
  await database.db
    .insertInto('vendor_access_logs')
    .values({ ...entry, created_at: now })
    .execute();
}
