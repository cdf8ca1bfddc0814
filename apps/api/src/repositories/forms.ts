import { ACTIVITY_FORM_FIELDS, type DynamicForm } from '@portal/api-client/entities/activity-form';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import type { Db } from '../db';
import { rowExists } from '../db/exists';
import { writeTx } from './write-tx';

const FORM_COLUMNS = columnsFor(ACTIVITY_FORM_FIELDS, 'public');

/** An activity's sign-up form as getForm answers it (entities/activity-form.ts); a corrupt definition has no questions. */
export async function findForm(database: Db, activityId: number): Promise<DynamicForm | null> {
  const row = await database.db
    .selectFrom('activity_forms')
    .select(FORM_COLUMNS)
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
  return row ? fromRow(ACTIVITY_FORM_FIELDS, 'public', row) : null;
}

/** Province code for a province name, null when it is not a real province. */
export async function provinceCode(database: Db, name: string): Promise<string | null> {
  const row = await database.db
    .selectFrom('provinces')
    .select('code')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.code ?? null;
}

export async function cityInProvince(database: Db, code: string, city: string): Promise<boolean> {
  return rowExists(database, 'cities', { province_code: code, name: city });
}

export interface SubmissionInput {
  activity_id: number;
  source: string;
  /** JSON text {field_name: value}, exactly as acknowledged. */
  content: string;
  /** JSON text {field_name: free text}. */
  other: string;
  /** JSON text of the form's fields (FormField[]) when the answers were given. */
  labels: string;
}

/** Stores a submission; answers its id. */
export async function insertSubmission(database: Db, input: SubmissionInput, now: number): Promise<number> {
  const row = await writeTx(database, (trx) =>
    trx
      .insertInto('form_submissions')
      .values({ ...input, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return Number(row.id);
}
