// A development server takes a regenerated contract in place, over real HTTP:
// the new resource answers, sessions and rows stay, and calls made during the swap are answered.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import type { ServerContract } from "../../schema/contract/server-contract";
import { fixtureContract } from "../test-fixtures/contract.fixture";
import { col, entity } from "../test-fixtures/fixture-builder";
import { DEMO_PASSWORD } from "../options";
import { contractVersion } from "./contract-file";
import { CONTRACT_VERSION_PATH } from "./contract-version-route";
import { serveLive, type Serving } from "./serve-live";

const dir = mkdtempSync(join(tmpdir(), "serve-live-"));
const file = join(dir, "contract.gen.json");
const dbFile = join(dir, "live.db");
let serving: Serving;
let token: string;
const refusals: unknown[] = [];

const write = (contract: ServerContract) => writeFileSync(file, JSON.stringify(contract));
const grown: ServerContract = {
  ...fixtureContract,
  resources: [
    ...fixtureContract.resources,
    entity({
      name: "carriers",
      api: "/api/physical/carriers",
      readRoles: ["dealer"],
      columns: [col("carrier_name", "string")],
      seedRows: 7,
    }),
  ],
};

async function get(
  path: string,
): Promise<{ status: number; body: { code: number; data: Record<string, unknown>; message: string } }> {
  const response = await fetch(`http://127.0.0.1:${serving.port}${path}`, { headers: { token } });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; data: Record<string, unknown>; message: string },
  };
}
const servedVersion = async () => (await get(CONTRACT_VERSION_PATH)).body.data.version as string;

beforeAll(async () => {
  write(fixtureContract);
  serving = await serveLive({
    file,
    port: 0,
    host: "127.0.0.1",
    build: ({ contract, version }) =>
      buildApp({ contract, contractVersion: version, dbFile, docs: false, seedAnchor: "2024-06-01" }),
    refused: (error) => refusals.push(error),
  });
  const response = await fetch(`http://127.0.0.1:${serving.port}/api/sso/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      account_name: "admin",
      account_password: DEMO_PASSWORD,
      account_type: "enterprise",
      permissions: 1,
    }),
  });
  token = ((await response.json()) as { data: string }).data;
});
afterAll(async () => {
  await serving?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("a development server's contract", () => {
  it("is replaced in place: the new resource answers, the session and the rows stay, calls during the swap are answered", async () => {
    const created = await fetch(`http://127.0.0.1:${serving.port}/api/base/dealers/add`, {
      method: "POST",
      headers: { token, "content-type": "application/json" },
      body: JSON.stringify({ dealer_name: "换约前的经销商" }),
    });
    const dealer = ((await created.json()) as { data: { id: number } }).data.id;
    expect((await get("/api/physical/carriers/pagelist")).status).toBe(404);

    write(grown);
    // Calls keep coming while the next contract is built and swapped in: each gets an answer.
    const during: Promise<number>[] = [];
    const deadline = Date.now() + 15_000;
    while ((await servedVersion()) !== contractVersion(JSON.stringify(grown)) && Date.now() < deadline) {
      during.push(get(`/api/base/dealers/detail?id=${dealer}`).then((answer) => answer.status));
      await new Promise((tick) => setTimeout(tick, 20));
    }
    expect(await servedVersion()).toBe(contractVersion(JSON.stringify(grown)));
    expect(new Set(await Promise.all(during))).toEqual(new Set([200]));

    const carriers = await get("/api/physical/carriers/pagelist"); // the same token: nobody signed out
    expect(carriers.body.code).toBe(0);
    expect(carriers.body.data.total).toBe(7); // a new table in a seeded database gets its seed rows
    expect((await get(`/api/base/dealers/detail?id=${dealer}`)).body.data.dealer_name).toBe("换约前的经销商");
  });

  it("stays as it is when the file is half written, or names a contract that cannot be served", async () => {
    const before = await servedVersion();
    writeFileSync(file, '{"title":');
    await new Promise((tick) => setTimeout(tick, 300));
    expect(await servedVersion()).toBe(before);

    // Two resources on one address: the next app cannot register its routes.
    const clash: ServerContract = {
      ...grown,
      resources: [
        ...grown.resources,
        entity({
          name: "hauliers",
          api: "/api/physical/carriers",
          readRoles: ["dealer"],
          columns: [col("haulier_name", "string")],
        }),
      ],
    };
    write(clash);
    // Wait for the attempt to fail, however long building takes, then check nothing changed.
    await vi.waitFor(() => expect(refusals).toHaveLength(1), { timeout: 15_000, interval: 50 });
    expect(String(refusals[0])).toMatch(/carriers/);
    expect(await servedVersion()).toBe(before);
    expect((await get("/api/physical/carriers/pagelist")).body.data.total).toBe(7);
  });
});
