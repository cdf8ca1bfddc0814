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

/** Specs that change what every reader sees (see the backoffice project). */
const BACK_OFFICE = /admin\.spec\.ts$/;

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
    {
      name: 'desktop',
      testIgnore: BACK_OFFICE,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: BACK_OFFICE,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['iPhone 13'].userAgent,
      },
    },
    {
      // The back office publishes and takes down the newest articles, which the reading specs
      // read as "the latest": it runs after them, on the editors' 1440x900 screen.
      name: 'backoffice',
      testMatch: BACK_OFFICE,
      dependencies: ['desktop', 'phone'],
      use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // A fresh DATA_DIR per run: the first start migrates and seeds it.
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/robots.txt`,
    env: { PORT: String(PORT), LOG_LEVEL: 'warn', ...E2E_ENV },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
