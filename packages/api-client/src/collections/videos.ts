import { SECTION_ID } from '../constants';
import { PLAYER_HOSTS_MESSAGE, playerProblem } from '../players';
import {
  area,
  categoryField,
  categoryFilter,
  EDITORIAL,
  flagField,
  image,
  RESOURCE_LIMITS,
  type ResourceDecl,
  searchFilter,
  text,
  title,
} from './fields';

/** Videos: an embedded player (its host checked by `playerProblem`) or an uploaded mp4. */
export const videos = {
  kind: 'videos',
  label: '视频',
  idField: 'id',
  fields: [
    title(),
    {
      name: 'video_type',
      label: '类型',
      type: 'select',
      options: [
        { value: 1, label: '嵌入播放器（iframe）' },
        { value: 2, label: '上传 mp4' },
      ],
      required: true,
      default: 1,
    },
    categoryField(SECTION_ID.video),
    {
      name: 'url',
      label: '视频文件 / 播放页地址',
      type: 'file',
      accept: 'video/mp4',
      max: RESOURCE_LIMITS.url,
      required: true,
    },
    { ...area('iframe', '播放器代码', RESOURCE_LIMITS.text), help: PLAYER_HOSTS_MESSAGE },
    image('thumb', '封面（海报）'),
    image('list_thumb', '列表图'),
    image('index_thumb', '首页图'),
    text('keyword', '关键词', 200),
    area('description', '简介', 500),
    flagField('is_top', '视频学院推荐'),
  ],
  columns: ['thumb', 'title', 'video_type', 'cat_id', 'is_top', 'created_at'],
  filters: [
    categoryFilter,
    {
      name: 'video_type',
      label: '类型',
      type: 'select',
      options: [
        { value: 1, label: '嵌入播放器' },
        { value: 2, label: 'mp4' },
      ],
    },
    searchFilter,
  ],
  searchFields: ['title'],
  ...EDITORIAL,
  check: playerProblem,
} as const satisfies ResourceDecl;
