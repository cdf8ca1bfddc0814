import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS_COOKIES, pageSurrogateKeys } from '@portal/routes';
import { acceptsGzip, gzipWithNonce, precompress } from '../cached-gzip';
import { withCachingHeaders, type CdnRule } from '../cdn';
import type { GatewayMetrics } from '../metrics';
import {
  microCacheKey,
  type CachedResponse,
  type MicroCache,
  type PageKey,
  type StoredPage,
} from '../micro-cache';
import { isShareable, sendRendered } from '../render';
import { OverloadedError, isCrawler, sendOverloaded, type RenderLimiter } from '../render-limiter';
import { withNonce } from '../security-headers';
import type { SharedPages } from '../shared-pages';

/** Cookies that do not make a request personal (the width and consent flags; nginx's page cache reads the same list). */
const ANONYMOUS = new Set<string>(ANONYMOUS_COOKIES);

/** What tells one rendered page from another: the cache key less the request's own host and cookie. */
export interface PageIdentity extends Omit<PageKey, 'host' | 'cookie'> {
  /** A React Router data request: never shared. */
  data: boolean;
}

/** How long cached pages live (PAGE_CACHE_*). */
export interface PageCacheRules {
  /** A page is fresh this long after its render, while the content it shows is unchanged. */
  maxAgeMs: number;
  /** Then (or once its content changed) it may be served stale this much longer while it is rendered again. */
  staleMs: number;
  /** With no copy at all, how long a reader waits for another worker's render of the page before rendering it. */
  waitMs: number;
  /**
   * How long after this process heard of a content change a page showing the old content may still
   * be served stale while it is rendered again. Later, the next reader gets the page rendered anew
   * (unless the worker is at its render limit): a page nobody read since a change is never shown
   * old more than this after it (with the 1 s the change may take to be heard: the 2 s rule).
   */
  afterChangeMs: number;
}

/**
 * The page caches and the render limiter, as sendPage uses them. Two levels: this process's
 * (`local`, no I/O) in front of the one every worker and host shares (`shared`, Redis when
 * REDIS_URL is set). A stored page is fresh while `version()` is the content version it was
 * rendered at and it is younger than `rules.maxAgeMs`.
 */
export interface PageCache {
  local: MicroCache;
  shared: SharedPages | null;
  /** The public content's version now: it changes with every publish, edit or approval, in every process. */
  version: () => string;
  /** When this process heard of the current version (epoch ms; 0 before any change). */
  changedAt: () => number;
  rules: PageCacheRules;
  cdn: CdnRule;
  limiter: RenderLimiter;
  metrics: GatewayMetrics;
  /** False turns page caching off (MICRO_CACHE_MS=0): every request renders. */
  enabled: boolean;
}

/**
 * fresh: served as it is; stale: served while it is rendered again; outdated: it shows content
 * changed longer than `afterChangeMs` ago, rendered again before it is served (served stale only
 * when the worker is at its render limit); gone: not served.
 */
type Freshness = 'fresh' | 'stale' | 'outdated' | 'gone';
const RANK: Record<Freshness, number> = { gone: 0, outdated: 1, stale: 2, fresh: 3 };

function freshness(page: StoredPage, cache: PageCache, now = Date.now()): Freshness {
  const age = Math.max(0, now - page.renderedAt);
  const current = page.version === cache.version();
  if (current && age < cache.rules.maxAgeMs) return 'fresh';
  if (age >= cache.rules.maxAgeMs + cache.rules.staleMs) return 'gone';
  return current || now - cache.changedAt() < cache.rules.afterChangeMs ? 'stale' : 'outdated';
}

