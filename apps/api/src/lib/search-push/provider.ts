import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Search engine push boundary (issue 16), shaped like SMS: the API hands a batch of absolute URLs
 * to `push`; which provider answers is configuration (SEARCH_PUSH_PROVIDER, ./index.ts). The
 * default is the outbox: nothing leaves the machine, each URL is appended to
 * DATA_DIR/search-push-outbox.log, so a developer (or a test) can read what would have been sent.
 */
export interface SearchPushProvider {
  readonly name: string;
  /** Most URLs one `push` takes. */
  readonly batchSize: number;
  /**
   * Hands the URLs to the search engine; rejects when the batch should be tried again later (the
   * engine is down or refuses the credential), with QuotaSpentError when a site's daily quota is
   * spent. An engine with a daily quota answers what each site has left of it.
   */
  push(urls: readonly string[]): Promise<PushReceipt | void>;
}

/** What one site has left of the engine's daily quota, as the engine answered. */
export interface SiteQuota {
  /** The site's origin ("https://www.example.com"). */
  site: string;
  remain: number;
}

export interface PushReceipt {
  quota: SiteQuota[];
}

/**
 * The engine refused a site's URLs because its daily quota is spent. `quota` holds what the sites
 * pushed before it answered, and the spent site at 0: the push waits for the next day.
 */
export class QuotaSpentError extends Error {
  constructor(
    message: string,
    readonly quota: SiteQuota[],
  ) {
    super(message);
    this.name = 'QuotaSpentError';
  }
}

/** The outbox file's name under DATA_DIR: one line `url<TAB>ISO time` per pushed URL. */
export const SEARCH_PUSH_OUTBOX = 'search-push-outbox.log';

export class SearchPushOutbox implements SearchPushProvider {
  readonly name = 'outbox';
  readonly batchSize = 2000;
  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  get file(): string {
    return path.join(this.dataDir, SEARCH_PUSH_OUTBOX);
  }

  async push(urls: readonly string[]): Promise<void> {
    await fs.mkdir(this.dataDir, { recursive: true });
    const at = new Date(this.now()).toISOString();
    await fs.appendFile(this.file, urls.map((url) => `${url}\t${at}\n`).join(''), 'utf8');
  }
}
