import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { ApiError, ok } from '../../lib/envelope';
import { defineCall } from '../../lib/route';
import { pageOf } from '../../repositories/articles';
import {
  getReport,
  getReportItems,
  listReports,
  reportExists,
  subscribeReport,
} from '../../repositories/reports';
import { memberEmail } from '../../repositories/sessions';

const notFound = () => new ApiError(ErrorCode.NotFound, '该期周报不存在');

/** The IT weekly report (/it_report). */
export default async function reportRoutes(app: FastifyInstance) {
  const db = app.database;

  defineCall(
    app,
    'it_index',
    async ({ id }) => {
      const report = await getReport(db, id, Date.now());
      if (!report) throw notFound();
      return ok({ report, ...(await getReportItems(db, report.id)) });
    },
    { cache: true },
  );
  defineCall(
    app,
    'it_list',
    async ({ year, page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      const { items, total } = await listReports(db, year, offset, limit);
      return ok(items, total);
    },
    { cache: true },
  );
  defineCall(app, 'it_sub', async ({ report_id, email }, request) => {
    const memberId = request.memberId;
    if (memberId === null) throw new ApiError(ErrorCode.SessionInvalid);
    if (!(await reportExists(db, report_id))) throw notFound();
    await subscribeReport(db, memberId, report_id, email || (await memberEmail(db, memberId)), Date.now());
    return { ...ok(null), msg: '订阅成功' };
  });
}
