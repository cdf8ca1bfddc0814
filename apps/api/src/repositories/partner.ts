import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import {
  PARTNER_FIELDS,
  PARTNER_LIST_FIELDS,
  type PartnerBase,
  type PartnerItem,
  type PartnerList,
} from '@portal/api-client/entities/partner';
import type { Db } from '../db';
import { rowExists } from '../db/exists';

export async function partnerExists(database: Db, mark: string): Promise<boolean> {
  return rowExists(database, 'partners', { mark });
}

/** A partner's page; a corrupt `base` renders with empty texts rather than failing the page. */
export async function findPartnerBase(database: Db, mark: string): Promise<PartnerBase | null> {
  const row = await database.db
    .selectFrom('partners')
    .select('base')
    .where('mark', '=', mark)
    .executeTakeFirst();
  return row ? fromRow(PARTNER_FIELDS, 'public', row) : null;
}

/** The items of one of a partner's lists, in the editors' order, as that list's call answers them. */
export async function partnerItems<L extends PartnerList>(
  database: Db,
  mark: string,
  list: L,
): Promise<PartnerItem<L>[]> {
  const fields = PARTNER_LIST_FIELDS[list];
  const rows = await database.db
    .selectFrom('partner_items')
    .select(columnsFor(fields, 'public'))
    .where('mark', '=', mark)
    .where('list', '=', list)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => fromRow(fields, 'public', row) as PartnerItem<L>);
}
