import { MOBILE_BREAKPOINT, ROOT_FONT_DIVISOR, COOKIE } from '@portal/api-client/constants';
import { isSharedPath, matchRoute } from './resolve';
import type { AppName } from './table';

/** Name of the <meta> each document renders: content "1" when the current path exists for the other width. */
export const SWITCH_META = 'portal-switch';
/** sessionStorage keys used by the inline script (kept here so tests and apps agree). */
export const VIEWPORT_FIX_KEY = 'portal-vw-fixed';
export const CHUNK_RELOAD_KEY = 'portal-chunk-reload';
/** A failed chunk load reloads the page at most once per this many ms. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/**
 * True when a reader of the other width has somewhere to go from this path: a shared path
 * ('/', a topic) or a route with an equivalent in the other app. Only then may a width change reload.
 */
export function hasOtherWidth(pathname: string): boolean {
  if (isSharedPath(pathname)) return true;
  const found = matchRoute(pathname);
  return !!found && found.rule.app !== 'landing' && !!(found.rule.otherWidth || found.rule.articleId);
}

export interface ViewportScriptOptions {
  app: AppName;
  /** Set the root font size to width / ROOT_FONT_DIVISOR (the mobile app's rem scale). */
  rootFont: boolean;
}

/**
 * The inline script every document puts in its <head>, before any other script. It
 * - writes the `vw` cookie (viewport width in CSS px) before hydration and on resize,
 * - optionally scales the root font size to width / 26.78,
 * - reloads when the width crosses the breakpoint and the path exists for the other width,
 *   so the gateway serves the other app (or answers its 302),
 * - on a first visit (no cookie yet) corrects a wrong User-Agent guess once per session,
 * - reloads after a failed chunk load at most once per minute.
 * No reload happens when the cookie cannot be stored, so a browser without cookies never loops.
 */
export function viewportScript({ app, rootFont }: ViewportScriptOptions): string {
  const cfg = JSON.stringify({
    bp: MOBILE_BREAKPOINT,
    div: ROOT_FONT_DIVISOR,
    app,
    rootFont,
    cookie: COOKIE.viewportWidth,
    meta: SWITCH_META,
    fix: VIEWPORT_FIX_KEY,
    chunk: CHUNK_RELOAD_KEY,
    chunkMs: CHUNK_RELOAD_INTERVAL_MS,
  });
  return `(function(c){var d=document,w=window,r=d.documentElement;
var re=new RegExp('(?:^|;\\\\s*)'+c.cookie+'=(\\\\d+)');
function cur(){var m=re.exec(d.cookie);return m?+m[1]:0}
function width(){return w.innerWidth||r.clientWidth}
function store(x){d.cookie=c.cookie+'='+Math.round(x)+';path=/;max-age=31536000;samesite=lax';if(c.rootFont)r.style.fontSize=x/c.div+'px'}
function wrong(x){return c.app!=='landing'&&(x<c.bp)!==(c.app==='mobile')}
function switchable(){var m=d.querySelector('meta[name="'+c.meta+'"]');return !!m&&m.getAttribute('content')==='1'}
var had=cur(),x=width();store(x);
if(!had&&cur()&&wrong(x)&&switchable()){try{if(!sessionStorage.getItem(c.fix)){sessionStorage.setItem(c.fix,'1');w.location.reload()}}catch(e){}}
var last=x,t;
w.addEventListener('resize',function(){clearTimeout(t);t=setTimeout(function(){var n=width();store(n);
var crossed=(n<c.bp)!==(last<c.bp);last=n;if(crossed&&wrong(n)&&cur()&&switchable())w.location.reload()},150)});
w.addEventListener('vite:preloadError',function(e){try{var p=+sessionStorage.getItem(c.chunk)||0,now=Date.now();
if(now-p>c.chunkMs){sessionStorage.setItem(c.chunk,String(now));e.preventDefault();w.location.reload()}}catch(_){}});
})(${cfg});`;
}

/**
 * Phones (not tablets): the User-Agent guess used before the vw cookie exists. Written once, for the
 * gateway (PHONE_UA) and the generated nginx config (the pattern inside its map).
 */
export const PHONE_UA_PATTERN =
  'iPhone|iPod|Android.+Mobile|Windows Phone|HarmonyOS.+Mobile|BlackBerry|Opera Mini|IEMobile|MicroMessenger.+Mobile|Mobile Safari';
export const PHONE_UA = new RegExp(PHONE_UA_PATTERN, 'i');
