// `npm run screenshots`: the browser tests' set-up (the built console served by the compiled mock
// server on a fresh demo database, Debian's Chromium), pointed at the screenshot script.
import { defineConfig } from "@playwright/test";
import { join, resolve } from "node:path";
import base from "../../playwright.config";

const root = resolve(import.meta.dirname, "../..");

export default defineConfig({
  ...base,
  testDir: ".",
  outputDir: process.env.E2E_OUTPUT ?? join(root, "test-results/screenshots"),
  // The server's command and its database path are the repository root's, as for the browser tests.
  webServer: { ...(base.webServer as NonNullable<typeof base.webServer> & object), cwd: root },
});