/**
 * Answers a page. An anonymous GET is served from the caches when they hold it: fresh (`HIT`), or
 * stale while one worker renders it again in the background (`STALE`); with no copy, one render
 * per page runs in this process and, with Redis, in all of them: the others wait for its result
 * (`MISS` for the request that rendered). Every render passes the overload rule (503 + Retry-After
 * when refused); a cached page never does. `nonce` is this answer's CSP nonce, swapped into a
 * stored page: no two answers share one.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  page: PageIdentity,
  nonce: string,
  render: () => Promise<CachedResponse>,
) {
  const rendering = () => {
    cache.metrics.renders.inc({ app: page.app });
    return render();
  };
  const cacheable = cache.enabled && request.method === 'GET' && !page.data && isAnonymous(request);
  // Form posts are answered above the limit: what a reader submits is never refused for load.
  const shed = request.method === 'GET' || request.method === 'HEAD';
  // A crawler is refused rather than queued: it comes back after Retry-After, readers wait for a slot.
  const wait = !isCrawler(request.headers['user-agent']);
  const limited = async () => cache.limiter.run(rendering, shed, wait);
  /** A copy of the page older than the last content change: served if its render is refused. */
  let outdated: StoredPage | undefined;
  try {
    if (!cacheable) return sendRendered(reply, withCachingHeaders(await limited(), null, cache.cdn));
    const key = microCacheKey({ ...page, host: request.host, cookie: request.headers.cookie });
    const url = new URL(page.pathAndQuery, 'http://page.invalid');
    const keys = pageSurrogateKeys(url.pathname, url.searchParams);
    const finished = (rendered: CachedResponse) =>
      withCachingHeaders(rendered, isShareable(rendered) ? keys : null, cache.cdn);

    const found = await lookup(cache, key);
    if (found?.state === 'fresh') {
      cache.metrics.microCache.inc({ result: 'hit' });
      return sendCached(request, reply, found.page, nonce, 'HIT');
    }
    // Cached pages are always served: an outdated one too when the worker cannot render it now.
    if (found?.state === 'stale' || (found?.state === 'outdated' && cache.limiter.full)) {
      refresh(cache, key, async () => finished(await rendering()), request.log);
      cache.metrics.microCache.inc({ result: 'stale' });
      return sendCached(request, reply, found.page, nonce, 'STALE');
    }

    if (found?.state === 'outdated') outdated = found.page;
    cache.metrics.microCache.inc({ result: 'miss' });
    const joined = cache.local.pending(key);
    // Refused before any more work (the render lock, a wait): a refusal must cost next to nothing.
    if (!joined && (wait ? cache.limiter.full : cache.limiter.busy)) throw new OverloadedError();
    if (joined) {
      const shared = await joined.catch(() => null);
      if (shared) return sendCached(request, reply, shared, nonce, 'HIT');
      return sendRendered(reply, finished(await limited()), 'MISS');
    }
    let own: CachedResponse | undefined;
    const stored = await cache.local.fill(key, () =>
      renderOnce(cache, key, async () => (own = finished(await limited()))),
    );
    if (own) return sendRendered(reply, own, 'MISS');
    if (stored) return sendCached(request, reply, stored, nonce, 'HIT');
    // Another worker's render was not shareable: this reader's own.
    return sendRendered(reply, finished(await limited()), 'MISS');
  } catch (error) {
    if (!(error instanceof OverloadedError)) throw error;
    // A cached page is always served: one whose render was refused (no slot within the wait) too.
    if (outdated) return sendCached(request, reply, outdated, nonce, 'STALE');
    cache.metrics.shed.inc();
    return sendOverloaded(reply);
  }
}

/** The best copy of the page in the caches: this process's, or the shared one when that is better. */
async function lookup(cache: PageCache, key: string): Promise<{ page: StoredPage; state: Freshness } | null> {
  const local = cache.local.get(key);
  const localState = local ? freshness(local, cache) : 'gone';
  if (localState === 'fresh' || !cache.shared) return local ? { page: local, state: localState } : null;
  const shared = await cache.shared.get(key);
  const sharedState = shared ? freshness(shared, cache) : 'gone';
  const better =
    shared &&
    (!local ||
      RANK[sharedState] > RANK[localState] ||
      (sharedState === localState && shared.renderedAt > local.renderedAt));
  if (better) {
    cache.local.set(key, shared);
    return { page: shared, state: sharedState };
  }
  return local && localState !== 'gone' ? { page: local, state: localState } : null;
}

