import { TEXT } from '@portal/api-client/messages';
/**
 * Tabs of the mobile home's endless list. Tag 0 is the newest articles (mfall type 0); tag 2 is
 * the white papers, where the desktop white-paper page sends phone readers (/white_pager → /?tag=2).
 */
export const NEWS_TAG = 0;
export const WHITE_PAPER_TAG = 2;

export const FALL_TABS = [
  { tag: NEWS_TAG, name: TEXT.latestNews },
  { tag: WHITE_PAPER_TAG, name: '白皮书' },
] as const;

export type FallTab = (typeof FALL_TABS)[number];

export function fallTabOf(tag: string | number | null | undefined): FallTab {
  return FALL_TABS.find((t) => String(t.tag) === String(tag ?? '')) ?? FALL_TABS[0];
}
