// Starts the built gateway for Playwright on the run's DATA_DIR (playwright.config.ts makes a fresh
// temporary one; seeded on first start) and removes it when the server stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.PORT ??= '8091';
process.env.HOST ??= '127.0.0.1';
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.once('exit', cleanup);
await import('../apps/gateway/dist/server.js');
