import type { FastifyInstance } from 'fastify';
import { string, type InferType } from 'yup';
import {
  ADMIN_MSG,
  NEWSROOM_LIMITS,
  PUBLICATION_STATUSES,
  articleInputSchema,
  articleSaveSchema,
  pageQuerySchema,
  publishSchema,
  type AdminArticle,
  type AdminArticleSummary,
  type ArticleInput,
  type ArticleSave,
  type Paged,
  type PublishResult,
  type Revision,
  type RevisionSummary,
} from '@portal/api-client/admin';
import * as newsroom from '../../repositories/newsroom';
import {
  AdminHttpError,
  actorOf,
  badInput,
  editConflict,
  idNumber,
  idParams,
  noContent,
  notFound,
  parseTime,
  type IdParams,
} from './http';
import { MSG } from '@portal/api-client/messages';

const listQuery = pageQuerySchema.shape({
  status: string()
    .oneOf([...PUBLICATION_STATUSES, ''], MSG.statusInvalid)
    .optional(),
  category: string().trim().max(50).optional(),
  q: string().trim().max(NEWSROOM_LIMITS.search, `搜索词不能超过${NEWSROOM_LIMITS.search}个字符`).optional(),
  from: string().trim().max(40).optional(),
  to: string().trim().max(40).optional(),
});
const revisionParams = idParams.shape({
  rev: idNumber(1).required(),
});

/** Category id of the form's alias, or 400 naming the field. */
function categoryOf(input: ArticleInput): number {
  const catId = newsroom.categoryIdOf(input.category);
  if (catId === null) throw badInput('分类不存在', 'category');
  return catId;
}

