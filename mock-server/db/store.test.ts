import { describe, expect, it } from "vitest";
import { openStore } from "./store";

describe("a read at once (valuesAtOnce)", () => {
  it("answers what values() answers, null for no row, and nothing inside a transaction", async () => {
    const store = openStore(":memory:");
    store.sqlite!.exec(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, n INTEGER); INSERT INTO t (v, n) VALUES ('a', 1)",
    );
    const sql = "SELECT id, v, n FROM t WHERE id = ?";
    expect(store.valuesAtOnce(sql, [1])).toEqual(await store.values(sql, [1]));
    expect(store.valuesAtOnce(sql, [1])).toEqual([1, "a", 1]);
    expect(store.valuesAtOnce(sql, [2])).toBeNull();
    await store.transaction(async () => {
      await store.run("UPDATE t SET v = 'b' WHERE id = 1");
      // Inside, the caller's own uncommitted write must be read through the transaction: values() does.
      expect(store.valuesAtOnce(sql, [1])).toBeUndefined();
    });
    expect(store.valuesAtOnce(sql, [1])).toEqual([1, "b", 1]);
    await store.close();
  });
});

describe("cached totals", () => {
  it("count once per filter until the table's next write", async () => {
    const store = openStore(":memory:");
    store.sqlite!.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('a'), ('b'), ('a')");
    const sql = "SELECT COUNT(*) AS total FROM t WHERE v = ?";
    expect(await store.cachedCount(["t"], sql, ["a"])).toBe(2);
    store.sqlite!.exec("INSERT INTO t (v) VALUES ('a')"); // a write the store was not told about
    expect(await store.cachedCount(["t"], sql, ["a"])).toBe(2); // still the cached figure
    store.bump("t");
    expect(await store.cachedCount(["t"], sql, ["a"])).toBe(3);
    expect(await store.cachedCount(["t"], sql, ["b"])).toBe(1);
    await store.close();
  });

  it("carry an unfiltered total across writes with a known row delta, and drop it on rollback", async () => {
    const store = openStore(":memory:");
    store.sqlite!.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('a'), ('b')");
    const all = "SELECT COUNT(*) AS total FROM t";
    expect(await store.cachedCount(["t"], all, [], true)).toBe(2);
    store.sqlite!.exec("INSERT INTO t (v) VALUES ('c')");
    store.bump("t", 1);
    store.sqlite!.exec("DELETE FROM t WHERE v = 'c'"); // not reported: proves the figure is carried, not recounted
    expect(await store.cachedCount(["t"], all, [], true)).toBe(3);
    store.bump("t"); // a write of unknown size
    expect(await store.cachedCount(["t"], all, [], true)).toBe(2);
    await expect(
      store.transaction(async () => {
        await store.run("INSERT INTO t (v) VALUES ('d')");
        store.bump("t", 1);
        throw new Error("hook failed");
      }),
    ).rejects.toThrow("hook failed");
    expect(await store.cachedCount(["t"], all, [], true)).toBe(2);
    await store.close();
  });
});

