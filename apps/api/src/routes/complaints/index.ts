import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { COMPLAINT_LIMITS } from '@portal/api-client/constants';
import { COMPLAINT_FIELDS } from '@portal/api-client/entities/complaint';
import { writtenBy } from '@portal/api-client/entities/derive';
import type { EntityField } from '@portal/api-client/entities/field';
import { ok } from '@portal/api-client/envelope';
import { MSG } from '@portal/api-client/messages';
import type { ApiConfig } from '../../config';
import { addressKey } from '../../lib/address-key';
import { ApiError } from '../../lib/envelope';
import { defineCall } from '../define-call';
import { sitePage } from '../../lib/site-page';
import { addComplaint } from '../../repositories/complaints';

/**
 * Per address: a reader may well report a few pages in a row, a flood is refused. Counted before
 * anything else (validation aside), so a flood costs no moderation or database work.
 */
export const COMPLAINT_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;

/** The reader's free text (entities/complaint.ts): checked for sensitive words before it is filed. */
const SCREENED = writtenBy<EntityField>(COMPLAINT_FIELDS, 'create', 'public').filter((f) => f.screened);

/** A text the reader sent ('' when left out). */
const textOf = (payload: object, name: string): string => {
  const value = (payload as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

/** Complaints (举报, issue 26): a reader's complaint about a page of this site, queued for editors. */
export default async function complaintRoutes(app: FastifyInstance, { config }: { config: ApiConfig }) {
  const origins = new Set([config.publicOrigins.desktop, config.publicOrigins.mobile]);

  defineCall(app, 'complaint_add', async (payload, request) => {
    const page = sitePage(payload.url, origins);
    if (!page.ok) throw new ApiError(ErrorCode.Validation, MSG.complaintUrlOffSite);
    const address = addressKey(request.ip);
    await app.rateLimit.consume(`complaint:ip:${address}`, COMPLAINT_LIMIT.limit, COMPLAINT_LIMIT.windowMs);
    const screened = await app.moderation.screen({
      source: 'complaint',
      actor: `visitor:${address}`,
      fields: SCREENED.map(({ name }) => ({ name, text: textOf(payload, name) })),
    });
    // Kept as a browser shows it, without the fragment (percent-encoding may lengthen it: clipped).
    page.url.hash = '';
    const id = await addComplaint(
      app.database,
      {
        url: page.url.href.slice(0, COMPLAINT_LIMITS.url),
        article_id: payload.article_id ?? 0,
        reason: payload.reason,
        description: screened.values.description!,
        contact: screened.values.contact!,
        held: screened.held,
      },
      Date.now(),
    );
    await screened.record(id);
    return ok(null, { msg: MSG.complaintSent });
  });
}
