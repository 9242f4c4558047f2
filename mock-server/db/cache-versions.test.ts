// What is kept at a table's read version (store.version: labels, grants, the public scan's views)
// never outlives the transaction that wrote the table. On PostgreSQL a transaction's write moves
// the version before it commits, and a call on another connection in between still reads the rows
// as they were: kept under the moved version, they would be answered after the commit as if current.
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "./store";
import { testDatabase, testEngine } from "../test-fixtures/test-database";

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

async function storeWithRow(): Promise<Store> {
  store = openStore(await testDatabase());
  await store.exec(`CREATE TABLE "brands" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)`);
  await store.run(`INSERT INTO "brands" ("id", "name") VALUES (1, 'old name')`);
  return store;
}

/** The brand's name through the label cache, which reads only what it does not keep at the current version. */
const labelOf = async (on: Store): Promise<unknown> =>
  (
    await on.labels.labels("brands", [1], async (ids) =>
      (await on.all<{ id: number; name: string }>(`SELECT "id", "name" FROM "brands" WHERE "id" = ?`, [ids[0]])).map(
        (row) => [row.id, row.name] as const,
      ),
    )
  ).get(1);

const rename = (on: Store, name: string) =>
  on.rowWrite("brands", 1, async () => {
    await on.run(`UPDATE "brands" SET "name" = ? WHERE "id" = 1`, [name]);
    return 1;
  });

describe.runIf(testEngine() === "postgres")("a reader between a write and its commit", () => {
  it("keeps nothing it read then past the commit", async () => {
    const on = await storeWithRow();
    expect(await labelOf(on)).toBe("old name");
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const writing = on.transaction(async () => {
      await rename(on, "new name");
      written();
      await gate;
    });
    await wrote;
    // Outside the transaction, on another connection: the committed row, read at the moved version.
    expect(await labelOf(on)).toBe("old name");
    const during = on.version("brands");
    release();
    await writing;
    expect(on.version("brands")).toBeGreaterThan(during);
    expect(await labelOf(on)).toBe("new name");
  });
});

describe("a transaction that rolls back", () => {
  it("leaves nothing kept that it read inside", async () => {
    const on = await storeWithRow();
    const before = on.version("brands");
    await expect(
      on.transaction(async () => {
        await rename(on, "never committed");
        expect(await labelOf(on)).toBe("never committed"); // inside it, its own write
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(on.version("brands")).toBeGreaterThan(before);
    expect(await labelOf(on)).toBe("old name");
  });

  it("a write outside any transaction moves the read version once, as it commits at once", async () => {
    const on = await storeWithRow();
    const before = on.version("brands");
    await rename(on, "renamed");
    expect(on.version("brands")).toBe(before + 1);
    expect(await labelOf(on)).toBe("renamed");
  });
});
