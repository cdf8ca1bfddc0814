import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rasterRendition } from '@portal/routes';
import { loadSharp } from '../lib/sharp';

/** Public URL prefix of every seeded file; the gateway serves DATA_DIR/uploads at /uploads. */
export const SEED_URL = '/uploads/seed';
/**
 * Prefix of files only the API hands out (paid white papers): DATA_DIR/private is served by
 * nobody, so the stored value `/private/...` is a DATA_DIR-relative path, never a working URL.
 */
export const PRIVATE_PREFIX = '/private';

/** Where seeded pictures' raster renditions are kept between seeds on this machine. */
const RENDITION_CACHE = path.join(os.homedir(), '.cache', 'smb-portal', 'seed-renditions');

/** `dir`, made if needed; null where it cannot be (a read-only home): the seed then renders every time. */
function usableDir(dir: string): string | null {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    return dir;
  } catch {
    return null;
  }
}

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

  /**
   * A JPEG beside every SVG picture written (`a/b.svg` → `a/b.jpg`, @portal/routes rasterRendition):
   * share cards (og:image, WeChat) take no SVG. The demo content is deterministic, so each rendition
   * is kept in ~/.cache/smb-portal/seed-renditions by its SVG's hash, and the next fresh seed on this machine copies it
   * instead of rendering again (rendering all ~500 costs seconds; tests seed many databases).
   */
  async writeRasterRenditions(): Promise<void> {
    const svgs = [...this.written].filter((rel) => rel.endsWith('.svg'));
    const cacheDir = usableDir(RENDITION_CACHE);
    const render = async (rel: string) => {
      const source = path.join(this.root, rel);
      const target = path.join(this.root, rasterRendition(rel));
      if (fs.existsSync(target)) return;
      const bytes = fs.readFileSync(source);
      const cached =
        cacheDir && path.join(cacheDir, `${createHash('sha256').update(bytes).digest('hex')}.jpg`);
      if (cached && fs.existsSync(cached)) return fs.copyFileSync(cached, target);
      const sharp = await loadSharp();
      const jpeg = await sharp(bytes)
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      fs.writeFileSync(target, jpeg);
      // Written under a temporary name and renamed: a parallel seed never copies half a file.
      if (cached) {
        fs.writeFileSync(`${cached}.${process.pid}`, jpeg);
        fs.renameSync(`${cached}.${process.pid}`, cached);
      }
    };
    // libvips renders on its own threads; a few at once keep both cores busy.
    let next = 0;
    const worker = async () => {
      while (next < svgs.length) await render(svgs[next++]!);
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }

  get count(): number {
    return this.written.size;
  }
}
