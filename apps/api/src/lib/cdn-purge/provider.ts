import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * CDN purge boundary (issue 27), shaped like SMS and the search push: the API hands `purge` what
 * a content change touched; which provider answers is configuration (CDN_PURGE_PROVIDER,
 * ./index.ts). The default is the outbox: nothing leaves the machine, each purge is written to
 * DATA_DIR/cdn-purge-outbox/ for a developer (or a test) to read.
 */
export interface CdnPurgeProvider {
  readonly name: string;
  /** Most surrogate keys one `purge` takes (their URLs stay within the CDN's per-call limit). */
  readonly batchSize: number;
  /** Purges the pages; rejects when the purge should be tried again later (the CDN is down, refuses the key). */
  purge(request: PurgeRequest): Promise<void>;
}

/** What to purge, in each form a CDN may take (./targets.ts makes it from the surrogate keys). */
export interface PurgeRequest {
  /** The surrogate keys (cache tags) of the pages, as the gateway sent them. */
  keys: string[];
  /** Absolute URLs of those pages on each public origin (CDNs that purge by URL). */
  urls: string[];
  /** Absolute directories (ending in "/"): everything below them (a change that shows on every page). */
  directories: string[];
}

/** The outbox folder under DATA_DIR: one JSON file per purge, `{keys, urls, directories, at}`. */
export const CDN_PURGE_OUTBOX = 'cdn-purge-outbox';

export class CdnPurgeOutbox implements CdnPurgeProvider {
  readonly name = 'outbox';
  readonly batchSize = 1000;
  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  get dir(): string {
    return path.join(this.dataDir, CDN_PURGE_OUTBOX);
  }

  async purge(request: PurgeRequest): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const at = this.now();
    // Sortable by time; the random part keeps two purges of one millisecond apart.
    const name = `${String(at).padStart(15, '0')}-${randomBytes(4).toString('hex')}.json`;
    const body = { ...request, at: new Date(at).toISOString() };
    await fs.writeFile(path.join(this.dir, name), `${JSON.stringify(body, null, 2)}\n`, 'utf8');
  }
}

/** Splits `items` into chunks of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The JSON of an answer, or undefined when it is not JSON (reported by the caller with the text). */
export function parseAnswer<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
