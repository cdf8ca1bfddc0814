import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall } from './api';

/**
 * Every public page kind, at the path each width reads it: the one list the page-wide checks walk
 * (axe in a11y.spec.ts, the HTML checker in html-validate.spec.ts).
 */

interface Item {
  id: number;
  title: string;
}

/** What a page needs from the seeded data (never hard-coded ids). */
interface Seeded {
  articleId: number;
  videoId: number;
}

interface PageKind {
  name: string;
  /** The path at each width: the phone reads the mobile app's page where the route table has one. */
  path: (s: Seeded, phone: boolean) => string;
  /** Logged in as the demo member first. */
  member?: boolean;
  /** What to do on the page before the check (open a tab). */
  then?: (page: Page, phone: boolean) => Promise<void>;
}

export const PAGES: PageKind[] = [
  { name: 'home', path: () => '/' },
  { name: 'category', path: (_, phone) => (phone ? '/general/694' : '/AI') },
  { name: 'article list', path: (_, phone) => (phone ? '/general/10001' : '/more?id=694') },
  { name: 'article', path: (s, phone) => (phone ? `/new_detail?id=${s.articleId}` : `/news/${s.articleId}`) },
  {
    name: 'search results',
    path: (_, phone) => `${phone ? '/new_search' : '/search'}?data=${encodeURIComponent('存储')}`,
  },
  { name: 'video list', path: (_, phone) => (phone ? '/video_List' : '/video') },
  {
    name: 'video',
    path: (s, phone) => (phone ? `/video_detail?id=${s.videoId}` : `/videoc?id=${s.videoId}`),
  },
  { name: 'white papers', path: (_, phone) => (phone ? '/?tag=2' : '/white_pager') },
  { name: 'events', path: () => '/activity' },
  { name: 'IT report', path: () => '/it_report' },
  { name: 'recruit', path: () => '/recruit' },
  { name: 'recruit detail', path: () => '/recruit/detail?id=0' },
  { name: 'about', path: () => '/about' },
  { name: 'login', path: () => '/login' },
  { name: 'register', path: () => '/login?tab=register' },
  { name: 'forgotten password', path: () => '/forget' },
  { name: 'member centre', path: (_, phone) => (phone ? '/new_user' : '/user'), member: true },
  {
    name: 'member column',
    path: (_, phone) => (phone ? '/new_user' : '/user'),
    member: true,
    then: async (page, phone) => {
      await page.getByRole('tab', { name: phone ? '我的专栏' : '专栏列表' }).click();
      await expect(page.getByRole('tab', { name: phone ? '我的专栏' : '专栏列表' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    },
  },
  { name: 'vendor landing', path: () => '/vendor' },
  { name: 'meet landing', path: () => '/vendor2025' },
  { name: 'partner landing', path: () => '/partner/demo1' },
  { name: 'activity form', path: () => '/activity/register?id=1' },
  { name: 'not found', path: () => '/404' },
];

export async function seeded(request: APIRequestContext): Promise<Seeded> {
  const [[article], top] = await Promise.all([
    apiCall<Item[]>(request, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 }, 'POST'),
    apiCall<Item[]>(request, 'get_schoolTop', {}, 'POST'),
  ]);
  return { articleId: article.id, videoId: top[0].id };
}
