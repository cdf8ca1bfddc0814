import { area, categoryField, flagField, image, RESOURCE_LIMITS, text, title } from '../collections/fields';
import { SECTION_ID, VideoType } from '../constants';
import { PLAYER_HOSTS_MESSAGE } from '../players';
import { CREATED_FIELD, EDITED, EDITED_UNSHOWN, ID_FIELD } from './common';
import type { EntityField, EntityRecord } from './field';

/**
 * A video (spec section 3): an embedded player (its host checked by `playerProblem`) or an
 * uploaded mp4, declared once. The contract's Video, the videos repository's columns and row
 * mapping and the back office's video fields come from this list. Fields are in the order of the
 * API's answers; the back office's form has its own order (collections/videos.ts).
 */
export const VIDEO_FIELDS = [
  ID_FIELD,
  { ...title(), ...EDITED },
  {
    name: 'url',
    label: '视频文件 / 播放页地址',
    type: 'file',
    accept: 'video/mp4',
    max: RESOURCE_LIMITS.url,
    required: true,
    ...EDITED,
  },
  { ...image('thumb', '封面（海报）'), ...EDITED },
  { ...image('list_thumb', '列表图'), ...EDITED },
  { ...image('index_thumb', '首页图'), ...EDITED },
  {
    name: 'video_type',
    label: '类型',
    type: 'select',
    options: [
      { value: VideoType.Embed, label: '嵌入播放器（iframe）' },
      { value: VideoType.File, label: '上传 mp4' },
    ],
    required: true,
    default: VideoType.Embed,
    ...EDITED,
  },
  {
    ...area('iframe', '播放器代码', RESOURCE_LIMITS.text),
    ...EDITED,
    office: { help: PLAYER_HOSTS_MESSAGE },
  },
  { ...text('keyword', '关键词', 200), ...EDITED },
  { ...area('description', '简介', 500), ...EDITED },
  CREATED_FIELD,
  { ...categoryField(SECTION_ID.video), ...EDITED_UNSHOWN },
  { ...flagField('is_top', '视频学院推荐'), ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** A video as the public calls answer it (video_detail, get_school, mvideo_list …). */
export type Video = EntityRecord<typeof VIDEO_FIELDS, 'public'>;
