// The WAL is folded into the database file by the worker thread, not inside a serving commit.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { BACKSTOP_PAGES, START_AT_WAL_BYTES, startCheckpointer } from "./checkpointer";
import { openDatabase } from "./open-database";
import { openStore } from "./store";

const dir = mkdtempSync(join(tmpdir(), "checkpointer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("checkpoints a file database from its worker, the serving connection keeping only a high backstop", async () => {
  const file = join(dir, "console.db");
  const store = openStore(file);
  expect(store.sqlite!.pragma("wal_autocheckpoint", { simple: true })).toBe(BACKSTOP_PAGES);
  store.sqlite!.exec("CREATE TABLE pages (id INTEGER PRIMARY KEY, filler TEXT)");
  const before = statSync(file).size;
  // About 4 MB: far below the backstop, so only the worker can have copied it into the file.
  await store.transaction(async () => {
    for (let i = 0; i < 4000; i += 1) await store.run("INSERT INTO pages (filler) VALUES (?)", ["x".repeat(1000)]);
  });
  let after = before;
  for (let waited = 0; waited < 5000 && after < before + 3_000_000; waited += 100) {
    await new Promise((tick) => setTimeout(tick, 100));
    after = statSync(file).size;
  }
  expect(after).toBeGreaterThan(before + 3_000_000);
  await store.close();
});

it("starts the worker only once the WAL has grown: a server that mostly reads has none", async () => {
  const db = openDatabase(join(dir, "reads.db"));
  const checkpointer = startCheckpointer(db)!;
  db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
  for (let i = 0; i < 20; i += 1) db.prepare("INSERT INTO notes (text) VALUES (?)").run("a few small writes");
  await new Promise((tick) => setTimeout(tick, 600));
  expect(statSync(`${db.name}-wal`).size).toBeLessThan(START_AT_WAL_BYTES);
  expect(checkpointer.started()).toBe(false);
  db.transaction(() => {
    for (let i = 0; i < 600; i += 1) db.prepare("INSERT INTO notes (text) VALUES (?)").run("y".repeat(4000));
  })();
  for (let waited = 0; waited < 5000 && !checkpointer.started(); waited += 100)
    await new Promise((tick) => setTimeout(tick, 100));
  expect(checkpointer.started()).toBe(true);
  await checkpointer.stop();
  db.close();
});

it("starts no worker for an in-memory database", async () => {
  const store = openStore(":memory:");
  expect(store.sqlite!.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  await store.close();
});
