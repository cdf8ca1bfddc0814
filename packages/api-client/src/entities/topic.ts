import { area, categoryField, flagField, image, link, RESOURCE_LIMITS, title } from '../collections/fields';
import { TOPIC_PAGE } from '../constants';
import { TEXT } from '../messages';
import { CREATED_FIELD, EDITED, EDITED_UNSHOWN, ID_FIELD, SHOWN } from './common';
import type { EntityField } from './field';

/**
 * A topic (专题): a curated list of articles with its own page, or a link elsewhere, declared
 * once. The lists answer it as a list item (the contract's ListItem; TopicDetail adds its
 * articles); the topics repository's columns and row mapping and the back office's topic fields
 * come from this list. Fields are in the order of the API's answers; the back office's form has its
 * own order (collections/topics.ts).
 */
export const TOPIC_FIELDS = [
  ID_FIELD,
  { ...title(), ...EDITED },
  { ...area('description', '简介', 500), ...EDITED },
  {
    // Read as the topic's page (href.topic) when left empty.
    ...link('url', '外部链接', false),
    ...EDITED,
    office: {
      help: `留空：专题列表链接到本站专题页 ${TOPIC_PAGE}/{编号}；填写则链接到该地址（站内路径或 http(s) 地址）`,
    },
  },
  { ...image('thumb', '封面'), ...EDITED },
  // A list item's keywords: a topic has none.
  { name: 'keyword', label: '关键词', type: 'text', ...SHOWN, stored: false },
  CREATED_FIELD,
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
    ...EDITED_UNSHOWN,
  },
  { ...categoryField(), ...EDITED_UNSHOWN },
  // The editor's picks, in order (JSON text of article ids); TopicDetail lists them.
  { name: 'articles', label: '专题文章', type: 'articles', max: RESOURCE_LIMITS.articles, ...EDITED_UNSHOWN },
  // Readers see published topics only (migration 008).
  { ...flagField('published', '发布', true), ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];
