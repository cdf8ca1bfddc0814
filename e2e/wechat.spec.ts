import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './api';
import { E2E_ENV } from './credentials';

/**
 * WeChat share cards (issue 26 §3). Inside WeChat (its user agent) the page signs itself with
 * wechat_signature, loads the JS-SDK and sets both share cards from its head; the gateway talks to
 * the fake WeChat API e2e/serve.mjs starts. Chromium has no WeChat bridge: the init script below
 * stands in for WeixinJSBridge, the native side the real SDK calls, and records what it is asked.
 */

const WECHAT_UA = {
  phone:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 ' +
    'MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 ' +
    'Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/9129',
};

interface BridgeCall {
  name: string;
  args: Record<string, unknown>;
  href: string;
}

/** The stand-in bridge: records every invoke and answers config and the two share calls with ok. */
function fakeBridge() {
  const calls: unknown[] = [];
  Object.assign(window, {
    __wxCalls: calls,
    WeixinJSBridge: {
      invoke(name: string, args: unknown, callback?: (res: { err_msg: string }) => void) {
        calls.push({ name, args: JSON.parse(JSON.stringify(args)) as unknown, href: location.href });
        const answer =
          name === 'preVerifyJSAPI' ? 'config:ok' : name.startsWith('update') ? `${name}:ok` : null;
        if (answer && callback) setTimeout(() => callback({ err_msg: answer }), 0);
      },
      on() {},
    },
  });
}

const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wxCalls: BridgeCall[] }).__wxCalls);

/** WeChat's algorithm, written out here independently of the server's code. */
const signatureOf = (nonce: string, timestamp: string, url: string) =>
  createHash('sha1')
    .update(`jsapi_ticket=${E2E_ENV.E2E_WECHAT_TICKET}&noncestr=${nonce}&timestamp=${timestamp}&url=${url}`)
    .digest('hex');

/** The card the page's own head describes. */
const headCard = (page: Page) =>
  page.evaluate(() => {
    const meta = (sel: string) => document.querySelector<HTMLMetaElement>(sel)?.content ?? '';
    return {
      title: meta('meta[property="og:title"]') || document.title,
      desc: meta('meta[name="description"]'),
      link: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? '',
      imgUrl: meta('meta[property="og:image"]'),
    };
  });

/** Scripts the page loaded that hold the JS-SDK (its global is jWeixin). */
function sdkScripts(page: Page): string[] {
  const found: string[] = [];
  page.on('response', async (res) => {
    if (!new URL(res.url()).pathname.endsWith('.js')) return;
    const body = await res.text().catch(() => '');
    if (body.includes('jWeixin')) found.push(res.url());
  });
  return found;
}

async function firstArticle(request: Parameters<typeof apiCall>[0]) {
  const [item] = await apiCall<{ id: number }[]>(
    request,
    'cate_list',
    { cat_id: 694, page: 1, pageSize: 3 },
    'POST',
  );
  return apiCall<{ url: string; title: string }>(request, 'article_content', { id: item!.id + 1 }, 'POST');
}

/** Checks the config call (a valid signature for the page's own address) and the two share calls. */
async function expectCardSet(page: Page, configIndex: number) {
  await expect
    .poll(async () => (await bridgeCalls(page)).filter((c) => c.name === 'updateTimelineShareData').length, {
      // Hydration, the access token, the signature and the SDK's chunk on a busy machine.
      timeout: 15_000,
    })
    .toBeGreaterThan(configIndex);
  const calls = await bridgeCalls(page);
  const config = calls.filter((c) => c.name === 'preVerifyJSAPI')[configIndex]!;
  expect(config.args.verifyAppId).toBe(E2E_ENV.WECHAT_APP_ID);
  expect(config.args.verifySignType).toBe('sha1');
  expect(config.args.verifyJsApiList).toEqual(['updateAppMessageShareData', 'updateTimelineShareData']);
  const url = config.href.split('#')[0]!;
  expect(config.args.verifySignature).toBe(
    signatureOf(String(config.args.verifyNonceStr), String(config.args.verifyTimestamp), url),
  );
  const card = await headCard(page);
  expect(card.title).toBeTruthy();
  expect(card.imgUrl).toMatch(/^https?:\/\//);
  const friends = calls.filter((c) => c.name === 'updateAppMessageShareData')[configIndex]!;
  const moments = calls.filter((c) => c.name === 'updateTimelineShareData')[configIndex]!;
  expect(friends.args).toMatchObject(card);
  expect(moments.args).toMatchObject({ title: card.title, link: card.link, imgUrl: card.imgUrl });
  return card;
}

test.describe('inside WeChat', () => {
  test('the page signs itself, loads the SDK and sets both cards, again after a client-side navigation', async ({
    browser,
    request,
  }, testInfo) => {
    const phone = testInfo.project.name.startsWith('phone');
    const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale } = testInfo.project.use;
    const context = await browser.newContext({
      baseURL,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      userAgent: phone ? WECHAT_UA.phone : WECHAT_UA.desktop,
    });
    const page = await context.newPage();
    await page.addInitScript(fakeBridge);
    const sdk = sdkScripts(page);
    const article = await firstArticle(request);
    await page.goto(article.url);
    await expect(page.locator('h1')).toHaveText(article.title);
    const first = await expectCardSet(page, 0);
    expect(first.title).toContain(article.title);
    expect(sdk).toHaveLength(1);

    // The next article through the router (no new document: the bridge's record survives).
    const next = page.locator(phone ? '.m-article__pager-link' : '.article__neighbours a').first();
    const nextTitle = (await next.textContent())!.replace(/^(上一篇|下一篇)：?/, '').trim();
    await next.click();
    await expect(page.locator('h1')).toHaveText(nextTitle);
    const second = await expectCardSet(page, 1);
    expect(second.link).not.toBe(first.link);
    expect(second.title).toContain(nextTitle);
    expect(sdk).toHaveLength(1);
    await context.close();
  });
});

test('other browsers ask for no signature and load no SDK', async ({ page, request }) => {
  const signatures: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/wechat_signature')) signatures.push(req.url());
  });
  const sdk = sdkScripts(page);
  const article = await firstArticle(request);
  await page.goto(article.url);
  await expect(page.locator('h1')).toHaveText(article.title);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(signatures).toEqual([]);
  expect(sdk).toEqual([]);
});
