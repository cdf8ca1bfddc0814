// Starts the built gateway for Playwright with a fresh temporary DATA_DIR (seeded on first start).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.PORT ??= '8091';
process.env.HOST ??= '127.0.0.1';
// The tests find this server's DATA_DIR by its port (e2e/member-helpers.ts): another e2e run on the
// machine, on another port, never gets mistaken for it.
const pointer = path.join(tmpdir(), `e2e-server-${process.env.PORT}.datadir`);
writeFileSync(pointer, dataDir);
const cleanup = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pointer, { force: true });
};
process.once('exit', cleanup);
await import('../apps/gateway/dist/server.js');
