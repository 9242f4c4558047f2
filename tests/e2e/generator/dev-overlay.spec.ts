// In the dev server an analyst works with, a broken manifest shows one
// message in Vite's error overlay, and fixing the YAML clears the overlay (left up, it would block
// every click until Esc) while the terminal says "manifest OK".
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";

const PROJECT = resolve(import.meta.dirname, "..", "..", "..");
const COPIED = [
  "src",
  "schema",
  "mock-server",
  "generator",
  "index.html",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  ".prettierrc.json",
];
const PORT = 4175;

let root: string;
let vite: ChildProcess;
let terminal = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  root = mkdtempSync(join(tmpdir(), "dev-overlay-"));
  for (const entry of COPIED) cpSync(join(PROJECT, entry), join(root, entry), { recursive: true });
  symlinkSync(join(PROJECT, "node_modules"), join(root, "node_modules"));
  vite = spawn("npx", ["vite", "--configLoader", "runner", "--strictPort"], {
    cwd: root,
    env: { ...process.env, DEV_PORT: String(PORT), VITE_CACHE_DIR: join(root, ".vite") },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  vite.stdout!.on("data", (chunk: Buffer) => (terminal += chunk.toString()));
  vite.stderr!.on("data", (chunk: Buffer) => (terminal += chunk.toString()));
  await expect.poll(() => terminal, { timeout: 120_000 }).toContain(`${PORT}`);
});

test.afterAll(() => {
  if (vite?.pid) process.kill(-vite.pid, "SIGTERM");
  if (root) rmSync(root, { recursive: true, force: true });
});

test("a broken manifest shows one message in the overlay; fixing it clears the overlay", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`http://127.0.0.1:${PORT}/login`);
  await expect(page.getByLabel("Account name")).toBeVisible({ timeout: 120_000 });

  const file = join(root, "schema", "resources", "warehouses.yaml");
  const good = readFileSync(file, "utf8");
  const broken = good.replace("filter: contains, sortable: true}", "filter: contains, sortable: true");
  expect(broken).not.toBe(good);
  writeFileSync(file, broken);
  const overlay = page.locator("vite-error-overlay");
  await expect(overlay).toHaveCount(1, { timeout: 30_000 });
  const message = await overlay.evaluate((element) => element.shadowRoot?.querySelector(".message")?.textContent ?? "");
  expect(message).toContain("warehouses.yaml:12:11");
  expect(message).toContain("this { is never closed");
  expect(message.match(/YAML:/g)).toHaveLength(1); // one mistake, one message

  terminal = "";
  writeFileSync(file, good);
  await expect(overlay).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => terminal, { timeout: 30_000 }).toMatch(/manifest OK, \d+ file\(s\) regenerated/);
  await expect(page.getByLabel("Account name")).toBeVisible();
});
