// The export reads every row of the list once, in the list's order, across page boundaries, from
// one snapshot, on the run's engine (TEST_ENGINE=pg: PostgreSQL's cursor; else a SQLite file's
// read connection), and an export stopped early gives back what it held.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { AppContext } from "../../context";
import { contract } from "../../generated/contract.gen";
import { testDatabase, testEngine } from "../../test-fixtures/test-database";
import { exportPages } from "./export-rows";

let app: FastifyInstance;
let ctx: AppContext;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "export-rows-"));
  app = await buildApp({
    contract,
    // SQLite on a file, as in production: an in-memory database has no second connection to read from.
    dbFile: testEngine() === "postgres" ? await testDatabase() : join(dir, "export-rows.db"),
    seedAnchor: "2024-06-01",
    seedScale: 0.5,
    clock: () => Date.parse("2024-06-01T08:00:00Z"),
    docs: false,
  });
  await app.ready();
  ctx = app.consoleContext;
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const info = () => ctx.catalog.info("products");

async function exportedIds(input: Record<string, unknown>, page: number): Promise<{ ids: number[]; sizes: number[] }> {
  const ids: number[] = [];
  const sizes: number[] = [];
  for await (const rows of exportPages(ctx, info(), ctx.lists.parse(info(), input), page)) {
    sizes.push(rows.length);
    ids.push(...rows.map((row) => Number(row.id)));
  }
  return { ids, sizes };
}

describe("exportPages", () => {
  it("reads every row once in the list's order, a page at a time, across page boundaries", async () => {
    const all = await ctx.store.all<{ id: number }>(`SELECT id FROM products ORDER BY id`);
    expect(all.length).toBeGreaterThan(14);
    const { ids, sizes } = await exportedIds({ sort: "id" }, 7);
    expect(ids).toEqual(all.map((row) => row.id));
    expect(sizes.slice(0, -1).every((size) => size === 7)).toBe(true);
  });

  it("keeps another sort (with its id tie-breaker, descending) and the filters", async () => {
    const expected = await ctx.store.all<{ id: number }>(
      `SELECT id FROM products WHERE status = 'enabled' ORDER BY price DESC, id DESC`,
    );
    expect(expected.length).toBeGreaterThan(10);
    const { ids } = await exportedIds({ status: "enabled", sort: "-price" }, 5);
    expect(ids).toEqual(expected.map((row) => row.id));
  });

  it("does not see a row changed while it reads: every page comes from the snapshot of the first", async () => {
    const enabled = await ctx.store.all<{ id: number }>(`SELECT id FROM products WHERE status = 'enabled' ORDER BY id`);
    const last = enabled[enabled.length - 1].id;
    const pages = exportPages(ctx, info(), ctx.lists.parse(info(), { status: "enabled", sort: "id" }), 3);
    const first = await pages.next();
    const ids = first.done ? [] : first.value.map((row) => Number(row.id));
    expect((await ctx.store.run(`UPDATE products SET status = 'disabled' WHERE id = ?`, [last])).changes).toBe(1);
    try {
      for await (const rows of pages) ids.push(...rows.map((row) => Number(row.id)));
      expect(ids).toEqual(enabled.map((row) => row.id));
    } finally {
      await ctx.store.run(`UPDATE products SET status = 'enabled' WHERE id = ?`, [last]);
    }
  });

  it("gives its connection back when stopped early, so exports stopped mid-way never exhaust the pool", async () => {
    for (let i = 0; i < 25; i += 1) {
      const pages = exportPages(ctx, info(), ctx.lists.parse(info(), {}), 3);
      expect((await pages.next()).done).toBe(false);
      await pages.return(undefined);
    }
    expect((await ctx.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM products`))!.n).toBeGreaterThan(0);
  });
});
