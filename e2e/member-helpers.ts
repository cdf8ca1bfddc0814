import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';

/**
 * What the member journey needs outside the browser: the server's DATA_DIR (for `pnpm admin` and
 * the SMS outbox), real image bytes, and unique names.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

// ---------- the server's DATA_DIR ----------

/**
 * The DATA_DIR of the gateway under test, exactly: E2E_DATA_DIR when the server was started by
 * hand, else the one e2e/serve.mjs named for this run's port (E2E_PORT). Never a guess such as the
 * newest temp dir: two e2e runs on the machine would write into each other's databases.
 */
export function serverDataDir(): string {
  const explicit = process.env.E2E_DATA_DIR;
  const port = process.env.E2E_PORT ?? '8091';
  // e2e/serve.mjs names the DATA_DIR of the gateway it started in a file keyed by its port.
  const pointer = path.join(tmpdir(), `e2e-server-${port}.datadir`);
  let dir: string;
  if (explicit) dir = path.resolve(ROOT, explicit);
  else if (existsSync(pointer)) dir = readFileSync(pointer, 'utf8').trim();
  else
    throw new Error(
      `no DATA_DIR for the server under test: ${pointer} is missing (e2e/serve.mjs writes it for ` +
        `E2E_PORT=${port}); set E2E_DATA_DIR for a server started another way`,
    );
  if (!dir || !existsSync(dir)) {
    throw new Error(
      `the server's DATA_DIR ${dir || '(empty)'} does not exist (from ${explicit ? 'E2E_DATA_DIR' : pointer})`,
    );
  }
  return dir;
}

type Row = Record<string, unknown>;
const requireFromApi = createRequire(path.join(ROOT, 'apps/api/package.json'));

/** The server's SQLite database, read only (the API's better-sqlite3). */
function openReadOnly(dataDir: string) {
  const Database = requireFromApi('better-sqlite3') as new (
    file: string,
    o: { readonly: boolean; fileMustExist: boolean },
  ) => { prepare(s: string): { get(...p: unknown[]): Row | undefined }; close(): void };
  return new Database(path.join(dataDir, 'portal.db'), { readonly: true, fileMustExist: true });
}

/** The server's DATA_DIR, checked to hold this member (SQLite runs): a wrong directory fails here, loudly. */
export function dataDirOfMember(username: string): string {
  const dir = serverDataDir();
  if (process.env.DATABASE_URL) return dir; // one shared database: the CLI reaches it from any data dir
  const db = openReadOnly(dir);
  try {
    if (!db.prepare('select id from members where username = ?').get(username)) {
      throw new Error(`the server's DATA_DIR ${dir} holds no member ${username}`);
    }
  } finally {
    db.close();
  }
  return dir;
}

/**
 * The public article id an approved column article became (SQLite runs only; null when unknown).
 * A fallback for when the admin CLI's output line is not captured.
 */
export function publicArticleId(dataDir: string, columnArticleId: number): number | null {
  if (process.env.DATABASE_URL) return null;
  const db = openReadOnly(dataDir);
  try {
    const row = db.prepare('select article_id from column_articles where id = ?').get(columnArticleId);
    return row?.article_id == null ? null : Number(row.article_id);
  } finally {
    db.close();
  }
}

/** Runs `pnpm admin …` against the server's data, as an editor would. Returns its output. */
export async function admin(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('pnpm', ['admin', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: ROOT },
    timeout: 60_000,
  });
  return stdout;
}

/** The newest code the outbox SMS provider wrote for this phone (`mobile<TAB>code<TAB>time` lines). */
export function smsCodeFor(dataDir: string, mobile: string): string | null {
  const file = path.join(dataDir, 'sms-outbox.log');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    const [phone, code] = line.split('\t');
    if (phone === mobile && /^\d{6}$/.test(code ?? '')) return code;
  }
  return null;
}

// ---------- test data ----------

/** Letters and digits no other run used (member names must be unique). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A phone number no other run used: 1[3-9] + 9 digits. */
export function uniquePhone(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  return `1${3 + Math.floor(Math.random() * 7)}${digits}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A real PNG (size × size, one colour) that an image decoder accepts. */
export function png(size: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What Word puts on the clipboard for a paragraph with a picture: HTML pointing at a temp file, RTF with the bytes. */
export function officeClipboard(picture: Buffer, text: string): { html: string; rtf: string } {
  const hex = picture.toString('hex').replace(/(.{64})/g, '$1\n');
  return {
    html:
      `<html xmlns:v="urn:schemas-microsoft-com:vml"><body><!--StartFragment--><p class=MsoNormal>${text}` +
      '<!--[if gte vml 1]><v:shape><v:imagedata src="file:///C:/Users/w/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png"/></v:shape><![endif]-->' +
      '<![if !vml]><img width=48 height=48 src="file:///C:/Users/w/AppData/Local/Temp/msohtmlclip1/01/clip_image002.png" v:shapes="Picture_x0020_1"><![endif]></p><!--EndFragment--></body></html>',
    rtf:
      String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0 Calibri;}}\pard ${text}` +
      String.raw`{\*\shppict{\pict{\*\picprop{\sp{\sn shapeType}{\sv 75}}}\picscalex100\picscaley100\picw48\pich48\pngblip\bliptag-1{\*\blipuid 00000000000000000000000000000001}` +
      `\n${hex}}}` +
      String.raw`{\nonshppict{\pict\picw48\pich48\wmetafile8\bliptag-1 0100090000036e00000000004500000000000400000003010800}}\par}`,
  };
}
