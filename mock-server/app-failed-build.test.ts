// A contract that cannot be served (two resources on one route) fails buildApp; the half-built app
// must not keep its database connection and checkpoint worker open (a development server refuses
// such a contract and goes on serving the previous one, mock-server/live/).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { buildApp } from "./app";
import { Store } from "./db/store";
import { fixtureContract } from "./test-fixtures/contract.fixture";
import { col, entity } from "./test-fixtures/fixture-builder";

const dir = mkdtempSync(join(tmpdir(), "failed-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("closes the database of an app whose routes cannot be registered", async () => {
  const clash = {
    ...fixtureContract,
    resources: [
      ...fixtureContract.resources,
      entity({
        name: "carriers",
        api: "/api/physical/carriers",
        readRoles: ["dealer"],
        columns: [col("carrier_name", "string")],
      }),
      entity({
        name: "hauliers",
        api: "/api/physical/carriers",
        readRoles: ["dealer"],
        columns: [col("haulier_name", "string")],
      }),
    ],
  };
  const close = vi.spyOn(Store.prototype, "close");
  await expect(buildApp({ contract: clash, dbFile: join(dir, "clash.db"), logger: false })).rejects.toThrow(/carriers/);
  expect(close).toHaveBeenCalledTimes(1);
  await close.mock.results[0].value;
  close.mockRestore();
});
