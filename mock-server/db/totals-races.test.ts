// Kept totals under one-row writes that overlap, as PostgreSQL runs them side by side: each write
// holds its row before it asks the totals about it, so writes of different rows each add their own
// move and the totals stay kept (no recount of the table), and writes of the same row queue, each
// asking after the last committed. Checked against COUNT(*) once all have committed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "./store";
import { testDatabase } from "../test-fixtures/test-database";

let store: Store;
const FILTER = `WHERE "v" = ?`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  store = openStore(await testDatabase());
  await store.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`);
  await store.run(`INSERT INTO t (id, v) VALUES (1, 'a'), (2, 'b'), (3, 'a'), (4, 'b'), (5, 'a'), (6, 'b')`);
});
afterAll(() => store.close());

const totals = () => [store.tableCount("t", `"t"`, FILTER, ["a"]), store.tableCount("t", `"t"`, "", [])];
const kept = () => [store.keptTableCount("t", `"t"`, FILTER, ["a"]), store.keptTableCount("t", `"t"`, "", [])];
const truth = async () =>
  (
    await Promise.all([
      store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM t ${FILTER}`, ["a"]),
      store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM t`),
    ])
  ).map((row) => Number(row!.n));

/** One write in its own transaction, held open a while after its statement so that the others overlap it. */
const write = (id: number | undefined, sql: string, params: (string | number)[]) =>
  store.transaction(async () => {
    await store.rowWrite("t", id, async () => {
      const made = id === undefined ? await store.insert(sql, params) : (await store.run(sql, params), id);
      await pause(30);
      return made;
    });
  });
const toggle = (id: number) => write(id, `UPDATE t SET v = CASE WHEN v = 'a' THEN 'b' ELSE 'a' END WHERE id = ?`, [id]);

describe("kept totals under overlapping one-row writes", () => {
  it("stay kept and exact: the same row toggled three times at once, other rows created, moved and deleted", async () => {
    await Promise.all(totals());
    await Promise.all([
      toggle(1),
      toggle(1),
      toggle(1),
      toggle(2),
      write(undefined, `INSERT INTO t (id, v) VALUES (?, ?)`, [7, "a"]),
      write(undefined, `INSERT INTO t (id, v) VALUES (?, ?)`, [8, "b"]),
      write(3, `DELETE FROM t WHERE id = ?`, [3]),
      write(4, `DELETE FROM t WHERE id = ?`, [4]),
    ]);
    expect(kept()).toEqual(await truth());
  });
});
