// A one-row write asks every kept total of its table whether it counts the row, before the write and
// after it. On PostgreSQL the questions of each side are sent together and share one round trip of
// the write's transaction, however many totals are kept: one after another, each was a round trip
// (the lists bench's writer keeps two, the filtered page's and the whole table's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "./store";
import { testDatabase, testEngine } from "../test-fixtures/test-database";
import { countStatements } from "../test-fixtures/statement-count";

let store: Store;
const TOTALS = [`WHERE "v" = ?`, `WHERE "v" <> ?`, ""];

beforeAll(async () => {
  store = openStore(await testDatabase());
  // The change feed's listener connects in the background, and drops whatever is kept once it
  // listens (changes may have been missed before): keep the totals after that, or a slow connect
  // (two test workers on two cores) drops them before the write this test counts.
  await store.caughtUp();
  await store.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`);
  await store.run(`INSERT INTO t (id, v) VALUES (1, 'a'), (2, 'b'), (3, 'a')`);
  for (const where of TOTALS) await store.tableCount("t", `"t"`, where, where ? ["a"] : []);
});
afterAll(() => store.close());

const update = (id: number, v: string) =>
  store.transaction(async () => {
    await store.rowWrite("t", id, async () => {
      await store.run(`UPDATE t SET v = ? WHERE id = ?`, [v, id]);
      return id;
    });
  });

describe.runIf(testEngine() === "postgres")("a one-row write's questions to the kept totals", () => {
  it("take one round trip before the write and one after it, for three totals", async () => {
    const counted = await countStatements(() => update(2, "a"));
    const questions = counted.statements.filter((sql) => sql.includes("COUNT(*)"));
    expect(questions).toHaveLength(2 * TOTALS.length);
    // BEGIN with the questions before, the UPDATE, the questions after, COMMIT.
    expect(counted.roundTrips, counted.statements.join("\n")).toBe(4);
    for (const [index, where] of TOTALS.entries()) {
      const truth = (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM t ${where}`, where ? ["a"] : []))!.n;
      expect(store.keptTableCount("t", `"t"`, TOTALS[index], where ? ["a"] : []), where).toBe(Number(truth));
    }
  });
});
