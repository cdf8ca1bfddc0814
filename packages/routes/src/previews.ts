import type { ResourceKind } from '@portal/api-client/admin-resources';
import {
  HOME_PATH,
  RECRUIT_PATH,
  activityFormPath,
  partnerPath,
  topicPath,
  videoPath,
  whitePaperPath,
} from './table';

/**
 * The back office's preview link of each kind the public pages show: a page that shows every
 * record of the kind (`page`), or one record's own page from its key (`record`). Built from the
 * route table's builders, never from text templates, so a preview cannot name a page no app serves
 * (issue 23 item 13). Kept here, not in the declarations: the route table depends on the API
 * contract, not the other way round.
 */
export type ResourcePreview = { page: string } | { record: (id: string) => string };

export const RESOURCE_PREVIEWS: Readonly<Partial<Record<ResourceKind, ResourcePreview>>> = {
  banners: { page: HOME_PATH },
  ads: { page: HOME_PATH },
  blocks: { page: HOME_PATH },
  topics: { record: topicPath },
  videos: { record: videoPath },
  'white-papers': { record: whitePaperPath },
  forms: { record: activityFormPath },
  partners: { record: partnerPath },
  jobs: { page: RECRUIT_PATH },
};

/**
 * The preview path of a kind: its page, or the page of the record keyed `id` (null without one, or
 * for a kind no public page shows).
 */
export function previewPath(kind: ResourceKind, id?: string | number | null): string | null {
  const preview = RESOURCE_PREVIEWS[kind];
  if (!preview) return null;
  if ('page' in preview) return preview.page;
  return id === undefined || id === null || id === '' ? null : preview.record(String(id));
}
