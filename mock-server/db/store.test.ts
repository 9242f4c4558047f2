import { describe, expect, it } from "vitest";
import { openDatabase } from "./open-database";
import { Store } from "./store";

describe("cached totals", () => {
  it("count once per filter until the table's next write", () => {
    const store = new Store(openDatabase(":memory:"));
    store.db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('a'), ('b'), ('a')");
    const sql = "SELECT COUNT(*) AS total FROM t WHERE v = ?";
    expect(store.cachedCount(["t"], sql, ["a"])).toBe(2);
    store.db.exec("INSERT INTO t (v) VALUES ('a')"); // a write the store was not told about
    expect(store.cachedCount(["t"], sql, ["a"])).toBe(2); // still the cached figure
    store.bump("t");
    expect(store.cachedCount(["t"], sql, ["a"])).toBe(3);
    expect(store.cachedCount(["t"], sql, ["b"])).toBe(1);
    store.close();
  });

  it("carry an unfiltered total across writes with a known row delta, and drop it on rollback", () => {
    const store = new Store(openDatabase(":memory:"));
    store.db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('a'), ('b')");
    const all = "SELECT COUNT(*) AS total FROM t";
    expect(store.cachedCount(["t"], all, [], true)).toBe(2);
    store.db.exec("INSERT INTO t (v) VALUES ('c')");
    store.bump("t", 1);
    store.db.exec("DELETE FROM t WHERE v = 'c'"); // not reported: proves the figure is carried, not recounted
    expect(store.cachedCount(["t"], all, [], true)).toBe(3);
    store.bump("t"); // a write of unknown size
    expect(store.cachedCount(["t"], all, [], true)).toBe(2);
    expect(() =>
      store.transaction(() => {
        store.run("INSERT INTO t (v) VALUES ('d')");
        store.bump("t", 1);
        throw new Error("hook failed");
      }),
    ).toThrow("hook failed");
    expect(store.cachedCount(["t"], all, [], true)).toBe(2);
    store.close();
  });
});
