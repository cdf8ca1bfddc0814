import type { S3StorageSettings } from '@portal/config';
import { copyFiles, LocalFileStore, openFileStore } from '../lib/storage';
import type { AdminIo } from './io';

export const STORAGE_USAGE = `  pnpm admin storage migrate                        把 DATA_DIR 里已有的文件复制到 STORAGE_URL 配置的对象存储`;

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
    const counts = await copyFiles(source, target);
    io.out(
      `迁移完成: 复制 ${counts.copied} 个文件 (${counts.bytes} 字节)，已存在跳过 ${counts.skipped} 个，文件名不合规忽略 ${counts.ignored} 个`,
    );
    return 0;
  } finally {
    await target.close();
  }
}
