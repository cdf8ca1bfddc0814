import fs from 'node:fs';
import path from 'node:path';

/** Public URL prefix of every seeded file; the gateway serves DATA_DIR/uploads at /uploads. */
export const SEED_URL = '/uploads/seed';
/**
 * Prefix of files only the API hands out (paid white papers): DATA_DIR/private is served by
 * nobody, so the stored value `/private/...` is a DATA_DIR-relative path, never a working URL.
 */
export const PRIVATE_PREFIX = '/private';

/**
 * Writes generated files under DATA_DIR/uploads/seed and returns their URLs. Rewriting a file
 * with the same bytes is harmless, so an interrupted seed can simply run again.
 */
export class FileSink {
  readonly root: string;
  /** DATA_DIR/private: files for members only. */
  readonly privateRoot: string;
  private readonly written = new Set<string>();

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads', 'seed');
    this.privateRoot = path.join(dataDir, 'private');
  }

  /** Write `data` at DATA_DIR/private/`rel`; returns `/private/rel` (a stored path, not a URL). */
  writePrivate(rel: string, data: string | Buffer): string {
    const key = `${PRIVATE_PREFIX}/${rel}`;
    if (!this.written.has(key)) {
      const file = path.join(this.privateRoot, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, data);
      this.written.add(key);
    }
    return key;
  }

  /** Write `data` at `rel` (a/b.svg) once; returns `/uploads/seed/a/b.svg`. */
  write(rel: string, data: string | Buffer): string {
    if (!this.written.has(rel)) {
      const file = path.join(this.root, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, data);
      this.written.add(rel);
    }
    return `${SEED_URL}/${rel}`;
  }

  copy(source: string, rel: string): string {
    if (!this.written.has(rel)) {
      const file = path.join(this.root, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(source, file);
      this.written.add(rel);
    }
    return `${SEED_URL}/${rel}`;
  }

  get count(): number {
    return this.written.size;
  }
}
