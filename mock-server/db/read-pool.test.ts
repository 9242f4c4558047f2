// The read pool: worker connections that see every committed write, answer while the serving
// thread goes on, and lay a walk's anchors in one snapshot.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openStore, type Store } from "./store";

const dir = mkdtempSync(join(tmpdir(), "read-pool-"));
let store: Store;
beforeAll(async () => {
  store = openStore(join(dir, "console.db"));
  await store.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Counts to `n` in SQL: seconds of work for a few million, with no table to read. */
const slowCount = (n: number) =>
  `WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ${n}) SELECT COUNT(*) AS n FROM c`;

it("has no pool for an in-memory database, whose reads stay inline", async () => {
  const memory = openStore(":memory:");
  expect(memory.pool).toBeUndefined();
  await memory.close();
});

it("sees every write committed before the read was sent, including one in the same turn", async () => {
  for (let i = 1; i <= 5; i += 1) {
    await store.run("INSERT INTO notes (text) VALUES (?)", [`note ${i}`]);
    const rows = await store.pool!.all<{ n: number }>("SELECT COUNT(*) AS n FROM notes");
    expect(rows[0].n).toBe(i);
  }
  await store.grouped(async () => await store.run("INSERT INTO notes (text) VALUES ('grouped')"));
  expect((await store.pool!.all<{ text: string }>("SELECT text FROM notes ORDER BY id DESC LIMIT 1"))[0].text).toBe(
    "grouped",
  );
});

it("answers a cheap read while a long one runs on the pool", async () => {
  const order: string[] = [];
  const slow = store.pool!.all<{ n: number }>(slowCount(3_000_000)).then((rows) => {
    order.push("slow");
    return rows[0].n;
  });
  // The serving thread is free: its timers and inline reads run while the worker counts.
  await new Promise((tick) => setTimeout(tick, 20));
  expect((await store.get<{ n: number }>("SELECT COUNT(*) AS n FROM notes"))?.n).toBe(6);
  order.push("cheap");
  expect(await slow).toBe(3_000_000);
  expect(order).toEqual(["cheap", "slow"]);
});

it("refuses bad SQL with the database's message, and keeps serving", async () => {
  await expect(store.pool!.all("SELECT x FROM nowhere")).rejects.toThrow(/no such table/);
  expect((await store.pool!.all<{ n: number }>("SELECT 1 AS n"))[0].n).toBe(1);
});

it("walks rows in one snapshot, keeping every k-th and counting all, announcing the snapshot first", async () => {
  let opened = false;
  const walk = await store.pool!.walk("SELECT id FROM notes ORDER BY id DESC", [], 4, () => (opened = true));
  expect(opened).toBe(true);
  expect(walk).toEqual({ kept: [[6], [2]], count: 6 });
});
