// A database the server prepares has the chain's parent index, seeded or not: a package's contents
// are read through it, never by walking every code.
import { afterEach, describe, expect, it } from "vitest";
import { prepareDatabase } from "../../app";
import { createContext, type AppContext } from "../../context";
import { contract } from "../../generated/contract.gen";
import { resolveOptions } from "../../options";
import { CHAIN_PARENT_INDEX } from "./chain-indexes";

let ctx: AppContext | undefined;
afterEach(async () => {
  await ctx?.store.close();
  ctx = undefined;
});

const prepared = async (): Promise<AppContext> => {
  ctx = createContext(resolveOptions({ contract, dbFile: ":memory:", seed: false, docs: false }));
  await prepareDatabase(ctx);
  return ctx;
};

describe("createChainIndexes, through prepareDatabase", () => {
  it("gives a fresh, unseeded database the index on trace_codes.parent_code, and a package's contents read it", async () => {
    const { store } = await prepared();
    expect(
      await store.all(`SELECT tbl_name, sql FROM sqlite_schema WHERE type = 'index' AND name = ?`, [
        CHAIN_PARENT_INDEX,
      ]),
    ).toEqual([
      { tbl_name: "trace_codes", sql: `CREATE INDEX "${CHAIN_PARENT_INDEX}" ON "trace_codes" ("parent_code")` },
    ]);
    const plan = await store.all<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT "code" FROM "trace_codes" WHERE "parent_code" = ?`,
      ["B1"],
    );
    expect(plan.map((row) => row.detail).join(" ; ")).toMatch(
      new RegExp(`USING (COVERING )?INDEX ${CHAIN_PARENT_INDEX}\\b`),
    );
  });

  it("is made once: preparing the same database again changes nothing", async () => {
    const current = await prepared();
    const indexes = async () =>
      await current.store.all(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name`);
    const before = await indexes();
    await prepareDatabase(current);
    expect(await indexes()).toEqual(before);
  });
});
