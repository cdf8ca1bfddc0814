import { ARTICLE_CONTENT_MAX_BYTES, ArticleStatus, FIELD_MAX, Flag, TITLE_MAX } from '../constants';
import { MSG, TEXT } from '../messages';
import type { EntityField, EntityInput, EntityRecord } from './field';

/**
 * A column article (专栏文章, spec section 4): what a member writes in their column, declared once.
 * The contract's ColumnArticle and its payload, the article form's rules (formik and the server)
 * and the repository's columns and row mapping come from this list. Fields are in the order the
 * rules check them (with abortEarly the server reports the last failing one).
 */

const SELF = ['self'] as const;
/** Written by the member on the new-article form and when editing it. */
const WRITTEN = { read: SELF, create: SELF, update: SELF } as const;
/** The texts the member writes, which the editors read in the review queue (PendingColumnArticle). */
const REVIEWED = { ...WRITTEN, read: ['self', 'office'] } as const;

export const COLUMN_ARTICLE_FIELDS = [
  { name: 'id', label: TEXT.articleId, type: 'number', read: SELF },
  {
    name: 'title',
    label: '文章标题',
    type: 'text',
    required: true,
    max: TITLE_MAX,
    ...REVIEWED,
    screened: true,
    messages: { required: MSG.titleRequired, tooLong: MSG.titleTooLong },
  },
  {
    name: 'content',
    label: '文章内容',
    type: 'richtext',
    required: true,
    maxBytes: ARTICLE_CONTENT_MAX_BYTES,
    ...REVIEWED,
    screened: true,
    messages: { required: MSG.contentRequired, tooLong: MSG.contentTooLong },
  },
  {
    name: 'channel',
    label: '频道',
    type: 'select',
    optionList: 'space_channel',
    required: true,
    ...WRITTEN,
    messages: { required: MSG.channelRequired },
  },
  {
    name: 'category',
    label: '分类',
    type: 'select',
    optionList: 'space_category',
    required: true,
    ...WRITTEN,
    messages: { required: MSG.categoryRequired },
  },
  {
    name: 'is_push',
    label: '是否推送',
    type: 'select',
    options: [
      { value: Flag.No, label: '否' },
      { value: Flag.Yes, label: '是' },
    ],
    required: true,
    default: Flag.No,
    ...WRITTEN,
    messages: { required: MSG.isPushRequired, invalid: MSG.isPushRequired },
  },
  {
    name: 'description',
    label: '描述',
    type: 'textarea',
    max: FIELD_MAX.description,
    default: '',
    ...REVIEWED,
    screened: true,
    messages: { tooLong: MSG.descriptionTooLong },
  },
  {
    name: 'keyword',
    label: '关键词',
    type: 'text',
    format: 'keywords',
    max: FIELD_MAX.keyword,
    default: '',
    ...REVIEWED,
    screened: true,
    messages: { tooLong: MSG.keywordTooLong },
  },
  // Its column's default: a new row is an unsubmitted draft (the API always writes it).
  { name: 'status', label: '审核状态', type: 'number', default: ArticleStatus.Unreviewed, read: SELF },
  // The status as the member list shows it (未审核, 待审核 …), worked out from `status`.
  { name: 'showStatus', label: '状态', type: 'text', read: SELF, stored: false },
  /** The editor's reason, for a rejected article only. */
  { name: 'refuse', label: TEXT.refusal, type: 'text', read: SELF },
  { name: 'created_at', label: TEXT.createdAt, type: 'datetime', read: SELF },
] as const satisfies readonly EntityField[];

/** A member's column article as space_list and space_edit_article answer it. */
export type ColumnArticle = EntityRecord<typeof COLUMN_ARTICLE_FIELDS, 'self'> & {
  /** The member's list only (issue 25): views of the published article, 0 before it is published. */
  views?: number;
};

/** space_add_article / space_update_article: the article as the member writes it. */
export type ColumnArticlePayload = EntityInput<typeof COLUMN_ARTICLE_FIELDS, 'create', 'self'> & {
  /** 1 keeps the article as an unsubmitted draft (status 0); otherwise it goes to review (status 1). */
  draft?: 0 | 1;
};
