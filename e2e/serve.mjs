// Starts the built gateway for Playwright with a fresh temporary DATA_DIR (seeded on first start).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  // Only while it still names this server: a new one on the port may have started as this one stopped.
  if (existsSync(pointer) && readFileSync(pointer, 'utf8') === dataDir) rmSync(pointer, { force: true });
};
process.once('exit', cleanup);
// WeChat share cards (e2e/credentials.ts turns them on): the gateway talks to a local fake WeChat API.
if (process.env.WECHAT_APP_ID && !process.env.WECHAT_API_ORIGIN) {
  const { startFakeWechat } = await import('./fake-wechat.mjs');
  process.env.WECHAT_API_ORIGIN = await startFakeWechat({
    appId: process.env.WECHAT_APP_ID,
    secret: process.env.WECHAT_APP_SECRET,
    ticket: process.env.E2E_WECHAT_TICKET,
  });
}
await import('../apps/gateway/dist/server.js');
