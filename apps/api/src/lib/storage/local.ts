import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KeyCheckedStore } from './base';
import { typeOfKey, type ByteRange, type ListedObject, type ObjectInfo, type StoredObject } from './types';

/**
 * Files under DATA_DIR: a key is a DATA_DIR-relative path (`uploads/avatars/…`), exactly where
 * files lived before the store existed, so old URLs and stored paths keep working.
 */
export class LocalFileStore extends KeyCheckedStore {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(dataDir: string) {
    super();
    this.root = path.resolve(dataDir);
  }

  private file(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  protected async write(key: string, body: Buffer | Readable): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside its final name and renamed: a reader sees the old file or the whole new one.
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await fs.writeFile(tmp, body, { mode: 0o644 });
      else await pipeline(body, createWriteStream(tmp, { mode: 0o644 }));
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  protected async info(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fs.stat(this.file(key));
      return stat.isFile() ? { size: stat.size, contentType: typeOfKey(key) } : null;
    } catch {
      return null;
    }
  }

  protected async read(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const info = await this.info(key);
    if (!info) return null;
    const stream = createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
    const length = range ? range.end - range.start + 1 : info.size;
    return { ...info, stream, length };
  }

  protected async remove(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const start = path.join(this.root, ...prefix.split('/').filter(Boolean));
    yield* walk(this.root, start);
  }

  async close(): Promise<void> {}
}

/** Files below `dir` as keys relative to `root`, skipping dot files (the upload temp folder). */
async function* walk(root: string, dir: string): AsyncIterable<ListedObject> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile()) {
      const stat = await fs.stat(full);
      yield { key: path.relative(root, full).split(path.sep).join('/'), size: stat.size };
    }
  }
}
