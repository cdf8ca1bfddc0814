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
   * engine is down, refuses the credential, or is over its daily quota).
   */
  push(urls: readonly string[]): Promise<void>;
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
