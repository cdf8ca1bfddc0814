import { createHash } from 'node:crypto';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
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

/**
 * The card the page's own head describes: og:title or the title, the description (og:description
 * where the page has none, as the noindex activity form), the canonical address (og:url on landing
 * pages, which have no canonical link), og:image.
 */
const headCard = (page: Page) =>
  page.evaluate(() => {
    const meta = (sel: string) => document.querySelector<HTMLMetaElement>(sel)?.content ?? '';
    return {
      title: meta('meta[property="og:title"]') || document.title,
      desc: meta('meta[name="description"]') || meta('meta[property="og:description"]'),
      link:
        document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ||
        meta('meta[property="og:url"]'),
      imgUrl: meta('meta[property="og:image"]'),
    };
  });

/** Landing pages (campaign traffic, shared in WeChat most of all): vendor, partner, activity form. */
const LANDING_PAGES = ['/vendor', '/partner/demo1', '/activity/register?id=1'];

/** Waits until React Router's client took over the document (its effects, WechatShare's too, run). */
const hydrated = (page: Page) =>
  expect.poll(() => page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(true);

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
  expect(card.desc).toBeTruthy();
  expect(card.link).toMatch(/^https?:\/\//);
  expect(card.imgUrl).toMatch(/^https?:\/\/.+\.(?:jpe?g|png|gif)(?:\?|$)/);
  const friends = calls.filter((c) => c.name === 'updateAppMessageShareData')[configIndex]!;
  const moments = calls.filter((c) => c.name === 'updateTimelineShareData')[configIndex]!;
  expect(friends.args).toMatchObject(card);
  expect(moments.args).toMatchObject({ title: card.title, link: card.link, imgUrl: card.imgUrl });
  return card;
}

/** A browser context with WeChat's user agent (phone or desktop WeChat, as the project's width). */
function wechatContext(browser: Browser, testInfo: TestInfo) {
  const phone = testInfo.project.name.startsWith('phone');
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale } = testInfo.project.use;
  return browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale,
    userAgent: phone ? WECHAT_UA.phone : WECHAT_UA.desktop,
  });
}

test.describe('inside WeChat', () => {
  test('the page signs itself, loads the SDK and sets both cards, again after a client-side navigation', async ({
    browser,
    request,
  }, testInfo) => {
    const phone = testInfo.project.name.startsWith('phone');
    const context = await wechatContext(browser, testInfo);
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

  test('landing pages sign themselves and set both cards from their own title, description, URL and picture', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const context = await wechatContext(browser, testInfo);
    for (const path of LANDING_PAGES) {
      const page = await context.newPage();
      await page.addInitScript(fakeBridge);
      const sdk = sdkScripts(page);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'landing');
      const card = await expectCardSet(page, 0);
      // The landing page's own: its title (the meet's, the partner's slogan, the form's), its own address.
      expect(card.title, path).toBe(await page.title());
      expect(card.link, path).toBe(new URL(path, baseURL).href);
      expect(sdk, path).toHaveLength(1);
      await page.close();
    }
    await context.close();
  });

  test('a signature that fails, is garbled or never comes leaves the page working, without a card', async ({
    browser,
    request,
  }, testInfo) => {
    const phone = testInfo.project.name.startsWith('phone');
    const context = await wechatContext(browser, testInfo);
    const article = await firstArticle(request);
    const answers = {
      unavailable: JSON.stringify({
        code: ErrorCode.WechatUnavailable,
        msg: ERROR_MESSAGES[ErrorCode.WechatUnavailable],
        data: null,
      }),
      garbage: '<html>502 Bad Gateway</html>',
      hang: null,
    };
    for (const [mode, body] of Object.entries(answers)) {
      const page = await context.newPage();
      await page.addInitScript(fakeBridge);
      const sdk = sdkScripts(page);
      const asked: string[] = [];
      await page.route('**/api/wechat_signature', async (route) => {
        asked.push(route.request().url());
        // hang: never answered (the request stays open until the page closes).
        if (body !== null) await route.fulfill({ status: 200, contentType: 'application/json', body });
      });
      await page.goto(article.url);
      await expect(page.locator('h1'), mode).toHaveText(article.title);
      await hydrated(page);
      await expect.poll(() => asked.length, { message: mode }).toBeGreaterThan(0);
      // The reader goes on: the next article through the router, as without WeChat.
      const next = page.locator(phone ? '.m-article__pager-link' : '.article__neighbours a').first();
      const nextTitle = (await next.textContent())!.replace(/^(上一篇|下一篇)：?/, '').trim();
      await next.click();
      await expect(page.locator('h1'), mode).toHaveText(nextTitle);
      expect(await bridgeCalls(page), mode).toEqual([]);
      expect(sdk, mode).toEqual([]);
      await page.close();
    }
    await context.close();
  });
});

test('other browsers ask for no signature and load no SDK, landing pages included', async ({
  page,
  request,
}) => {
  const signatures: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/wechat_signature')) signatures.push(req.url());
  });
  const sdk = sdkScripts(page);
  const article = await firstArticle(request);
  await page.goto(article.url);
  await expect(page.locator('h1')).toHaveText(article.title);
  for (const path of ['/', ...LANDING_PAGES]) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
  }
  expect(signatures).toEqual([]);
  expect(sdk).toEqual([]);
});
