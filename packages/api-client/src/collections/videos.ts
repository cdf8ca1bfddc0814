import { VIDEO_FIELDS } from '../entities/video';
import { officeFields } from '../entities/office';
import { playerProblem } from '../players';
import { categoryFilter, EDITORIAL, type ResourceDecl, searchFilter } from './fields';

/** Videos (entities/video.ts): an embedded player (its host checked by `playerProblem`) or an mp4. */
export const videos = {
  kind: 'videos',
  label: '视频',
  idField: 'id',
  fields: officeFields(VIDEO_FIELDS, [
    'title',
    'video_type',
    'cat_id',
    'url',
    'iframe',
    'thumb',
    'list_thumb',
    'index_thumb',
    'keyword',
    'description',
    'is_top',
  ]),
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
