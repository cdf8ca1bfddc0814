import type WxSdk from 'weixin-js-sdk';
import { isOk } from '@portal/api-client/envelope';
import { publicApi } from '@portal/session';

/**
 * WeChat share cards (issue 26): inside WeChat's browser the JS-SDK sets what "send to a friend"
 * and "share to Moments" show, from the page's own head. Everything here runs in the browser only;
 * the SDK is imported on demand, so no other browser downloads it.
 */

/** WeChat's in-app browser (phones, and WeChat for Windows / Mac) names itself in the user agent. */
export const isWechatBrowser = (userAgent: string): boolean => /MicroMessenger/i.test(userAgent);

/**
 * On iOS WeChat verifies wx.config against the address the page was entered with, not the one a
 * client-side navigation moved to (WeChat's JS-SDK docs, 常见错误 invalid signature); elsewhere the current one.
 */
const signsLandingUrl = (userAgent: string): boolean => /iPhone|iPad|iPod/i.test(userAgent);

/** What updateAppMessageShareData / updateTimelineShareData show. */
export interface ShareCard {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

const withoutFragment = (href: string) => href.split('#')[0] ?? href;

function metaContent(doc: Document, selector: string): string {
  return doc.querySelector<HTMLMetaElement>(selector)?.content.trim() ?? '';
}

/**
 * The card of the page at `href` as its head describes it (the same tags other apps read): og:title or the
 * title, the description, the canonical address (the one URL of the page), og:image or the site icon.
 */
export function readShareCard(doc: Document, href: string): ShareCard {
  const here = withoutFragment(href);
  const absolute = (href: string) => (href ? new URL(href, here).href : '');
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href') ?? '';
  const icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href') ?? '';
  return {
    title: metaContent(doc, 'meta[property="og:title"]') || doc.title,
    desc: metaContent(doc, 'meta[name="description"]') || metaContent(doc, 'meta[property="og:description"]'),
    link: absolute(canonical) || absolute(metaContent(doc, 'meta[property="og:url"]')) || here,
    imgUrl: absolute(metaContent(doc, 'meta[property="og:image"]')) || absolute(icon),
  };
}

type Wx = typeof WxSdk;

const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

let landingUrl: string | null = null;
/** The address wx.config was last signed for, and the SDK once loaded. */
let configured: { url: string; wx: Wx } | null = null;

/**
 * Signs the page (wechat_signature), loads the SDK, calls wx.config once per signed address and
 * sets both share cards within wx.ready. Without WeChat settings on the server the call answers
 * 10601 and nothing is loaded; any failure leaves the page as it is, without a card.
 */
export async function applyWechatShare(isStale: () => boolean): Promise<void> {
  const here = withoutFragment(window.location.href);
  landingUrl ??= here;
  const url = signsLandingUrl(navigator.userAgent) ? landingUrl : here;
  let wx = configured?.wx;
  if (!wx || configured?.url !== url) {
    const signed = await (await publicApi()).wechat_signature({ url });
    if (!isOk(signed) || isStale()) return;
    wx = (await import('weixin-js-sdk')).default;
    wx.config({ debug: false, ...signed.data, jsApiList: [...SHARE_APIS] });
    configured = { url, wx };
  }
  const sdk = wx;
  sdk.ready(() => {
    if (isStale()) return;
    // Read when WeChat is ready: the route's head is the page now shown.
    const card = readShareCard(document, window.location.href);
    sdk.updateAppMessageShareData({ ...card, success: () => {} });
    sdk.updateTimelineShareData({
      title: card.title,
      link: card.link,
      imgUrl: card.imgUrl,
      success: () => {},
    });
  });
}
