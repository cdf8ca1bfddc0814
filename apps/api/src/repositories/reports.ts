import type { Selectable } from 'kysely';
import type { ListItem, WeeklyReport } from '@portal/api-client/contract';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { REPORT_FIELDS } from '@portal/api-client/entities/report';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { formatDate } from '../lib/time';
import { listByIds } from './articles';
import { paged } from './paging';

/** The IT weekly report: issues by year, their events and recommended articles, subscriptions. */

/** An issue as entities/report.ts declares it, and its ad's picture and link. */
const REPORT_COLUMNS = [...columnsFor(REPORT_FIELDS, 'public'), 'adv_thumb', 'adv_url'] as const;
type ReportRow = Pick<Selectable<DB['weekly_reports']>, (typeof REPORT_COLUMNS)[number]>;

const toReport = (r: ReportRow): WeeklyReport => ({
  ...fromRow(REPORT_FIELDS, 'public', r, { publish_time: formatDate(r.publish_time) }),
  adv: r.adv_thumb ? { url: r.adv_url, thumb: r.adv_thumb, title: r.week } : null,
});

/** The issue `id`, or the latest published issue when id is 0; null when none. */
export async function getReport(database: Db, id: number, now: number): Promise<WeeklyReport | null> {
  let q = database.db.selectFrom('weekly_reports').select(REPORT_COLUMNS);
  q =
    id > 0
      ? q.where('id', '=', id)
      : q.where('publish_time', '<=', now).orderBy('publish_time', 'desc').orderBy('id', 'desc').limit(1);
  const row = await q.executeTakeFirst();
  return row ? toReport(row) : null;
}

export async function getReportItems(
  database: Db,
  reportId: number,
): Promise<{ events: ListItem[]; recommend: ListItem[] }> {
  const rows = await database.db
    .selectFrom('weekly_report_items')
    .select(['kind', 'article_id'])
    .where('report_id', '=', reportId)
    .orderBy('kind')
    .orderBy('sort')
    .execute();
  const ids = (kind: 'event' | 'recommend') =>
    rows.filter((r) => r.kind === kind).map((r) => Number(r.article_id));
  const [events, recommend] = await Promise.all([
    listByIds(database, ids('event')),
    listByIds(database, ids('recommend')),
  ]);
  return { events, recommend };
}

/** Issues of one year, newest first (weekly_reports_year), with the total. */
export async function listReports(
  database: Db,
  year: number,
  offset: number,
  limit: number,
): Promise<{ items: WeeklyReport[]; total: number }> {
  const { rows, total } = await paged(
    database.db.selectFrom('weekly_reports').where('year', '=', year),
    (q) => q.select(REPORT_COLUMNS).orderBy('publish_time', 'desc').orderBy('id', 'desc'),
    { offset, limit },
  );
  return { items: rows.map(toReport), total };
}

export async function reportExists(database: Db, id: number): Promise<boolean> {
  return (
    (await database.db.selectFrom('weekly_reports').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

/** An issue's publication time (undefined when there is no such issue). */
export async function reportPublishTime(database: Db, id: number): Promise<number | undefined> {
  const row = await database.db
    .selectFrom('weekly_reports')
    .select('publish_time')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.publish_time;
}

/** Subscribe a member to an issue; subscribing twice keeps one row (the newest email wins). */
export async function subscribeReport(
  database: Db,
  memberId: number,
  reportId: number,
  email: string,
  now: number,
): Promise<void> {
  await database.db
    .insertInto('report_subscriptions')
    .values({ member_id: memberId, report_id: reportId, email, created_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'report_id']).doUpdateSet({ email }))
    .execute();
}
