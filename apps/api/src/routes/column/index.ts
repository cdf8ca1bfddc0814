import type { FastifyInstance } from 'fastify';
import { number, object, string, type InferType } from 'yup';
import { ErrorCode } from '@portal/api-client/codes';
import {
  ARTICLE_MAX_NESTING,
  ArticleStatus,
  ColumnStatus,
  EDITOR_UPLOAD_MAX_BYTES,
  FIELD_MAX,
  MAX_ID,
  PAGE_SIZE,
} from '@portal/api-client/constants';
import { columnSpace } from '@portal/api-client/entities/column';
import { paged } from '@portal/api-client/payloads';
import { columnArticleSchema, isEditorEmpty, MSG } from '@portal/api-client/schemas';
import type { ApiConfig } from '../../config';
import { ARTICLE_BODY_LIMIT } from '../../lib/body-limits';
import { nestsDeeperThan } from '../../lib/html-depth';
import { ApiError } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { htmlText, storedHtml } from '../../lib/sanitize';
import { EDITOR_SIZE_MSG, storeEditorFile } from '../../lib/uploads';
import * as columns from '../../repositories/columns';
import * as members from '../../repositories/members';
import type { Screened } from '../../plugins/moderation';
import { defineSchemaCall } from '../define-call';
import { memberOf } from '../member/call';
import { registerUpload } from '../member';
import { recordUpload } from '../../repositories/media-library';
import { TEXT } from '@portal/api-client/messages';

const id = (label: string) =>
  number()
    .typeError(`${label}不正确`)
    .integer(`${label}不正确`)
    .min(1, `${label}不正确`)
    .max(MAX_ID, `${label}不正确`)
    .required(`${label}不能为空`);

/**
 * Article payload: the shared rules, plus `draft` (1 = keep as unsubmitted draft, status 0;
 * otherwise the article goes to editor review, status 1).
 */
const articleSchema = columnArticleSchema.shape({
  draft: number().oneOf([0, 1], '草稿标记不正确').default(0),
});

export interface ColumnRoutesOptions {
  config: ApiConfig;
  now?: () => number;
}

