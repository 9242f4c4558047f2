// Grouped commits: writes of one turn of the event loop share a transaction, each in its own
// savepoint, and each is answered only once the group is committed and synced.
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "./store";

const dir = mkdtempSync(join(tmpdir(), "group-commit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileStore(name: string): { store: Store; file: string } {
  const file = join(dir, name);
  const store = openStore(file);
  store.sqlite!.exec("CREATE TABLE scans (id INTEGER PRIMARY KEY, code TEXT NOT NULL)");
  return { store, file };
}

const insert = (store: Store, code: string | null) => () => store.insert("INSERT INTO scans (code) VALUES (?)", [code]);
const count = async (store: Store) => (await store.get<{ n: number }>("SELECT COUNT(*) AS n FROM scans"))!.n;

describe("grouped commits", () => {
  it("run the writes of one turn together in one transaction, after the turn, and answer each with its own result", async () => {
    const { store } = fileStore("together.db");
    const inTransaction: boolean[] = [];
    const pending = ["A", "B", "C"].map((code) =>
      store.grouped(() => {
        inTransaction.push(store.sqlite!.inTransaction);
        return insert(store, code)();
      }),
    );
    expect(await count(store)).toBe(0); // nothing ran yet: the group waits for the end of the turn
    expect(await Promise.all(pending)).toEqual([1, 2, 3]);
    expect(inTransaction).toEqual([true, true, true]);
    expect(store.sqlite!.pragma("synchronous", { simple: true })).toBe(2); // FULL again for every other write
    await store.close();
  });

  it("an acknowledged write is on disk: another connection reads it, and so does the file once closed", async () => {
    const { store, file } = fileStore("durable.db");
    await Promise.all(["A", "B"].map((code) => store.grouped(insert(store, code))));
    const other = new Database(file, { readonly: true });
    expect(other.prepare("SELECT code FROM scans ORDER BY id").pluck().all()).toEqual(["A", "B"]);
    other.close();
    await store.close();
    const reopened = new Database(file, { readonly: true });
    expect(reopened.prepare("SELECT COUNT(*) FROM scans").pluck().get()).toBe(2);
    reopened.close();
  });

  it("a failing member rolls back its own writes and gets its own error; the others commit", async () => {
    const { store } = fileStore("failing.db");
    const results = await Promise.allSettled([
      store.grouped(insert(store, "A")),
      store.grouped(async () => {
        await insert(store, "half")();
        return await insert(store, null)(); // NOT NULL: the member fails after one write of its own
      }),
      store.grouped(insert(store, "C")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/NOT NULL/);
    expect((await store.all<{ code: string }>("SELECT code FROM scans ORDER BY id")).map((row) => row.code)).toEqual([
      "A",
      "C",
    ]);
    await store.close();
  });

  it("groups in an in-memory database too (nothing to sync)", async () => {
    const store = openStore(":memory:");
    store.sqlite!.exec("CREATE TABLE scans (id INTEGER PRIMARY KEY, code TEXT NOT NULL)");
    expect(await Promise.all([store.grouped(insert(store, "A")), store.grouped(insert(store, "B"))])).toEqual([1, 2]);
    await store.close();
  });
});
