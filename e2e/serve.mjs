// Starts the built gateway for Playwright with a fresh temporary DATA_DIR (seeded on first start).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.PORT ??= '8091';
process.env.HOST ??= '127.0.0.1';
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.once('exit', cleanup);
await import('../apps/gateway/dist/server.js');
