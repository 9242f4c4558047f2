// Browser tests against the built console served by the mock server (production mode, fresh database).
// `npm run test:e2e` builds first; Chromium is Debian's (Playwright's own download is not available here).
import { defineConfig } from "@playwright/test";

// E2E_PORT and E2E_DB let two runs share a machine; the database is reset at every start.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DB_FILE = process.env.E2E_DB ?? ".data/e2e.db";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT ?? "test-results",
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  // Generous: this machine is shared, and a first render of a screen can take seconds under load.
  expect: { timeout: 20_000 },
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    locale: "en-US",
    viewport: { width: 1366, height: 800 },
    // No animations: a menu item must not move between the press and the release of a click.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    // The compiled server `npm start` runs, compiled again first (a second or two) so that it is never stale.
    // PUBLIC_ORIGIN is the baseURL: consumer links and seeded images point where the browser reaches it.
    // DEV_CLOCK=1 opens POST /api/dev/clock so a spec can move the clock (dev-clock.ts); npm start never sets it.
    command: `npm run --silent build:server && DB_FILE=${DB_FILE} RESET_DB=1 PORT=${PORT} PUBLIC_ORIGIN=http://127.0.0.1:${PORT} NODE_ENV=production DEV_CLOCK=1 npm run --silent serve`,
    url: `http://127.0.0.1:${PORT}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
