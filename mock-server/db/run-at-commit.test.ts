// store.runAtCommit: a write left to the end of the transaction it is called in, run just before
// the COMMIT (on PostgreSQL in its round trip), on both engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "./store";
import { testDatabase } from "../test-fixtures/test-database";

let store: Store;
beforeAll(async () => {
  store = openStore(await testDatabase());
  await store.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`);
  await store.run(`INSERT INTO t (id, v) VALUES (1, 'a')`);
});
afterAll(() => store.close());

const valueOf = async (id: number) => (await store.get<{ v: string }>(`SELECT v FROM t WHERE id = ?`, [id]))?.v;

describe("runAtCommit", () => {
  it("runs the write after the transaction's work, before it commits", async () => {
    await store.transaction(async () => {
      await store.runAtCommit(`UPDATE t SET v = ? WHERE id = ?`, ["at commit", 1]);
      expect(await valueOf(1)).toBe("a"); // not yet: the work reads the row as it was
      await store.run(`UPDATE t SET v = ? WHERE id = ?`, ["in the work", 1]);
    });
    expect(await valueOf(1)).toBe("at commit");
  });

  it("runs nothing when the transaction rolls back", async () => {
    await expect(
      store.transaction(async () => {
        await store.runAtCommit(`INSERT INTO t (id, v) VALUES (?, ?)`, [2, "never"]);
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    expect(await valueOf(2)).toBeUndefined();
  });

  it("runs nothing a savepoint left to the end when the savepoint rolls back", async () => {
    await store.transaction(async () => {
      await store.runAtCommit(`INSERT INTO t (id, v) VALUES (?, ?)`, [3, "kept"]);
      await expect(
        store.transaction(async () => {
          await store.runAtCommit(`INSERT INTO t (id, v) VALUES (?, ?)`, [4, "rolled back"]);
          throw new Error("the savepoint failed");
        }),
      ).rejects.toThrow("the savepoint failed");
    });
    expect([await valueOf(3), await valueOf(4)]).toEqual(["kept", undefined]);
  });

  it("fails the commit when the write fails, with its own failure, and the transaction's work is undone", async () => {
    await expect(
      store.transaction(async () => {
        await store.run(`INSERT INTO t (id, v) VALUES (?, ?)`, [5, "undone"]);
        await store.runAtCommit(`INSERT INTO t (id, v) VALUES (?, ?)`, [1, "a duplicate id"]);
        store.bump("t"); // an announcement, sent with the COMMIT on PostgreSQL
      }),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);
    expect(await valueOf(5)).toBeUndefined();
  });

  it("runs the write at once outside a transaction", async () => {
    await store.runAtCommit(`INSERT INTO t (id, v) VALUES (?, ?)`, [6, "now"]);
    expect(await valueOf(6)).toBe("now");
  });
});