/**
 * The page rendered once for every worker: with Redis, the worker that takes the page's lock
 * renders and the others wait (at most rules.waitMs) for its result; the render is stored in both
 * levels when it is shareable. Null when there is nothing to share.
 */
async function renderOnce(
  cache: PageCache,
  key: string,
  render: () => Promise<CachedResponse>,
): Promise<StoredPage | null> {
  const lock = cache.shared ? await cache.shared.lock(key) : null;
  if (cache.shared && !lock) {
    const theirs = await cache.shared.waitFor(
      key,
      (page) => freshness(page, cache) === 'fresh',
      cache.rules.waitMs,
    );
    if (theirs) return theirs;
  }
  try {
    return (await storedMeanwhile(cache, key)) ?? (await store(cache, key, render, false));
  } finally {
    await lock?.release();
  }
}

/**
 * The page another worker stored between this one's look and its lock (it released the lock just
 * before): taken instead of rendering the page a second time.
 */
async function storedMeanwhile(cache: PageCache, key: string): Promise<StoredPage | null> {
  const page = await cache.shared?.get(key);
  return page && freshness(page, cache) === 'fresh' ? page : null;
}

/**
 * Renders and stores the page (when shareable) under the version read before the render began;
 * `again`: a page read before (rendered again after a change or its maximum age), kept in Redis
 * for its full time, where a first render is kept on probation (shared-pages.ts).
 */
async function store(
  cache: PageCache,
  key: string,
  render: () => Promise<CachedResponse>,
  again: boolean,
): Promise<StoredPage | null> {
  const version = cache.version();
  const renderedAt = Date.now();
  const rendered = await render();
  if (!isShareable(rendered)) return null;
  const page: StoredPage = { ...rendered, version, renderedAt };
  await cache.shared?.put(key, page, again);
  return page;
}

/**
 * Stale-while-revalidate: renders the page again in the background, once in this process and,
 * with Redis, once among all workers (the lock's holder; the others keep serving stale). Only when
 * a render slot is free at once: under overload the stale page goes on being served.
 */
function refresh(
  cache: PageCache,
  key: string,
  render: () => Promise<CachedResponse>,
  log: FastifyBaseLogger,
): void {
  if (cache.local.pending(key)) return;
  cache.local
    .fill(key, async () => {
      const lock = cache.shared ? await cache.shared.lock(key) : null;
      if (cache.shared && !lock) return null;
      try {
        const theirs = await storedMeanwhile(cache, key);
        if (theirs) return theirs;
        const running = cache.limiter.tryRun(() => store(cache, key, render, true));
        return running ? await running : null;
      } finally {
        await lock?.release();
      }
    })
    .catch((err: unknown) => log.warn({ err }, 'page refresh failed; the stale page is served meanwhile'));
}

function isAnonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  const cookie = request.headers.cookie;
  if (!cookie) return true;
  return cookie.split(';').every((part) => {
    const name = part.split('=')[0]?.trim();
    return !name || ANONYMOUS.has(name);
  });
}

/**
 * A stored page replayed with this request's nonce: as gzip compressed once per stored page when
 * the reader takes it (cached-gzip.ts), else as HTML (compressed on the fly).
 */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  page: StoredPage,
  nonce: string,
  state: 'HIT' | 'STALE',
) {
  if (!acceptsGzip(request.headers['accept-encoding']))
    return sendRendered(reply, withNonce(page, nonce), state);
  page.gzip ??= precompress(page.body, page.nonce);
  reply.header('Content-Encoding', 'gzip').header('Vary', 'Cookie, User-Agent, Accept-Encoding');
  return sendRendered(reply, { ...page, body: gzipWithNonce(page.gzip, nonce) }, state);
}
