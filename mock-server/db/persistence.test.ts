// Data written through the API survives a restart; a manifest that gains a field or a resource
// migrates the file in place and keeps every row.
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { ServerContract } from "../../schema/contract/server-contract";
import { fixtureContract } from "../test-fixtures/contract.fixture";
import { col, entity } from "../test-fixtures/fixture-builder";
import { call, envelope, login } from "../test-fixtures/test-app";

const dir = mkdtempSync(join(tmpdir(), "mock-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (contract: ServerContract, dbFile: string) =>
  buildApp({ contract, dbFile, docs: false, seedAnchor: "2024-06-01" });

describe("a file database", () => {
  const dbFile = join(dir, "console.db");

  it("keeps what the API wrote across a restart, and is not seeded twice", async () => {
    const first = await start(fixtureContract, dbFile);
    const token = await login(first, "admin");
    const created = envelope(
      await call(first, {
        method: "POST",
        url: "/api/base/dealers/add",
        token,
        body: { dealer_name: "重启后仍在的经销商" },
      }),
    );
    const dealers = (await first.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "dealers"'))!.n;
    await first.close();
    expect(existsSync(dbFile)).toBe(true);

    const second = await start(fixtureContract, dbFile);
    const again = await login(second, "admin"); // the password hash persisted too
    const read = envelope(await call(second, { url: `/api/base/dealers/detail?id=${created.data.id}`, token: again }));
    expect(read.data.dealer_name).toBe("重启后仍在的经销商");
    expect((await second.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "dealers"'))!.n).toBe(
      dealers,
    );
    expect(second.consoleContext.store.sqlite!.pragma("journal_mode", { simple: true })).toBe("wal");
    await second.close();
  });

  it("sessions survive a restart too", async () => {
    const first = await start(fixtureContract, dbFile);
    const token = await login(first, "editor");
    await first.close();
    const second = await start(fixtureContract, dbFile);
    expect(envelope(await call(second, { url: "/api/org/menutree/selectedlist", token })).code).toBe(0);
    await second.close();
  });
});

describe("start-up migration", () => {
  const dbFile = join(dir, "migrate.db");

  it("adds a new field's column and a new resource's table, keeping rows", async () => {
    const first = await start(fixtureContract, dbFile);
    const before = await first.consoleContext.store.all<{ id: number; dealer_name: string }>(
      'SELECT id, dealer_name FROM "dealers" ORDER BY id',
    );
    await first.close();

    const grown: ServerContract = {
      ...fixtureContract,
      resources: [
        ...fixtureContract.resources.map((resource) =>
          resource.name === "dealers"
            ? entity({
                name: "dealers",
                api: "/api/base/dealers",
                readRoles: ["dealer"],
                columns: [
                  ...resource.columns.filter((c) => !c.system),
                  col("credit_limit", "number", { filter: "range", sortable: true }),
                ],
              })
            : resource,
        ),
        entity({
          name: "carriers",
          api: "/api/physical/carriers",
          readRoles: ["dealer"],
          columns: [col("carrier_name", "string")],
          seedRows: 7,
        }),
        entity({
          name: "routes",
          api: "/api/physical/routes",
          readRoles: ["dealer"],
          columns: [col("route_name", "string")],
          seedRows: 0,
        }),
      ],
    };
    const second = await start(grown, dbFile);
    const token = await login(second, "admin");
    const after = await second.consoleContext.store.all<{
      id: number;
      dealer_name: string;
      credit_limit: number | null;
    }>('SELECT id, dealer_name, credit_limit FROM "dealers" ORDER BY id');
    expect(after.map(({ id, dealer_name }) => ({ id, dealer_name }))).toEqual(before);
    expect(after.every((row) => row.credit_limit === null)).toBe(true);
    const updated = envelope(
      await call(second, {
        method: "POST",
        url: "/api/base/dealers/update",
        token,
        body: { id: before[0].id, credit_limit: 5000 },
      }),
    );
    expect(updated.data.credit_limit).toBe(5000);
    // A new resource's table starts with its seed rows; seed: {rows: 0} keeps it empty.
    expect(envelope(await call(second, { url: "/api/physical/carriers/pagelist", token })).data.total).toBe(7);
    expect(envelope(await call(second, { url: "/api/physical/routes/pagelist", token })).data.total).toBe(0);
    // Existing tables get no new rows.
    expect((await second.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "dealers"'))!.n).toBe(
      before.length,
    );
    const indexes = (
      await second.consoleContext.store.all<{ name: string }>("SELECT name FROM pragma_index_list('dealers')")
    ).map((row) => row.name);
    expect(indexes).toContain("ix_dealers_credit_limit");
    await second.close();
  });
});
