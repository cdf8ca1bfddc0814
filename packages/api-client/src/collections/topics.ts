import { TOPIC_PAGE } from '../constants';
import {
  area,
  categoryField,
  categoryFilter,
  EDITORIAL,
  flagField,
  image,
  link,
  RESOURCE_LIMITS,
  type ResourceDecl,
  searchFilter,
  title,
} from './fields';
import { TEXT } from '../messages';

/** Topics: a curated list of articles with its own page, or a link elsewhere. */
export const topics = {
  kind: 'topics',
  label: '专题',
  idField: 'id',
  fields: [
    {
      name: 'kind',
      label: '类型',
      type: 'select',
      options: [
        { value: 'featured', label: TEXT.featuredTopics },
        { value: 'special', label: '专题报道' },
      ],
      required: true,
      default: 'special',
    },
    categoryField(),
    title(),
    area('description', '简介', 500),
    image('thumb', '封面'),
    {
      ...link('url', '外部链接', false),
      help: `留空：专题列表链接到本站专题页 ${TOPIC_PAGE}/{编号}；填写则链接到该地址（站内路径或 http(s) 地址）`,
    },
    { name: 'articles', label: '专题文章', type: 'articles', max: RESOURCE_LIMITS.articles },
    flagField('published', '发布', true),
  ],
  columns: ['thumb', 'title', 'kind', 'cat_id', 'published', 'created_at'],
  filters: [categoryFilter, searchFilter],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
