import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium.ts';
import { pushServiceOrigin } from './support/push.ts';

/**
 * Journeys against the production build served by the real server, in Debian's Chromium (test
 * tools cannot download browsers here). Each run gets a fresh embedded database, or the
 * PostgreSQL database named by TEST_DATABASE_URL.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
// localhost, not 127.0.0.1: WebAuthn takes a domain for the RP ID, never an IP address, and the
// RP ID is APP_ORIGIN's hostname (docs/decisions/028). The server still listens on 127.0.0.1.
const baseURL = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'btcp-e2e-'));
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // A journey's budget. The longest unmarked journeys take 16-25 s here (more on PostgreSQL than
  // on PGlite) and CI's machine has run them past 30 s; the longest still mark themselves slow.
  // Each wait inside a journey fails on its own (expect's 7 s), so a hang is caught as before.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, '.reports/e2e.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  // The first-run journey creates the run's first admin at /create-admin, so it must come
  // before every journey that signs an admin in (which would otherwise create one itself).
  projects: [
    {
      name: 'first-run',
      testMatch: /accounts\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'chromium',
      testIgnore: /accounts\.spec\.ts$/,
      dependencies: ['first-run'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (compiled afresh from the source on disk).
    command: 'node scripts/server-build.mjs && node apps/server/build/main.mjs',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Mail links must open on the address the browser uses, so its cookies apply.
      APP_ORIGIN: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      // The Signals journey signs a farm up from a network of its own through X-Forwarded-For;
      // the browser sends no such header, so every other request is 127.0.0.1 as before.
      TRUST_PROXY: 'true',
      // Every journey signs in from one address; the limits themselves are covered by server tests.
      RATE_LIMIT_AUTH_PER_IP: '10000',
      RATE_LIMIT_AUTH_PER_ACCOUNT: '10000',
      RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR: '10000',
      RATE_LIMIT_COMMUNITY_COMMENTS_PER_HOUR: '10000',
      RATE_LIMIT_COMMUNITY_VOTES_PER_MINUTE: '10000',
      // Web Push goes to the run's local push service (support/push.ts), started by its journey.
      WEB_PUSH_ALLOWED_ORIGINS: pushServiceOrigin,
    },
  },
});
