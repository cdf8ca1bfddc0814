import type { S3StorageSettings } from '@portal/config';
import { isValidKey, LocalFileStore, openFileStore, STORE_TREES, type FileStore } from '../lib/storage';
import type { AdminIo } from './commands';

export const STORAGE_USAGE = `  pnpm admin storage migrate                        把 DATA_DIR 里已有的文件复制到 STORAGE_URL 配置的对象存储`;

export interface MigrationCounts {
  copied: number;
  /** Already in the target with the same size (a re-run copies nothing). */
  skipped: number;
  /** Files whose names no key may have (never served or stored by the portal); left where they are. */
  ignored: number;
  bytes: number;
}

/**
 * Copies every file of `source` (uploads/ and private/) that `target` lacks or holds with another
 * size. Idempotent: a second run reports everything skipped. Sources are never changed.
 */
export async function migrateFiles(
  source: FileStore,
  target: FileStore,
  progress: (key: string) => void = () => {},
): Promise<MigrationCounts> {
  const counts: MigrationCounts = { copied: 0, skipped: 0, ignored: 0, bytes: 0 };
  for (const tree of STORE_TREES) {
    for await (const item of source.list(`${tree}/`)) {
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
      progress(item.key);
    }
  }
  return counts;
}

/** `pnpm admin storage migrate`: DATA_DIR → the STORAGE_URL store. */
export async function runStorageCommand(
  argv: readonly string[],
  config: { dataDir: string; storage?: S3StorageSettings },
  io: AdminIo,
): Promise<number> {
  if (argv.length !== 1 || argv[0] !== 'migrate') {
    io.err(`错误: 未知的 storage 命令\n\n用法 (usage):\n${STORAGE_USAGE}`);
    return 2;
  }
  if (!config.storage) {
    io.err('错误: 未设置 STORAGE_URL，文件已经在本地磁盘 (DATA_DIR) 上，无需迁移');
    return 1;
  }
  const source = new LocalFileStore(config.dataDir);
  const target = await openFileStore(config);
  try {
    const counts = await migrateFiles(source, target);
    io.out(
      `迁移完成: 复制 ${counts.copied} 个文件 (${counts.bytes} 字节)，已存在跳过 ${counts.skipped} 个，文件名不合规忽略 ${counts.ignored} 个`,
    );
    return 0;
  } finally {
    await target.close();
  }
}