/** A member's column: application, channels/categories, own articles (CRUD), editor uploads. */
export default async function columnRoutes(app: FastifyInstance, opts: ColumnRoutesOptions): Promise<void> {
  const now = opts.now ?? (() => Date.now());

  async function requireApprovedColumn(memberId: number): Promise<void> {
    const state = await columns.columnState(app.database, memberId);
    if (!state) throw new ApiError(ErrorCode.SessionInvalid);
    if (state.column_status !== ColumnStatus.Approved)
      throw new ApiError(ErrorCode.Forbidden, '您的专栏尚未开通，暂不能发布文章');
  }

  /**
   * Validates channel/category, sanitises the body and screens the texts for sensitive words (a
   * `block` word refuses, `mask` words are replaced): the stored fields of an article, and the
   * screening to file against it once written.
   */
  async function articleFields(
    memberId: number,
    payload: InferType<typeof articleSchema>,
  ): Promise<{ fields: columns.ArticleFields; screened: Screened }> {
    if (!(await columns.categoryBelongsTo(app.database, payload.category, payload.channel))) {
      throw new ApiError(ErrorCode.Validation, MSG.categoryRequired);
    }
    // Checked before parsing: the parser's cost grows with depth (lib/html-depth.ts).
    if (nestsDeeperThan(payload.content, ARTICLE_MAX_NESTING)) {
      throw new ApiError(ErrorCode.Validation, MSG.contentTooDeep);
    }
    const stored = storedHtml(payload.content);
    // What survives sanitising must still be content: '<script>…</script>' alone is an empty article.
    if (isEditorEmpty(stored.content)) throw new ApiError(ErrorCode.Validation, MSG.contentRequired);
    const screened = await app.moderation.screen({
      source: 'column-article',
      actor: `member:${memberId}`,
      fields: [
        { name: 'title', text: payload.title },
        { name: 'description', text: htmlText(payload.description) },
        { name: 'keyword', text: htmlText(payload.keyword) },
        { name: 'content', text: stored.content, html: true },
      ],
    });
    const text = screened.values;
    return {
      fields: {
        title: text.title!,
        channel: payload.channel,
        category: payload.category,
        ...stored,
        content: text.content!,
        description: text.description!,
        keyword: text.keyword!,
        is_push: payload.is_push,
        // Always to the editors' queue (with its hits shown there) unless kept as a draft.
        status: payload.draft === 1 ? ArticleStatus.Unreviewed : ArticleStatus.Pending,
      },
      screened,
    };
  }

  defineSchemaCall(app, 'check_space', object({ id: id(TEXT.memberId) }), async (payload, request) => {
    const memberId = memberOf(request);
    if (payload.id !== memberId) throw new ApiError(ErrorCode.Forbidden);
    const state = await columns.columnState(app.database, memberId);
    if (!state) throw new ApiError(ErrorCode.SessionInvalid);
    return ok(columnSpace(state));
  });

  defineSchemaCall(app, 'space_apply', object({ id: id(TEXT.memberId) }), async (payload, request) => {
    const memberId = memberOf(request);
    if (payload.id !== memberId) throw new ApiError(ErrorCode.Forbidden);
    // The application makes the member's name and company a columnist's byline: screened first.
    const profile = await members.findMember(app.database, memberId);
    const screened = await app.moderation.screen({
      source: 'column-apply',
      actor: `member:${memberId}`,
      fields: [
        { name: 'username', text: profile?.username ?? '' },
        { name: 'company', text: profile?.company ?? '' },
      ],
    });
    if (!(await columns.applyForColumn(app.database, memberId, now()))) {
      const state = await columns.columnState(app.database, memberId);
      throw new ApiError(
        ErrorCode.Conflict,
        state?.column_status === ColumnStatus.Approved
          ? '您的专栏已开通，无需重复申请'
          : '您的专栏申请正在审核中，请勿重复提交',
      );
    }
    await screened.record(memberId);
    return ok({ status: ColumnStatus.UnderReview }, { msg: '申请已提交，请等待审核' });
  });

  defineSchemaCall(app, 'space_channel', object({}), async () =>
    ok(await columns.listChannels(app.database)),
  );

  defineSchemaCall(app, 'space_category', object({ channel_id: id('频道') }), async (payload) =>
    ok(await columns.listCategories(app.database, payload.channel_id)),
  );

  defineSchemaCall(
    app,
    'space_list',
    object({
      title: string()
        .typeError(MSG.titleInvalid)
        .trim()
        .max(FIELD_MAX.query, `标题不能超过${FIELD_MAX.query}个字符`)
        .default(''),
      // '' (the "all" choice of the filter select) means no status filter.
      status: number()
        .transform((value: number, original: unknown) =>
          original === '' || original === null ? undefined : value,
        )
        .typeError(MSG.statusInvalid)
        .oneOf(
          [ArticleStatus.Unreviewed, ArticleStatus.Pending, ArticleStatus.Approved, ArticleStatus.Rejected],
          MSG.statusInvalid,
        )
        .optional(),
      ...paged(PAGE_SIZE.columnList),
    }),
    async (payload, request) => {
      const memberId = memberOf(request);
      const { list, total } = await columns.listMemberArticles(app.database, memberId, {
        title: payload.title || undefined,
        status: payload.status,
        page: payload.page,
        pageSize: payload.pageSize,
      });
      return ok(list, { total });
    },
  );

  defineSchemaCall(
    app,
    'space_add_article',
    articleSchema,
    async (payload, request) => {
      const memberId = memberOf(request);
      await requireApprovedColumn(memberId);
      const { fields, screened } = await articleFields(memberId, payload);
      const articleId = await columns.insertArticle(app.database, memberId, fields, now());
      await screened.record(articleId);
      return ok(
        { id: articleId },
        {
          msg: fields.status === ArticleStatus.Pending ? '提交成功，等待审核' : '草稿已保存',
        },
      );
    },
    { bodyLimit: ARTICLE_BODY_LIMIT },
  );

  defineSchemaCall(
    app,
    'space_update_article',
    articleSchema.shape({ id: id('文章') }),
    async (payload, request) => {
      const memberId = memberOf(request);
      await requireApprovedColumn(memberId);
      const { fields, screened } = await articleFields(memberId, payload);
      // An edited article goes back to review (or stays a draft); another member's id is "not found".
      if (!(await columns.updateArticle(app.database, memberId, payload.id, fields, now()))) {
        throw new ApiError(ErrorCode.NotFound, MSG.articleNotFound);
      }
      await screened.record(payload.id);
      return ok(null, {
        msg: fields.status === ArticleStatus.Pending ? '修改成功，等待审核' : '草稿已保存',
      });
    },
    { bodyLimit: ARTICLE_BODY_LIMIT },
  );

  defineSchemaCall(app, 'space_edit_article', object({ id: id('文章') }), async (payload, request) => {
    const memberId = memberOf(request);
    await requireApprovedColumn(memberId);
    const article = await columns.findMemberArticle(app.database, memberId, payload.id);
    if (!article) throw new ApiError(ErrorCode.NotFound, MSG.articleNotFound);
    return ok(article);
  });

  defineSchemaCall(app, 'space_delete_article', object({ id: id('文章') }), async (payload, request) => {
    const memberId = memberOf(request);
    await requireApprovedColumn(memberId);
    const deleted = await columns.deleteArticle(app.database, memberId, payload.id, Date.now());
    if (!deleted) throw new ApiError(ErrorCode.NotFound, MSG.articleNotFound);
    // A published copy was just taken down: no process may serve it from a cache.
    if (deleted.taken !== null) await app.contentChanges.announce({ articles: [deleted.taken] });
    return ok(null, { msg: MSG.deleted });
  });

  registerUpload(
    app,
    'space_thumb_upload',
    EDITOR_UPLOAD_MAX_BYTES,
    EDITOR_SIZE_MSG,
    async (file, request) => {
      // Checked again: the column may have been withdrawn while the file was arriving.
      await requireApprovedColumn(memberOf(request));
      const stored = await storeEditorFile(file, app.fileStore, app.imageDecodes, { now: now() });
      await recordUpload(app.database, stored, file.clientName, `member:${memberOf(request)}`, now());
      return ok({ url: stored.url }, { msg: MSG.uploaded });
    },
    // Before the file is read: no column, no bytes on disk.
    requireApprovedColumn,
  );
}
