import type { FastifyInstance } from 'fastify';
import type { AnySchema } from 'yup';
import { ErrorCode } from '@portal/api-client/codes';
import { endpoints, type Payload } from '@portal/api-client/contract';
import { payloadSchemas } from '@portal/api-client/payloads';
import { ApiError } from '../../lib/envelope';
import { isValidKey } from '../../lib/storage';
import { getWhitePaperFile } from '../../repositories/media';
import { MSG } from '@portal/api-client/messages';

/**
 * The store key of a stored path such as `/private/white-papers/paper-2.pdf`, or null when it is
 * not a PDF under private/ or uploads/ (a bad row must not open other files).
 */
export function paperFileKey(stored: string): string | null {
  if (!stored.startsWith('/') || !stored.toLowerCase().endsWith('.pdf')) return null;
  const key = stored.slice(1);
  return isValidKey(key) ? key : null;
}

/** `inline; filename="white-paper-2.pdf"; filename*=UTF-8''2026%E4%BA%91...pdf` (RFC 6266 / 5987). */
export function pdfDisposition(id: number, title: string): string {
  const ascii = `white-paper-${id}.pdf`;
  const printable = [...title].map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' ? ' ' : c)).join('');
  const clean =
    printable
      .replace(/["\\/:*?<>|]+/g, ' ')
      .trim()
      .slice(0, 100) || `white-paper-${id}`;
  const utf8 = encodeURIComponent(`${clean}.pdf`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * white_paper_file {id}: the PDF itself, to a logged-in member only (the auth plugin answers 10001
 * before this runs). Paid papers have no public copy; a free one is served too, being public anyway.
 */
export default async function whitePaperFileRoute(app: FastifyInstance) {
  const spec = endpoints.white_paper_file;
  const schema = payloadSchemas.white_paper_file as AnySchema;
  app.route({
    method: spec.method,
    url: '/api/white_paper_file',
    schema: spec.method === 'GET' ? { querystring: schema } : { body: schema },
    config: { call: 'white_paper_file', access: spec.access },
    handler: async (request, reply) => {
      const { id } = (spec.method === 'GET' ? request.query : request.body) as Payload<'white_paper_file'>;
      const paper = await getWhitePaperFile(app.database, id);
      if (!paper) throw new ApiError(ErrorCode.NotFound, MSG.paperNotFound);
      const key = paperFileKey(paper.path);
      const file = key ? await app.fileStore.get(key) : null;
      if (!file) throw new ApiError(ErrorCode.NotFound, '白皮书文件不存在');
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-length', file.length)
          .header('content-disposition', pdfDisposition(paper.id, paper.title))
          // Member-only bytes: never kept by shared caches, never sniffed as anything else.
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream)
      );
    },
  });
}
