import fs from 'node:fs';
import path from 'node:path';

/** Public URL prefix of every seeded file; the gateway serves DATA_DIR/uploads at /uploads. */
export const SEED_URL = '/uploads/seed';

/**
 * Writes generated files under DATA_DIR/uploads/seed and returns their URLs. Rewriting a file
 * with the same bytes is harmless, so an interrupted seed can simply run again.
 */
export class FileSink {
  readonly root: string;
  private readonly written = new Set<string>();

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads', 'seed');
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