describe("totals kept exact across one-row writes", () => {
  const filters: { where: string; params: (string | number)[] }[] = [
    { where: "", params: [] },
    { where: `WHERE "v" = ?`, params: ["a"] },
    { where: `WHERE "v" LIKE ? ESCAPE '\\'`, params: ["%A%"] },
    { where: `WHERE "n" >= ? AND "n" <= ?`, params: [3, 7] },
    { where: `WHERE "v" = ? AND "n" >= ?`, params: ["ab", 5] },
  ];

  function setUp() {
    const store = openStore(":memory:");
    store.sqlite!.exec(`CREATE TABLE "t" ("id" INTEGER PRIMARY KEY, "v" TEXT, "n" INTEGER)`);
    const counted: string[] = [];
    const get = store.get.bind(store);
    store.get = (sql: string, params?: never) => {
      if (sql.startsWith("SELECT COUNT(*)") && !sql.includes(`"id" = ?`)) counted.push(sql);
      return get(sql, params);
    };
    const totals = async () => {
      const counts: number[] = [];
      for (const filter of filters) counts.push(await store.tableCount("t", `"t"`, filter.where, filter.params));
      return counts;
    };
    const truth = () =>
      filters.map(
        (filter) =>
          (
            store.sqlite!.prepare(`SELECT COUNT(*) AS n FROM "t" ${filter.where}`).get(...filter.params) as {
              n: number;
            }
          ).n,
      );
    return { store, counted, totals, truth };
  }

  it("adjusts every filtered total by where the row moved, without recounting, and equals COUNT(*) after each write", async () => {
    const { store, counted, totals, truth } = setUp();
    const values = ["a", "ab", "ba", "A", null, "c"];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 30; i += 1)
      await store.run(`INSERT INTO "t" ("v", "n") VALUES (?, ?)`, [values[random(values.length)]!, random(10)]);
    expect(await totals()).toEqual(truth());
    const countsAfterFirstRead = counted.length;
    for (let step = 0; step < 300; step += 1) {
      const ids = (await store.all<{ id: number }>(`SELECT "id" FROM "t"`)).map((row) => row.id);
      const kind = ids.length === 0 ? 0 : random(3);
      if (kind === 0)
        await store.rowWrite("t", undefined, () =>
          store.insert(`INSERT INTO "t" ("v", "n") VALUES (?, ?)`, [values[random(values.length)]!, random(10)]),
        );
      else {
        const id = ids[random(ids.length)];
        if (kind === 1)
          await store.rowWrite(
            "t",
            id,
            async () => (
              await store.run(`UPDATE "t" SET "v" = ?, "n" = ? WHERE "id" = ?`, [
                values[random(values.length)]!,
                random(10),
                id,
              ]),
              id
            ),
          );
        else await store.rowWrite("t", id, async () => (await store.run(`DELETE FROM "t" WHERE "id" = ?`, [id]), id));
      }
      expect(await totals()).toEqual(truth());
    }
    // Not one of those 300 reads had to count again: every total was adjusted.
    expect(counted.length).toBe(countsAfterFirstRead);
    await store.close();
  });

  it("recounts after a write of unknown rows, and after a rolled-back one-row write", async () => {
    const { store, counted, totals, truth } = setUp();
    await store.run(`INSERT INTO "t" ("v", "n") VALUES ('a', 1), ('b', 5)`);
    expect(await totals()).toEqual(truth());
    await store.run(`UPDATE "t" SET "v" = 'a'`);
    store.bump("t", 0);
    expect(await totals()).toEqual(truth()); // the filtered totals were recounted, the unfiltered one carried
    const before = counted.length;
    await expect(
      store.transaction(() =>
        store.rowWrite("t", undefined, async () => {
          await store.run(`INSERT INTO "t" ("v", "n") VALUES ('a', 4)`);
          throw new Error("unique violation");
        }),
      ),
    ).rejects.toThrow("unique violation");
    expect(await totals()).toEqual(truth()); // a rolled-back transaction drops the totals: recounted
    expect(counted.length).toBeGreaterThan(before);
    await expect(
      store.transaction(async () => {
        await store.rowWrite("t", undefined, () => store.insert(`INSERT INTO "t" ("v", "n") VALUES ('a', 4)`));
        throw new Error("a later rule refused");
      }),
    ).rejects.toThrow("a later rule refused");
    expect(await totals()).toEqual(truth()); // adjusted inside the transaction, then dropped with it
    await store.close();
  });
});

describe("values: a row read as an array", () => {
  it("gives the values in the SELECT list's order, undefined for no row, and leaves get() on the same SQL giving objects", async () => {
    const store = openStore(":memory:");
    await store.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, flag INTEGER)");
    await store.run("INSERT INTO t (name, flag) VALUES (?, ?)", ["a", 1]);
    const sql = `SELECT "flag", "name", "id" FROM t WHERE "id" = ?`;
    expect(await store.get(sql, [1])).toEqual({ flag: 1, name: "a", id: 1 });
    expect(await store.values(sql, [1])).toEqual([1, "a", 1]);
    expect(await store.get(sql, [1])).toEqual({ flag: 1, name: "a", id: 1 });
    expect(await store.values(sql, [2])).toBeUndefined();
    await store.close();
  });
});

describe("afterCommit", () => {
  it("runs after the outermost commit, outside the transaction, and never after a rollback", async () => {
    const store = openStore(":memory:");
    await store.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
    const seen: string[] = [];
    await store.transaction(async () => {
      await store.run("INSERT INTO notes (text) VALUES ('a')");
      await store.transaction(() => {
        store.afterCommit(() => {
          seen.push("after");
          // Outside the transaction: a statement here goes to the engine, which sees the commit.
          void store.get<{ n: number }>("SELECT COUNT(*) AS n FROM notes").then((row) => seen.push(`rows ${row?.n}`));
        });
      });
      seen.push("inside");
    });
    await expect(
      store.transaction(() => {
        store.afterCommit(() => seen.push("never"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(["inside", "after", "rows 1"]);
    await store.close();
  });
});
