// The public scan answers once its grouped commit is on disk, so every scan the
// server acknowledged is in the database file after the server is closed.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { buildApp } from "../app";
import { fixtureContract } from "../test-fixtures/contract.fixture";
import { ANCHOR, call, envelope } from "../test-fixtures/test-app";

const dir = mkdtempSync(join(tmpdir(), "scan-durability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("every acknowledged scan of a burst is in the file after close, counted once each", async () => {
  const dbFile = join(dir, "console.db");
  const app = await buildApp({ contract: fixtureContract, dbFile, docs: false, seedAnchor: ANCHOR });
  const { code } = (await app.consoleContext.store.get<{ code: string }>(
    'SELECT code FROM "trace_codes" WHERE product_id IS NOT NULL AND (scan_count IS NULL OR scan_count = 0) ORDER BY id LIMIT 1',
  ))!;
  const scans = await Promise.all(
    Array.from({ length: 12 }, () => call(app, { url: "/api/public/scan", query: { code } }).then(envelope)),
  );
  expect(scans.every((scan) => scan.status_code === 200)).toBe(true);
  // Each scan of the burst got its own number, as one after the other would.
  expect(scans.map((scan) => scan.data.scan_index).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
  await app.close();

  const file = new Database(dbFile, { readonly: true });
  expect(file.prepare('SELECT COUNT(*) FROM "consumer_scans" WHERE code = ?').pluck().get(code)).toBe(12);
  expect(file.prepare('SELECT scan_count FROM "trace_codes" WHERE code = ?').pluck().get(code)).toBe(12);
  file.close();
});
