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
 * A page as the caches keep it: the answer, and what decides whether it is still fresh (page-cache.ts).
 */
export interface StoredPage extends CachedResponse {
  /** The content version it was rendered at (read before the render began). */
  version: string;
  /** When it was rendered, epoch ms: fresh for the cache's maximum age from then. */
  renderedAt: number;
}

/**
 * What one gateway process keeps of rendered pages, by their bytes (HTML plus its gzip): the
 * popular pages (their stale copies included), inside a worker's memory budget of 300 MB (bench).
 * The shared cache (shared-pages.ts) holds the rest, so this level stays small.
 */
export const MICRO_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The first level of the page cache, in this process: anonymous pages per key (microCacheKey) for
 * `retentionMs` (fresh and then stale: page-cache.ts decides which), bounded by bytes (least
 * recently used pages go first). Concurrent misses for one key share one render; a render that
 * turns out not to be cacheable is not shared (callers render again).
 */
export class MicroCache {
  private readonly entries: LRUCache<string, StoredPage>;
  private readonly inflight = new Map<string, Promise<StoredPage | null>>();

  constructor(retentionMs: number, maxBytes = MICRO_CACHE_MAX_BYTES) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      // The gzip made on the first replay is about a fifth of the HTML: counted up front.
      sizeCalculation: (page) => Math.ceil(page.body.length * 1.25) + 512,
      ttl: Math.max(retentionMs, 1),
    });
  }

  get(key: string): StoredPage | undefined {
    return this.entries.get(key);
  }

  set(key: string, page: StoredPage): void {
    this.entries.set(key, page);
  }

  /** Joins a render already running for this key, if any. */
  pending(key: string): Promise<StoredPage | null> | undefined {
    return this.inflight.get(key);
  }

  /** Runs `produce`; stores its result when it returns one (null means "nothing to share"). */
  async fill(key: string, produce: () => Promise<StoredPage | null>): Promise<StoredPage | null> {
    const running = produce();
    this.inflight.set(key, running);
    try {
      const value = await running;
      if (value) this.entries.set(key, value);
      return value;
    } finally {
      this.inflight.delete(key);
    }
  }
}
