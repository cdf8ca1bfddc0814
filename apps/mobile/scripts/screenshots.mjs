// Phone screenshots of the main mobile screens (look at them: they must read as a finished site).
// Usage: node apps/mobile/scripts/screenshots.mjs http://127.0.0.1:8082 /tmp/shots [width] [height]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:8080', out = '/tmp/mobile-shots', w = '390', h = '844'] =
  process.argv.slice(2);
const width = Number(w);
const height = Number(h);
mkdirSync(out, { recursive: true });
const pages = {
  home: '/',
  papers: '/?tag=2',
  general: '/general/10001',
  search: '/new_search?data=' + encodeURIComponent('存储'),
  empty: '/new_search?data=' + encodeURIComponent('不存在的词语组合'),
  article: process.env.ARTICLE ?? '/new_detail?id=3000',
  videos: '/video_List',
  video: process.env.VIDEO ?? '/video_detail?id=44',
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({
  viewport: { width, height },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});
await context.addCookies([{ name: 'vw', value: String(width), url: base }]);
for (const [name, path] of Object.entries(pages)) {
  const page = await context.newPage();
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: process.env.FULL === '1' });
  console.log(name, path, 'horizontal overflow px:', overflow);
  await page.close();
}
await browser.close();