/** /admin/api/articles: the newsroom's articles, from draft to scheduled and published. */
export default async function articleRoutes(app: FastifyInstance) {
  const config = { permission: 'articles' } as const;
  const changed = (id: number) => app.contentChanges.announce({ articles: [id] });

  app.get<{ Querystring: InferType<typeof listQuery> }>(
    '/articles',
    { schema: { querystring: listQuery }, config },
    async (request): Promise<Paged<AdminArticleSummary>> => {
      const { status, category, q, from, to, page, pageSize } = request.query;
      let catId: number | undefined;
      if (category) {
        const id = newsroom.categoryIdOf(category);
        if (id === null) throw badInput('分类不存在', 'category');
        catId = id;
      }
      return newsroom.listArticles(app.database, {
        status: status || undefined,
        catId,
        q: q || undefined,
        from: parseTime(from, 'from'),
        to: parseTime(to, 'to'),
        page,
        pageSize,
      });
    },
  );

  app.post<{ Body: ArticleInput }>(
    '/articles',
    { schema: { body: articleInputSchema }, config, bodyLimit: NEWSROOM_LIMITS.content + 64 * 1024 },
    async (request, reply) => {
      const id = await newsroom.createArticle(
        app.database,
        request.body,
        categoryOf(request.body),
        actorOf(request),
        Date.now(),
      );
      return reply.status(201).send({ id, status: 'draft' });
    },
  );

  app.get<{ Params: IdParams }>(
    '/articles/:id',
    { schema: { params: idParams }, config },
    async (request): Promise<AdminArticle> => {
      const article = await newsroom.getArticle(app.database, request.params.id);
      if (!article) throw notFound();
      return article;
    },
  );

  app.put<{ Params: IdParams; Body: ArticleSave }>(
    '/articles/:id',
    {
      schema: { params: idParams, body: articleSaveSchema },
      config,
      bodyLimit: NEWSROOM_LIMITS.content + 64 * 1024,
    },
    async (request): Promise<AdminArticle> => {
      const { id } = request.params;
      const { version, ...input } = request.body;
      const saved = await newsroom.updateArticle(
        app.database,
        id,
        input,
        categoryOf(input),
        actorOf(request),
        Date.now(),
        {
          expected: version,
        },
      );
      if (saved === 'not_found') throw notFound();
      if ('conflict' in saved) throw editConflict(saved.conflict, version ?? 0);
      await changed(id);
      return (await newsroom.getArticle(app.database, id)) as AdminArticle;
    },
  );

  app.delete<{ Params: IdParams }>(
    '/articles/:id',
    { schema: { params: idParams }, config },
    async (request, reply) => {
      if (!(await newsroom.deleteArticle(app.database, request.params.id, actorOf(request), Date.now())))
        throw notFound();
      await changed(request.params.id);
      return noContent(reply);
    },
  );

  app.post<{ Params: IdParams; Body: InferType<typeof publishSchema> }>(
    '/articles/:id/publish',
    { schema: { params: idParams, body: publishSchema }, config },
    async (request): Promise<PublishResult> => {
      const now = Date.now();
      const at = parseTime(request.body.at, 'at') ?? null;
      if (at !== null && at <= now - 60_000) throw badInput(ADMIN_MSG.publishAtPast, 'at');
      const outcome = await newsroom.publishArticle(
        app.database,
        request.params.id,
        at,
        actorOf(request),
        now,
      );
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'already_published')
        throw new AdminHttpError(409, '文章已发布；如需定时发布，请先下线');
      if (outcome.status === 'published') await changed(request.params.id);
      return outcome;
    },
  );

  app.post<{ Params: IdParams }>(
    '/articles/:id/unpublish',
    { schema: { params: idParams }, config },
    async (request): Promise<{ id: number; status: string }> => {
      const status = await newsroom.unpublishArticle(
        app.database,
        request.params.id,
        actorOf(request),
        Date.now(),
      );
      if (status === null) throw notFound();
      await changed(request.params.id);
      return { id: request.params.id, status };
    },
  );

  /** 下线时间: `at` in the future takes the article offline then; empty clears it. */
  app.post<{ Params: IdParams; Body: InferType<typeof publishSchema> }>(
    '/articles/:id/unpublish-at',
    { schema: { params: idParams, body: publishSchema }, config },
    async (request): Promise<AdminArticle> => {
      const { id } = request.params;
      const now = Date.now();
      const at = parseTime(request.body.at, 'at') ?? null;
      const article = await newsroom.getArticle(app.database, id);
      if (!article) throw notFound();
      const publishAt = article.publishAt === null ? now : Date.parse(article.publishAt);
      if (at !== null && (at <= now || at <= publishAt)) throw badInput(ADMIN_MSG.unpublishAtPast, 'at');
      const outcome = await newsroom.setUnpublishAt(app.database, id, at, actorOf(request), now);
      if (outcome === 'not_found') throw notFound();
      if (outcome === 'not_public') throw new AdminHttpError(409, ADMIN_MSG.unpublishAtNotPublic);
      return (await newsroom.getArticle(app.database, id)) as AdminArticle;
    },
  );

  app.get<{ Params: IdParams }>(
    '/articles/:id/revisions',
    { schema: { params: idParams }, config },
    async (request): Promise<RevisionSummary[]> => {
      if (!(await newsroom.getArticle(app.database, request.params.id))) throw notFound();
      return newsroom.listRevisions(app.database, request.params.id);
    },
  );

  app.get<{ Params: InferType<typeof revisionParams> }>(
    '/articles/:id/revisions/:rev',
    { schema: { params: revisionParams }, config },
    async (request): Promise<Revision> => {
      const revision = await newsroom.getRevision(app.database, request.params.id, request.params.rev);
      if (!revision) throw notFound();
      return revision;
    },
  );

  /** Restoring saves the old version as a new revision (history is never rewritten). */
  app.post<{ Params: InferType<typeof revisionParams> }>(
    '/articles/:id/revisions/:rev/restore',
    { schema: { params: revisionParams }, config },
    async (request): Promise<AdminArticle> => {
      const { id, rev } = request.params;
      const revision = await newsroom.getRevision(app.database, id, rev);
      if (!revision) throw notFound();
      const input = articleInputSchema.validateSync(revision.article, { stripUnknown: true });
      await newsroom.updateArticle(app.database, id, input, categoryOf(input), actorOf(request), Date.now(), {
        action: `restore:${rev}`,
      });
      await changed(id);
      return (await newsroom.getArticle(app.database, id)) as AdminArticle;
    },
  );
}
