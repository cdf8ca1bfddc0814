import { describe, expect, expectTypeOf, it } from 'vitest';
import { object, ValidationError } from 'yup';
import {
  ADMIN_MSG,
  articleInputSchema,
  NEWSROOM_LIMITS,
  type AdminArticle,
  type AdminArticleSummary,
  type ArticleInput,
} from '../admin';
import type { ArticleDetail, ListItem } from '../contract';
import { ARTICLE_FIELDS, ARTICLE_FORM_ORDER, ARTICLE_ITEM_FIELDS, type ArticleForm } from './article';
import { columnsFor, fromRow, officeFromRow, officeToRow, writtenColumns } from './derive';
import type { EntityField, EntityRecord, OfficeForm } from './field';
import { officeFields, officeShape } from './office';

/**
 * The article's records are fixed by the spec (section 3) and DESIGN.md section 10: pinned here as
 * sample records in the order of the API's answers, from entities/article.ts. A second part adds a
 * field to a copy of the declaration and finds it in every derived piece.
 */

const item = {
  id: 12,
  title: '标题',
  description: '摘要',
  url: '/AI/12',
  thumb: '/uploads/a.jpg',
  keyword: 'AI,云',
  created_at: '2026-01-02 09:30',
};

const page = {
  ...item,
  updated_at: '2026-01-03 10:00',
  author: '张记者',
  adminName: '编辑甲',
  source_name: '本站原创',
  content: '<p>正文</p>',
  cat_id: 2,
  cat_name: '人工智能',
  cat_alias: 'AI',
  pv: 42,
};

/** A stored row of the sample page: its columns, flags as 0/1, times as epoch ms. */
const row = {
  ...Object.fromEntries(
    columnsFor(ARTICLE_FIELDS, 'public').map((c) => [c, (page as Record<string, unknown>)[c]]),
  ),
  created_at: 0,
  updated_at: null,
  is_hot: 1,
  is_recommend: 0,
  is_policy: '1',
  is_pic: 0,
};

const worked = {
  url: page.url,
  created_at: page.created_at,
  updated_at: page.updated_at,
  adminName: page.adminName,
  cat_name: page.cat_name,
  cat_alias: page.cat_alias,
};

