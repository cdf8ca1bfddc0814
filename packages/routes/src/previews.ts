import type { ResourceKind } from '@portal/api-client/admin-resources';
import { href } from './href';

/**
 * The back office's preview link of each kind the public pages show: a page that shows every
 * record of the kind (`page`), or one record's own page from its key (`record`). Built by the
 * route table's builders (`href`), never from text templates, so a preview cannot name a page no
 * app serves (issue 23 item 13). Kept here, not in the declarations: the route table depends on the API
 * contract, not the other way round.
 */
export type ResourcePreview = { page: string } | { record: (id: string) => string };

export const RESOURCE_PREVIEWS: Readonly<Partial<Record<ResourceKind, ResourcePreview>>> = {
  banners: { page: href.home() },
  ads: { page: href.home() },
  blocks: { page: href.home() },
  topics: { record: (id) => href.topic(id) },
  videos: { record: href.video },
  'white-papers': { record: href.whitePaper },
  forms: { record: (id) => href.activityForm(id) },
  partners: { record: href.partner },
  jobs: { page: href.recruit() },
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
