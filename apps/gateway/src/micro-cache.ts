import { LRUCache } from 'lru-cache';
import { COOKIE } from '@portal/api-client/constants';
import type { AppName, Width } from '@portal/routes';
import type { PrecompressedPage } from './cached-gzip';
import { readCookie } from './width';

export interface CachedResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The CSP nonce the page was rendered with (security-headers.ts swaps it when the page is replayed). */
  nonce?: string;
  /** The body compressed once, made on the first replay that takes gzip (cached-gzip.ts). */
  gzip?: PrecompressedPage;
}

/** Everything that can change the bytes of an anonymous page. */
export interface PageKey {
  app: AppName;
  /** The configured public origin the page's absolute URLs use. */
  origin: string;
  /** The (already validated) Host: the m. host picks the width. */
  host: string;
  pathAndQuery: string;
  /** The reader's width class (from the vw cookie, the host or the User-Agent). */
  width: Width;
  /** The Cookie header: the consent cookie decides whether the banner is rendered. */
  cookie: string | undefined;
}

export function microCacheKey(k: PageKey): string {
  const consent = readCookie(k.cookie, COOKIE.consent) ?? '';
  return [k.app, k.origin, k.host.toLowerCase(), k.width, consent, k.pathAndQuery].join('\n');
}

/**
 * What one gateway process keeps of rendered pages, by their bytes (HTML plus its gzip). A page
 * lives about a second, so this holds far more than one second's distinct pages; more would only
 * keep expired ones, inside a worker's memory budget of 300 MB (bench).
 */
export const MICRO_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A ~1 s cache of anonymous HTML per key (microCacheKey), bounded by bytes (least recently used
 * pages go first). Concurrent misses for one key share one render; a render that turns out not
 * to be cacheable is not shared (callers render again).
 */
export class MicroCache {
  private readonly entries: LRUCache<string, CachedResponse>;
  private readonly inflight = new Map<string, Promise<CachedResponse | null>>();

  constructor(
    private readonly ttlMs: number,
    maxBytes = MICRO_CACHE_MAX_BYTES,
  ) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      // The gzip made on the first replay is about a fifth of the HTML: counted up front.
      sizeCalculation: (page) => Math.ceil(page.body.length * 1.25) + 512,
      ttl: Math.max(ttlMs, 1),
    });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): CachedResponse | undefined {
    return this.entries.get(key);
  }

  /** Joins a render already running for this key, if any. */
  pending(key: string): Promise<CachedResponse | null> | undefined {
    return this.inflight.get(key);
  }

  /** Runs `render`; stores its result when it returns one (null means "not cacheable"). */
  async fill(key: string, render: () => Promise<CachedResponse | null>): Promise<CachedResponse | null> {
    const running = render();
    this.inflight.set(key, running);
    try {
      const value = await running;
      if (value) this.entries.set(key, value);
      return value;
    } finally {
      this.inflight.delete(key);
    }
  }

  /** Drops every stored page (public content changed); renders in flight finish unshared. */
  clear(): void {
    this.entries.clear();
  }
}
