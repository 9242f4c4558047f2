// The reads of one turn of the event loop share one read transaction; no write ever
// joins it (each commits on its own, at once, as before).
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openStore, type Store } from "./store";

const dir = mkdtempSync(join(tmpdir(), "shared-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fileStore(name: string): Promise<{ store: Store; other: Database.Database }> {
  const file = join(dir, name);
  const store = openStore(file);
  await store.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
  // Another connection: sees a write only once it is committed.
  return { store, other: new Database(file, { readonly: true }) };
}

const nextTurn = () => new Promise((done) => setImmediate(done));
const rowsSeenByOther = (other: Database.Database) =>
  (other.prepare("SELECT COUNT(*) AS n FROM t").get() as { n: number }).n;

describe("the reads of a turn share one read transaction", () => {
  it("opens it at a turn's first read and ends it at the turn's end", async () => {
    const { store, other } = await fileStore("turn.db");
    await nextTurn();
    expect(store.sqlite!.inTransaction).toBe(false);
    await store.get("SELECT COUNT(*) AS n FROM t");
    expect(store.sqlite!.inTransaction).toBe(true);
    await store.all("SELECT * FROM t");
    await nextTurn();
    expect(store.sqlite!.inTransaction).toBe(false);
    other.close();
    await store.close();
  });

  it("ends it before a write, so each write commits at once and the turn's later reads see it", async () => {
    const { store, other } = await fileStore("writes.db");
    await nextTurn();
    await store.get("SELECT COUNT(*) AS n FROM t");
    await store.run("INSERT INTO t (v) VALUES ('run')");
    expect(rowsSeenByOther(other)).toBe(1); // committed, not held until the turn's end
    await store.get("SELECT COUNT(*) AS n FROM t");
    await store.transaction(async () => await store.run("INSERT INTO t (v) VALUES ('transaction')"));
    expect(rowsSeenByOther(other)).toBe(2);
    expect((await store.get<{ n: number }>("SELECT COUNT(*) AS n FROM t"))!.n).toBe(2);
    await store.exec("CREATE INDEX t_v ON t (v)");
    expect(store.sqlite!.inTransaction).toBe(false);
    other.close();
    await store.close();
  });

  it("a rolled-back transaction after a read leaves no row and no transaction behind", async () => {
    const { store, other } = await fileStore("rollback.db");
    await nextTurn();
    await store.get("SELECT COUNT(*) AS n FROM t");
    await expect(
      store.transaction(async () => {
        await store.run("INSERT INTO t (v) VALUES ('lost')");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(store.sqlite!.inTransaction).toBe(false);
    expect(rowsSeenByOther(other)).toBe(0);
    other.close();
    await store.close();
  });

  it("a grouped commit after a read in the same turn is still committed and synced on its own", async () => {
    const { store, other } = await fileStore("grouped.db");
    await nextTurn();
    const prepared = vi.spyOn(store.sqlite!, "prepare");
    // The group is asked for first, so its commit comes before the read transaction's own end.
    const written = store.grouped(async () => (await store.run("INSERT INTO t (v) VALUES ('scan')")).changes);
    await store.get("SELECT COUNT(*) AS n FROM t");
    await expect(written).resolves.toBe(1);
    expect(rowsSeenByOther(other)).toBe(1);
    // The group took the durable path (its own commit at NORMAL, then the WAL synced), not the read's transaction.
    expect(prepared.mock.calls.map(([sql]) => sql).filter((sql) => sql.startsWith("PRAGMA"))).toEqual([
      "PRAGMA synchronous = NORMAL",
      "PRAGMA synchronous = FULL",
    ]);
    expect(store.sqlite!.pragma("synchronous", { simple: true })).toBe(2); // FULL again
    other.close();
    await store.close();
  });
});
