import { VIDEO_FIELDS } from '../entities/video';
import { officeFields } from '../entities/office';
import { playerProblem } from '../players';
import { fieldNamed } from '../entities/derive';
import { categoryFilter, EDITORIAL, type ResourceDecl, searchFilter, selectFilter } from './fields';

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
  filters: [categoryFilter, selectFilter(fieldNamed(VIDEO_FIELDS, 'video_type')), searchFilter],
  searchFields: ['title'],
  ...EDITORIAL,
  check: playerProblem,
} as const satisfies ResourceDecl;
