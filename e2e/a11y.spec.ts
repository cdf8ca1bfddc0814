import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiCall } from './api';
import { PAGES, seeded } from './page-kinds';

/**
 * Accessibility (issue 15): axe on every public page kind at the width each project reads it
 * (desktop 1280x800, phone 390x844), as a first-time visitor sees it (the consent banner shown).
 * A serious or critical violation fails the page, listed rule by rule with the elements it hits.
 */

interface Member {
  id: number;
  stoken: string;
  username: string;
  avatar: string;
}

/** The rules' impacts that fail a page (moderate and minor ones are Lighthouse's to weigh). */
const FAILING = new Set(['serious', 'critical']);

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
