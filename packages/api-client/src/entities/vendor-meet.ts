import { area, image, RESOURCE_LIMITS, text, title } from '../collections/fields';
import { TEXT } from '../messages';
import { EDITED, EDITED_UNSHOWN, SHOWN } from './common';
import type { EntityField, EntityRecord, EntryField, EntryOf, StoredEntryOf } from './field';

/**
 * A vendor landing page (vendor_meets, spec section 9): its hero, gated report cards and titled
 * carousels of assets, declared once. The editors write the content as one JSON text (`data`);
 * vendor_meet answers it as the hero and the lists, each read from that text. The contract's
 * VendorMeet and VendorAsset, the rules of the text, the repository's columns and row mapping, the
 * back office's fields and the table's columns come from this list.
 */

/** What an asset is: its card's label and icon. */
const ASSET_KINDS = [
  { value: 'pdf', label: '报告（PDF）' },
  { value: 'video', label: '视频' },
] as const;
type AssetKind = (typeof ASSET_KINDS)[number]['value'];

/** A gated asset (report PDF or video): the login gate remembers its title and logs its address. */
const ASSET_FIELDS = [
  text('title', '标题', RESOURCE_LIMITS.title),
  area('description', '简介'),
  image('thumb', '缩略图'),
  // Opened in a new tab after the gate.
  { name: 'url', label: '地址', type: 'text', max: RESOURCE_LIMITS.url },
  // Worked out when read (withAssetKinds): never kept in the text.
  { name: 'kind', label: '类型', type: 'select', options: ASSET_KINDS, closed: true, stored: false },
] as const satisfies readonly EntryField[];

const HERO_FIELDS = [
  text('title', '标题', RESOURCE_LIMITS.title),
  text('subtitle', '副标题', RESOURCE_LIMITS.title),
  image('banner', '头图'),
  text('date', '日期', RESOURCE_LIMITS.title),
  text('place', '地点', RESOURCE_LIMITS.title),
] as const satisfies readonly EntryField[];

const assets = <const N extends string>(name: N, label: string) =>
  ({ name, label, type: 'list', max: RESOURCE_LIMITS.listEntries, fields: ASSET_FIELDS }) as const;

/** The parts of the page, each one key of the JSON text (a part it lacks: empty). */
const HERO = { name: 'hero', label: '页头', type: 'json', fields: HERO_FIELDS } as const;
const REPORTS = assets('reports', '报告');
const CAROUSELS = {
  name: 'carousels',
  label: '轮播',
  type: 'list',
  max: RESOURCE_LIMITS.listEntries,
  fields: [text('title', '标题', RESOURCE_LIMITS.title), assets('items', '资料')],
} as const;
const CONTENT_FIELDS = [HERO, REPORTS, CAROUSELS] as const satisfies readonly EntryField[];
/** A part of the page as visitors read it: the key of `data` it is kept under. */
const inData = <const F extends EntryField>(part: F) =>
  ({ ...part, packed: { in: 'data', key: part.name }, ...SHOWN }) as const;

export const VENDOR_MEET_FIELDS = [
  {
    name: 'id',
    label: TEXT.activityId,
    type: 'number',
    min: 0,
    max: 100_000_000,
    required: true,
    help: '0 为 /vendor，1 为 /vendor2025',
    read: ['public', 'office'],
    create: ['office'],
  },
  // Sent back as meetName by vendor_register and vendor_log; the back office calls it `title`.
  { ...title('名称'), name: 'name', office: { name: 'title' }, ...EDITED },
  {
    name: 'data',
    label: '页面内容（JSON）',
    type: 'json',
    max: RESOURCE_LIMITS.json,
    required: true,
    fields: CONTENT_FIELDS,
    ...EDITED_UNSHOWN,
  },
  inData(HERO),
  inData(REPORTS),
  inData(CAROUSELS),
] as const satisfies readonly EntityField[];

/** A vendor landing page as vendor_meet answers it. */
export type VendorMeet = EntityRecord<typeof VENDOR_MEET_FIELDS, 'public'>;
/** The object `data` holds as it is written (the seed's pages): an asset's kind is never kept in it. */
export type VendorMeetData = StoredEntryOf<typeof CONTENT_FIELDS>;
/** A gated asset (a report card or a carousel's item). */
export type VendorAsset = EntryOf<typeof ASSET_FIELDS>;

/** The kind an address says (a PDF or a video file), or `fallback` when it says none. */
function kindOf(url: string, fallback: AssetKind): AssetKind {
  if (/\.pdf(?:$|[?#])/i.test(url)) return 'pdf';
  return /\.(?:mp4|webm|m3u8)(?:$|[?#])/i.test(url) ? 'video' : fallback;
}

/**
 * The page with each asset's kind: the file name is the truth when it says; otherwise a report is
 * a PDF and a carousel's item a video.
 */
export function withAssetKinds(meet: VendorMeet): VendorMeet {
  const typed = (fallback: AssetKind) => (asset: VendorAsset) => ({
    ...asset,
    kind: kindOf(asset.url, fallback),
  });
  return {
    ...meet,
    reports: meet.reports.map(typed('pdf')),
    carousels: meet.carousels.map((c) => ({ ...c, items: c.items.map(typed('video')) })),
  };
}
