// Records.insertOwn: a row the server makes itself on a hot path, stamped, with unknown columns
// left out and the table's cached list totals kept exact.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { fixtureApp } from "../test-fixtures/test-app";

let app: FastifyInstance;
beforeAll(async () => ({ app } = await fixtureApp()));
afterAll(() => app.close());

it("inserts the server's own values, stamps the times, and keeps cached totals exact", async () => {
  const ctx = app.consoleContext;
  const info = ctx.catalog.info("consumer_scans");
  const count = async (where: string, params: string[]) =>
    await ctx.store.tableCount(info.table, `"${info.table}"`, where, params);
  const before = { all: await count("", []), own: await count(`WHERE "code" = ?`, ["OWN0001"]) };
  const id = await ctx.records.insertOwn(info, {
    code: "OWN0001",
    result: "genuine",
    scan_index: 1,
    scanned_at: ctx.records.now(),
    no_such_column: "x",
  });
  const row = (await ctx.store.get<Record<string, unknown>>(`SELECT * FROM "${info.table}" WHERE id = ?`, [id]))!;
  expect(row).toMatchObject({ code: "OWN0001", result: "genuine", created_at: ctx.records.now() });
  expect(row).not.toHaveProperty("no_such_column");
  expect({ all: await count("", []), own: await count(`WHERE "code" = ?`, ["OWN0001"]) }).toEqual({
    all: before.all + 1,
    own: before.own + 1,
  });
});
