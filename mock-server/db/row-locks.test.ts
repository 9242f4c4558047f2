// store.lockRows on the engine under test: inside a transaction it holds the named rows until the
// transaction ends (PostgreSQL makes a second locker wait; SQLite's one writer already does); outside
// one it is refused, since a lock that ends with its own statement protects nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "./store";
import { testDatabase } from "../test-fixtures/test-database";

let store: Store;
beforeAll(async () => {
  store = openStore(await testDatabase());
  await store.exec(`CREATE TABLE boxes (id INTEGER PRIMARY KEY, code TEXT NOT NULL, places INTEGER NOT NULL)`);
  await store.run(`INSERT INTO boxes (id, code, places) VALUES (1, 'B1', 1), (2, 'B2', 1)`);
});
afterAll(() => store.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("lockRows", () => {
  it("refuses outside a transaction", async () => {
    await expect(store.lockRows("boxes", "code", ["B1"])).rejects.toThrow(/outside a transaction/);
  });

  it("makes a racing read-check-write wait, so the last place is taken once", async () => {
    const take = (holdMs: number) =>
      store.transaction(async () => {
        await store.lockRows("boxes", "code", ["B2", "B1"]);
        const { places } = (await store.get<{ places: number }>(`SELECT places FROM boxes WHERE id = 1`))!;
        await pause(holdMs);
        if (places < 1) return "full";
        await store.run(`UPDATE boxes SET places = places - 1 WHERE id = 1`);
        return "taken";
      });
    const first = take(100);
    await pause(20);
    expect(await Promise.all([first, take(0)])).toEqual(["taken", "full"]);
    expect(await store.get(`SELECT places FROM boxes WHERE id = 1`)).toEqual({ places: 0 });
  });
});

describe("forUpdate: the lock taken by the reading statement itself", () => {
  it("refuses outside a transaction", () => {
    expect(() => store.forUpdate()).toThrow(/outside a transaction/);
  });

  it("makes a racing read-check-write wait, as lockRows does", async () => {
    await store.run(`UPDATE boxes SET places = 1 WHERE id = 2`);
    const take = (holdMs: number) =>
      store.transaction(async () => {
        const { places } = (await store.get<{ places: number }>(
          `SELECT places FROM boxes WHERE id = 2${store.forUpdate()}`,
        ))!;
        await pause(holdMs);
        if (places < 1) return "full";
        await store.run(`UPDATE boxes SET places = places - 1 WHERE id = 2`);
        return "taken";
      });
    const first = take(100);
    await pause(20);
    expect(await Promise.all([first, take(0)])).toEqual(["taken", "full"]);
    expect(await store.get(`SELECT places FROM boxes WHERE id = 2`)).toEqual({ places: 0 });
  });
});