describe("the article's records", () => {
  it('list item: the spec record, in the order of the answers', () => {
    expectTypeOf<Omit<ListItem, 'keys'>>().toEqualTypeOf<typeof item>();
    expect(columnsFor(ARTICLE_ITEM_FIELDS, 'public')).toEqual([
      'id',
      'title',
      'description',
      'thumb',
      'keyword',
      'created_at',
    ]);
    const read = fromRow(ARTICLE_ITEM_FIELDS, 'public', { ...row, id: '12' }, worked);
    expect(read).toStrictEqual(item);
    expect(Object.keys(read)).toEqual(Object.keys(item));
  });

  it("article page: the list item's fields, then the page's own", () => {
    type Page = Omit<ArticleDetail, 'seo' | 'prev' | 'next'>;
    expectTypeOf<Page>().toEqualTypeOf<typeof page>();
    const read = fromRow(ARTICLE_FIELDS, 'public', row, worked);
    expect(read).toStrictEqual(page);
    expect(Object.keys(read)).toEqual(Object.keys(page));
    // Worked out on read, never selected.
    for (const name of ['url', 'adminName', 'cat_name', 'cat_alias']) {
      expect(columnsFor(ARTICLE_FIELDS, 'public')).not.toContain(name);
    }
  });

  it("back office: the form's fields by its names, flags as booleans both ways", () => {
    const form = {
      title: '标题',
      content: '<p>正文</p>',
      description: '摘要',
      keywords: 'AI,云',
      author: '张记者',
      source: '本站原创',
      thumb: '/uploads/a.jpg',
      is_hot: true,
      is_recommend: false,
      is_policy: true,
      is_pic: false,
    };
    expectTypeOf<ArticleForm>().toEqualTypeOf<typeof form>();
    expectTypeOf<Omit<ArticleInput, 'category'>>().toEqualTypeOf<typeof form>();
    expectTypeOf<AdminArticle>().toMatchTypeOf<typeof form>();
    // The newsroom list's row: the article's own fields as the back office reads them.
    expectTypeOf<
      Pick<AdminArticleSummary, 'id' | 'title' | 'author' | 'is_hot' | 'is_recommend'>
    >().toEqualTypeOf<
      Pick<
        EntityRecord<typeof ARTICLE_FIELDS, 'office'>,
        'id' | 'title' | 'author' | 'is_hot' | 'is_recommend'
      >
    >();
    expectTypeOf<AdminArticleSummary['is_hot']>().toEqualTypeOf<boolean>();
    const read = officeFromRow(ARTICLE_FIELDS, 'update', row, ARTICLE_FORM_ORDER);
    expect(read).toStrictEqual({ ...form, title: page.title, thumb: page.thumb });
    expect(Object.keys(read)).toEqual(Object.keys(form));
    expect(officeToRow(ARTICLE_FIELDS, 'update', form)).toMatchObject({
      keyword: 'AI,云',
      source_name: '本站原创',
      is_hot: 1,
      is_recommend: 0,
    });
    expect(writtenColumns(ARTICLE_FIELDS, 'update')).not.toContain('pv');
  });

  it("the form's rules: its order, messages and limits as the back office has always had them", () => {
    expect(Object.keys(articleInputSchema.fields)).toEqual([
      'title',
      'category',
      'content',
      'description',
      'keywords',
      'author',
      'source',
      'thumb',
      'is_hot',
      'is_recommend',
      'is_policy',
      'is_pic',
    ]);
    expect(NEWSROOM_LIMITS).toMatchObject({
      title: 80,
      description: 500,
      keywords: 200,
      author: 50,
      source: 50,
    });
    const problem = (input: object) => {
      try {
        articleInputSchema.validateSync({ title: 't', category: 'AI', content: 'c', ...input });
      } catch (err) {
        if (err instanceof ValidationError) return err.message;
        throw err;
      }
      return '';
    };
    expect(problem({ title: '  ' })).toBe(ADMIN_MSG.titleRequired);
    expect(problem({ title: 'x'.repeat(81) })).toBe('标题不能超过80个字符');
    expect(problem({ source: 'x'.repeat(51) })).toBe('来源不能超过50个字符');
    expect(problem({ is_pic: 'yes' })).toBe('图片头条标记必须是 true 或 false');
    expect(articleInputSchema.validateSync({ title: ' t ', category: 'AI', content: ' c ' })).toMatchObject({
      title: 't',
      content: ' c ',
      keywords: '',
      is_hot: false,
    });
  });
});

/** A new optional field (a subtitle), as an entity module would declare it. */
const SUBTITLE = {
  name: 'sub_title',
  label: '副标题',
  type: 'text',
  max: 60,
  default: '',
  read: ['public', 'office'],
  create: ['office'],
  update: ['office'],
} as const satisfies EntityField;

/** A copy of the declaration with the subtitle after the title. */
const WITH_SUBTITLE = ARTICLE_FIELDS.flatMap(
  (f): (typeof ARTICLE_FIELDS)[number][] | [typeof f, typeof SUBTITLE] =>
    f.name === 'title' ? [f, SUBTITLE] : [f],
);

describe('a field added to the declaration', () => {
  it('shows up in the record, the columns, the form, its rules and the back office fields', () => {
    expectTypeOf<EntityRecord<typeof WITH_SUBTITLE, 'public'>>().toHaveProperty('sub_title');
    expectTypeOf<OfficeForm<typeof WITH_SUBTITLE, 'update'>>().toHaveProperty('sub_title');
    expect(Object.keys(fromRow(WITH_SUBTITLE, 'public', { ...row, sub_title: '副' }, worked))).toEqual([
      'id',
      'title',
      'sub_title',
      ...Object.keys(page).slice(2),
    ]);
    expect(columnsFor(WITH_SUBTITLE, 'public')).toContain('sub_title');
    expect(writtenColumns(WITH_SUBTITLE, 'update')).toContain('sub_title');
    const rules = object(officeShape(WITH_SUBTITLE, 'update'));
    expect(Object.keys(rules.fields)).toContain('sub_title');
    expect(() => rules.validateSync({ title: 't', content: 'c', sub_title: 'x'.repeat(61) })).toThrow(
      '副标题不能超过60个字符',
    );
    expect(officeFields(WITH_SUBTITLE).map((f) => f.name)).toContain('sub_title');
    // The back office's own names: the form sends `keywords` for the keyword column.
    expect(officeFields(ARTICLE_FIELDS).map((f) => f.name)).toContain('keywords');
  });
});
