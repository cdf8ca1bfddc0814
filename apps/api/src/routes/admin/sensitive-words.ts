import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { object, string, type InferType } from 'yup';
import { NEWSROOM_LIMITS, ADMIN_MSG } from '@portal/api-client/admin';
import {
  SENSITIVE_LEVELS,
  SENSITIVE_LIMITS,
  type SensitiveHitView,
  type SensitiveImportReport,
} from '@portal/api-client/admin-resources';
import { recordAudit } from '../../repositories/audit';
import { LEVEL_INVALID, exportWords, importWords } from '../../repositories/sensitive-words';
import { writeTxDb } from '../../repositories/write-tx';
import { actorOf, badInput } from './http';
import { MSG } from '@portal/api-client/messages';

const importQuery = object({
  level: string()
    .oneOf([...SENSITIVE_LEVELS], LEVEL_INVALID)
    .default('block'),
});

const checkBody = object({
  title: string().typeError(MSG.titleInvalid).max(1000, '标题过长').default(''),
  description: string().typeError('摘要不正确').max(10_000, '摘要过长').default(''),
  content: string()
    .typeError('正文不正确')
    .max(NEWSROOM_LIMITS.content, ADMIN_MSG.contentTooLong)
    .default(''),
});

/**
 * The sensitive-word dictionary's own calls beside its generic resource routes (issue 26): import
 * and export of one word per line (admins), and the check the article editor runs to warn an
 * editor before publishing (editors' own articles are never refused).
 */
export default async function sensitiveWordRoutes(app: FastifyInstance) {
  const db = app.database;

  // text/plain: the file's text as it is (any other body type is refused by the check below).
  app.post<{ Querystring: InferType<typeof importQuery>; Body: unknown }>(
    '/sensitive-words/import',
    {
      schema: { querystring: importQuery },
      config: { resource: { kind: 'sensitive-words', access: 'write' } },
      bodyLimit: SENSITIVE_LIMITS.importBytes,
    },
    async (request): Promise<SensitiveImportReport> => {
      const body = request.body;
      if (typeof body !== 'string') throw badInput('请以纯文本（text/plain）上传，每行一个敏感词', 'file');
      let lines = 1;
      for (let i = body.indexOf('\n'); i >= 0; i = body.indexOf('\n', i + 1)) {
        if (++lines > SENSITIVE_LIMITS.importLines)
          throw badInput(`一次最多导入 ${SENSITIVE_LIMITS.importLines} 行，请分批导入`, 'file');
      }
      const now = Date.now();
      const report = await importWords(db, body, request.query.level, now);
      await writeTxDb(db, (tx) =>
        recordAudit(
          tx.db,
          {
            ...actorOf(request),
            action: 'import',
            entity: 'sensitive-words',
            entityId: report.added,
            detail: `新增 ${report.added}，保留 ${report.kept}，拒绝 ${report.refused}`,
          },
          now,
        ),
      );
      if (report.added > 0) await app.contentChanges.announce();
      return report;
    },
  );

  app.get(
    '/sensitive-words/export',
    { config: { resource: { kind: 'sensitive-words', access: 'read' } } },
    async (request, reply) => {
      await writeTxDb(db, (tx) =>
        recordAudit(
          tx.db,
          { ...actorOf(request), action: 'export', entity: 'sensitive-words', entityId: '' },
          Date.now(),
        ),
      );
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sensitive-words.txt"')
        .send(Readable.from(exportWords(db)));
    },
  );

  app.post<{ Body: InferType<typeof checkBody> }>(
    '/sensitive-words/check',
    {
      schema: { body: checkBody },
      config: { permission: 'articles' },
      bodyLimit: NEWSROOM_LIMITS.content + 64 * 1024,
    },
    async (request): Promise<{ hits: SensitiveHitView[] }> => {
      const { title, description, content } = request.body;
      const hits = await app.moderation.inspect([
        { name: 'title', text: title },
        { name: 'description', text: description },
        { name: 'content', text: content, html: true },
      ]);
      return { hits };
    },
  );
}
