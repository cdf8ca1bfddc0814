import type { Readable } from 'node:stream';
import {
  assertValidKey,
  type ByteRange,
  type FileStore,
  type ListedObject,
  type ObjectInfo,
  type StoredObject,
} from './types';

/**
 * What every store shares: each key is checked (assertValidKey) before a backend sees it, so no
 * store can be asked for `../` or a dot file, and `exists` is a stat. A backend implements the
 * protected calls, which receive valid keys only. (An invalid key rejects; it never throws.)
 */
export abstract class KeyCheckedStore implements FileStore {
  abstract readonly kind: FileStore['kind'];
  protected abstract write(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  protected abstract read(key: string, range?: ByteRange): Promise<StoredObject | null>;
  protected abstract info(key: string): Promise<ObjectInfo | null>;
  protected abstract remove(key: string): Promise<void>;
  abstract list(prefix: string): AsyncIterable<ListedObject>;
  abstract close(): Promise<void>;

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertValidKey(key);
    return await this.write(key, body, contentType);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertValidKey(key);
    return await this.read(key, range);
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    return await this.info(key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    return await this.remove(key);
  }
}
