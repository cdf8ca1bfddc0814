import { defineConfig, devices } from '@playwright/test';
import { E2E_ENV } from './e2e/credentials';

/** End-to-end tests against the BUILT gateway (run `pnpm build` first), desktop and phone viewports. */

// Each run is isolated from the machine's shared services: the gateway gets a fresh SQLite database
// in a temp DATA_DIR and in-memory counters, so rate-limit windows and rows never leak from one run
// into the next (the API tests cover PostgreSQL and Redis). Workers inherit this environment.
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
// Non-default credential and token secret for the gateway and the workers' direct API calls (e2e/api.ts).
Object.assign(process.env, E2E_ENV);
const PORT = Number(process.env.E2E_PORT ?? 8091);
const baseURL = `http://127.0.0.1:${PORT}`;

/** Specs that publish and take down articles and topics (see the *-writes projects). */
const WRITERS = /(admin|admin-resources|admin-papers|topic-page|xss)\.spec\.ts$/;
const DESKTOP = { browserName: 'chromium', viewport: { width: 1280, height: 800 } } as const;
const PHONE = {
  browserName: 'chromium',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['iPhone 13'].userAgent,
} as const;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: WRITERS, use: DESKTOP },
    { name: 'phone', testIgnore: WRITERS, use: PHONE },
    // Specs that publish (hostile column articles, the back office's walk) change "the newest
    // article" every reading spec reads: they run after the reading specs, at both sizes.
    { name: 'desktop-writes', testMatch: WRITERS, dependencies: ['desktop', 'phone'], use: DESKTOP },
    { name: 'phone-writes', testMatch: WRITERS, dependencies: ['desktop', 'phone'], use: PHONE },
  ],
  webServer: {
    // A fresh DATA_DIR per run: the first start migrates and seeds it.
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/robots.txt`,
    // The public origin is configured, as an operator does: canonical and og:url links use it.
    env: { PORT: String(PORT), LOG_LEVEL: 'warn', PUBLIC_ORIGIN: baseURL, ...E2E_ENV },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // SIGTERM, not Playwright's default SIGKILL: the gateway closes and e2e/serve.mjs removes its
    // temp DATA_DIR and the port's pointer to it (a killed run used to leave both behind).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
