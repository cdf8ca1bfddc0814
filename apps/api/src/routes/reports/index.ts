import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { MSG, newsletterSchema } from '@portal/api-client/schemas';
import { href } from '@portal/routes';
import type { ApiConfig } from '../../config';
import { ApiError, okPage } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { defineCall, defineSchemaCall } from '../define-call';
import { verifyUnsubscribeToken } from '../../lib/mail/unsubscribe-token';
import { pageOf } from '../../repositories/articles';
import { getSubscription, setSubscription, unsubscribeMember } from '../../repositories/newsletter';
import {
  getReport,
  getReportItems,
  listReports,
  reportExists,
  subscribeReport,
} from '../../repositories/reports';
import { memberEmail } from '../../repositories/sessions';
import { memberOf } from '../member/call';
import { ONE_CLICK_PATH } from '../../plugins/newsletter';

const notFound = () => new ApiError(ErrorCode.NotFound, '该期周报不存在');

/** The IT weekly report (/it_report) and its newsletter. */
export default async function reportRoutes(app: FastifyInstance, { config }: { config: ApiConfig }) {
  const db = app.database;
  const reads = app.readDb;

  defineCall(
    app,
    'it_index',
    async ({ id }) => {
      const report = await getReport(reads, id, Date.now());
      if (!report) throw notFound();
      return ok({ report, ...(await getReportItems(reads, report.id)) });
    },
    { cache: true },
  );
  defineCall(
    app,
    'it_list',
    async ({ year, page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      return okPage(await listReports(reads, year, offset, limit));
    },
    { cache: true },
  );
  // 订阅 on an issue: the weekly report, every future issue, at the address given or the member's own.
  defineCall(app, 'it_sub', async ({ report_id, email }, request) => {
    const memberId = memberOf(request);
    if (!(await reportExists(db, report_id))) throw notFound();
    const address = email || (await memberEmail(db, memberId));
    if (!address) throw new ApiError(ErrorCode.Validation, MSG.newsletterNeedsEmail);
    const now = Date.now();
    await setSubscription(db, memberId, true, address, now);
    // Which issue the member subscribed from (the back office's per-issue subscriber export).
    await subscribeReport(db, memberId, report_id, address, now);
    return ok(null, { msg: MSG.subscribed });
  });

  defineCall(app, 'newsletter_get', async (_payload, request) => {
    const memberId = memberOf(request);
    return ok(await getSubscription(db, memberId, await memberEmail(db, memberId)));
  });
  defineSchemaCall(app, 'newsletter_set', newsletterSchema, async ({ subscribed, email }, request) => {
    const memberId = memberOf(request);
    const own = await memberEmail(db, memberId);
    const current = await getSubscription(db, memberId, own);
    // Switching on needs an address: the one given, the subscription's, or the member's own.
    if (subscribed && !email && !current.email)
      throw new ApiError(ErrorCode.Validation, MSG.newsletterNeedsEmail);
    await setSubscription(db, memberId, subscribed, email || current.email, Date.now());
    return ok(await getSubscription(db, memberId, own), {
      msg: subscribed ? MSG.newsletterOn : MSG.newsletterOff,
    });
  });

  const unsubscribe = async (token: string): Promise<string> => {
    const check = verifyUnsubscribeToken(config.tokenSecret, token);
    if ('error' in check) {
      throw new ApiError(
        check.error === 'expired' ? ErrorCode.UnsubscribeTokenExpired : ErrorCode.UnsubscribeTokenInvalid,
      );
    }
    return (await unsubscribeMember(db, check.memberId, Date.now())) ?? '';
  };
  defineCall(app, 'newsletter_unsubscribe', async ({ token }) => ok({ email: await unsubscribe(token) }));

  // RFC 8058 one-click: the List-Unsubscribe address. A mail client POSTs `List-Unsubscribe=One-Click`
  // (form-encoded, no session, no access token); a browser's GET goes to the confirmation page.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const tokenOf = (query: unknown) => {
      const token = (query as Record<string, unknown>)?.token;
      return typeof token === 'string' && token.length <= 200 ? token : '';
    };
    // Not an /api call: a mail client reads only the status, and these bodies (code and msg, no data)
    // are kept as they were rather than built as envelopes.
    scope.post(ONE_CLICK_PATH, async (request, reply) => {
      const body = request.body as Record<string, unknown> | undefined;
      if (body?.['List-Unsubscribe'] !== 'One-Click') {
        return reply
          .status(400)
          .send({ code: ErrorCode.Validation, msg: '请求内容应为 List-Unsubscribe=One-Click' });
      }
      try {
        await unsubscribe(tokenOf(request.query));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return reply.status(400).send({ code: error.code, msg: error.message });
      }
      return { code: ErrorCode.Ok, msg: MSG.newsletterOff };
    });
    scope.get(ONE_CLICK_PATH, async (request, reply) =>
      reply.redirect(`${config.publicOrigins.desktop}${href.unsubscribe(tokenOf(request.query))}`),
    );
  });
}
