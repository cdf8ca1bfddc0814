import { LocalFileStore } from './local';
import { isValidKey, STORE_TREES, type FileStore } from './types';

export interface CopyCounts {
  copied: number;
  /** Already in the target with the same size (a re-run copies nothing). */
  skipped: number;
  /** Files whose names no key may have (never served or stored by the portal); left where they are. */
  ignored: number;
  bytes: number;
}

/**
 * Copies every file of `source` under `prefixes` that `target` lacks or holds with another size.
 * Idempotent: a second run reports everything skipped. The source is never changed.
 */
export async function copyFiles(
  source: FileStore,
  target: FileStore,
  prefixes: readonly string[] = STORE_TREES.map((tree) => `${tree}/`),
): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, ignored: 0, bytes: 0 };
  for (const prefix of prefixes) {
    for await (const item of source.list(prefix)) {
      if (!isValidKey(item.key)) {
        counts.ignored += 1;
        continue;
      }
      const there = await target.stat(item.key);
      if (there && there.size === item.size) {
        counts.skipped += 1;
        continue;
      }
      const file = await source.get(item.key);
      if (!file) continue; // removed meanwhile
      await target.put(item.key, file.stream, file.contentType);
      counts.copied += 1;
      counts.bytes += item.size;
    }
  }
  return counts;
}

/**
 * The demo seed writes its images and white papers under DATA_DIR (uploads/seed, private): with an
 * object store configured they are copied there right after seeding, so every process finds them.
 */
export async function publishSeededFiles(dataDir: string, target: FileStore): Promise<CopyCounts | null> {
  if (target.kind === 'local') return null;
  return copyFiles(new LocalFileStore(dataDir), target, ['uploads/seed/', 'private/']);
}
