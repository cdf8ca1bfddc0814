import type { ColumnApplication, Paged, PendingColumnArticle } from '@portal/api-client/admin';
import { ArticleStatus, ColumnStatus } from '@portal/api-client/constants';
import type { Db } from '../db';
import { sanitizeArticleHtml } from '../lib/sanitize';

/** The editors' review queues: column applications and column articles waiting for a decision. */

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export async function listColumnApplications(
  database: Db,
  page: number,
  pageSize: number,
): Promise<Paged<ColumnApplication>> {
  const base = database.db.selectFrom('members as m').where('m.column_status', '=', ColumnStatus.UnderReview);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await base
    .leftJoin('options as ind', (j) => j.onRef('ind.id', '=', 'm.industry').on('ind.kind', '=', 'industry'))
    .leftJoin('options as pos', (j) => j.onRef('pos.id', '=', 'm.position').on('pos.kind', '=', 'position'))
    .select([
      'm.id',
      'm.username',
      'm.mobile',
      'm.email',
      'm.company',
      'm.updated_at',
      'ind.name as industry',
      'pos.name as position',
    ])
    .orderBy('m.updated_at')
    .orderBy('m.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: Number(n),
    items: rows.map((r) => ({
      memberId: Number(r.id),
      username: r.username,
      mobile: r.mobile,
      email: r.email,
      company: String(r.company),
      industry: r.industry ?? '',
      position: r.position ?? '',
      appliedAt: iso(r.updated_at),
    })),
  };
}

export async function listPendingColumnArticles(
  database: Db,
  page: number,
  pageSize: number,
): Promise<Paged<PendingColumnArticle>> {
  const base = database.db.selectFrom('column_articles as a').where('a.status', '=', ArticleStatus.Pending);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await base
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .leftJoin('column_categories as c', 'c.id', 'a.category')
    .select([
      'a.id',
      'a.member_id',
      'm.username',
      'a.title',
      'c.name as category',
      'a.description',
      'a.keyword',
      'a.content',
      'a.updated_at',
    ])
    .orderBy('a.updated_at')
    .orderBy('a.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: Number(n),
    items: rows.map((r) => ({
      id: Number(r.id),
      memberId: Number(r.member_id),
      username: r.username,
      title: r.title,
      category: r.category ?? '',
      description: r.description,
      keyword: r.keyword,
      // Previewed in the back office: the same allow-list as every public render.
      content: sanitizeArticleHtml(r.content),
      submittedAt: iso(r.updated_at),
    })),
  };
}
