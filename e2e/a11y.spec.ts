import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall } from './api';

/**
 * Accessibility (issue 15): axe on every public page kind at the width each project reads it
 * (desktop 1280x800, phone 390x844), as a first-time visitor sees it (the consent banner shown).
 * A serious or critical violation fails the page, listed rule by rule with the elements it hits.
 */

interface Item {
  id: number;
  title: string;
}
interface Member {
  id: number;
  stoken: string;
  username: string;
  avatar: string;
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

const PAGES: PageKind[] = [
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

/** The rules' impacts that fail a page (moderate and minor ones are Lighthouse's to weigh). */
const FAILING = new Set(['serious', 'critical']);

async function seeded(request: APIRequestContext): Promise<Seeded> {
  const [[article], top] = await Promise.all([
    apiCall<Item[]>(request, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 }, 'POST'),
    apiCall<Item[]>(request, 'get_schoolTop', {}, 'POST'),
  ]);
  return { articleId: article.id, videoId: top[0].id };
}

// axe walks the whole document: a long page takes seconds on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, baseURL, viewport }) => {
  await context.addCookies([
    { name: 'vw', value: String(viewport?.width ?? 1280), url: baseURL ?? 'http://127.0.0.1:8091' },
  ]);
});

for (const kind of PAGES) {
  test(`${kind.name}: axe finds no serious or critical issue`, async ({ page, request, isMobile }) => {
    const path = kind.path(await seeded(request), isMobile);
    if (kind.member) {
      const member = await apiCall<Member>(
        request,
        'member_login',
        { username: 'demo', password: 'demo123456' },
        'POST',
      );
      await page.goto('/about');
      await page.evaluate((m) => localStorage.setItem('SMBData', JSON.stringify(m)), member);
    }
    const res = await page.goto(path);
    expect(res?.ok() || kind.name === 'not found', `${path} answers`).toBe(true);
    // Hydrated, and the client's first loads (lists, member data) settled; a carousel may keep
    // fetching slides, so this waits a bounded time.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    await kind.then?.(page, isMobile);

    const { violations } = await new AxeBuilder({ page }).analyze();
    const failing = violations.filter((v) => FAILING.has(v.impact ?? ''));
    const report = failing.map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`)
          .join('\n') +
        (v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : ''),
    );
    expect(report.join('\n'), `serious or critical axe violations on ${path}`).toBe('');
  });
}
