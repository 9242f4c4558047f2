// The packaging chain's create rules (manifest onCreate) on inject(): an unlink takes the code out
// of its package, a replacement puts new_code where old_code was (with what old_code held), a link
// cannot make a package hold itself; every refusal answers the 4xx envelope naming the field and
// leaves every table exactly as it was. Unknown or unworkable rules stop the start.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { ServerContract } from "../../schema/contract/server-contract";
import { packagingContract } from "../test-fixtures/packaging-contract.fixture";
import { ANCHOR, call, envelope, fixtureApp, login } from "../test-fixtures/test-app";

const TABLES = ["packaging_links", "packaging_unlinks", "packaging_replacements", "trace_codes"];
let app: FastifyInstance;
let admin: string;
const post = (url: string, body: unknown) => call(app, { method: "POST", url, body, token: admin }).then(envelope);
const all = (sql: string, params: unknown[] = []) => app.consoleContext.store.all<Record<string, unknown>>(sql, params as never[]);
const linkOf = (code: string) => all(`SELECT id, parent_code, child_code, level, order_id FROM packaging_links WHERE child_code = ?`, [code])[0];
const snapshot = () => Object.fromEntries(TABLES.map((table) => [table, all(`SELECT * FROM "${table}" ORDER BY id`)]));

const link = (parent_code: string, child_code: string, level: string) =>
  post("/api/plant/packaginglinks/add", { parent_code, child_code, level, order_id: 7 });
const unlink = (code: string) => post("/api/plant/packagingunlinks/add", { code, reason: "返工" });
const replace = (old_code: string, new_code: string) => post("/api/plant/packagingreplacements/add", { old_code, new_code, reason: "标签破损" });

/** The call is refused with `status`/`code`, `errors` naming `field`, and nothing changed. */
async function expectRefused(made: Promise<Awaited<ReturnType<typeof post>>>, before: ReturnType<typeof snapshot>, status: number, field: string, rule: string | RegExp) {
  const body = await made;
  expect(body).toMatchObject({ status_code: status, code: status === 400 ? 40000 : 40900, data: null });
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  expect(body.errors![field]).toMatch(rule);
  expect(body.message.startsWith(`${field}: `)).toBe(true);
  expect(snapshot()).toEqual(before);
}

beforeAll(async () => {
  ({ app } = await fixtureApp({ contract: packagingContract }));
  admin = await login(app, "admin");
  // pallet P1 ⊃ case C1 ⊃ box B1 ⊃ items I1, I2; box B2 ⊃ item I3 (B2 in no case).
  for (const [parent, child, level] of [
    ["P1", "C1", "pallet"],
    ["C1", "B1", "case"],
    ["B1", "I1", "box"],
    ["B1", "I2", "box"],
    ["B2", "I3", "box"],
  ] as const)
    expect((await link(parent, child, level)).code).toBe(0);
  const insert = `INSERT INTO trace_codes (code, status) VALUES (?, ?)`;
  for (const [code, status] of [["NEWBOX", "generated"], ["NEWITEM", "activated"], ["VOID1", "scrapped"], ["I9", "generated"]])
    app.consoleContext.store.run(insert, [code, status]);
});
afterAll(() => app.close());

describe("unlink-packaging (packaging_unlinks create)", () => {
  it("takes the code out of its package and logs what it was linked to", async () => {
    const body = await unlink("I2");
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ code: "I2", parent_code: "B1", level: "box", operator: "admin" });
    expect(linkOf("I2")).toBeUndefined();
    expect(linkOf("I1")).toMatchObject({ parent_code: "B1" });
  });

  it("unpacking a box from its case leaves the box's contents in the box", async () => {
    await link("C1", "B9", "case");
    await link("B9", "I8", "box");
    expect((await unlink("B9")).data).toMatchObject({ parent_code: "C1", level: "case" });
    expect(linkOf("I8")).toMatchObject({ parent_code: "B9" });
  });

  it("refuses a code that is not packed (400 naming code), nothing changed", async () => {
    const before = snapshot();
    await expectRefused(unlink("I2"), before, 400, "code", "I2 is not packed in any package");
    await expectRefused(unlink("P1"), before, 400, "code", "P1 is not packed in any package");
  });

  it("a create refused after the rule ran (a bad ref of the log row) rolls the unlink back", async () => {
    const before = snapshot();
    const made = post("/api/plant/packagingunlinks/add", { code: "I1", reason: "返工", order_id: 99999 });
    await expectRefused(made, before, 400, "order_id", "no code_orders record with id 99999");
    expect(linkOf("I1")).toMatchObject({ parent_code: "B1" });
  });
});

describe("replace-packaging-code (packaging_replacements create)", () => {
  it("puts new_code in old_code's place (same link row: parent, level, work order) and logs it", async () => {
    const old = linkOf("I3")!;
    const body = await replace("I3", "NEWITEM");
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ old_code: "I3", new_code: "NEWITEM", parent_code: "B2", level: "box", operator: "admin" });
    expect(linkOf("I3")).toBeUndefined();
    expect(linkOf("NEWITEM")).toEqual({ ...old, child_code: "NEWITEM" });
  });

  it("a replaced box hands what it holds to the new box code", async () => {
    const body = await replace("B1", "NEWBOX");
    expect(body.data).toMatchObject({ parent_code: "C1", level: "case" });
    expect(linkOf("NEWBOX")).toMatchObject({ parent_code: "C1", level: "case" });
    expect(linkOf("I1")).toMatchObject({ parent_code: "NEWBOX", level: "box" });
    expect(all(`SELECT 1 FROM packaging_links WHERE parent_code = 'B1'`)).toEqual([]);
  });

  it("refuses, naming the field, and changes nothing", async () => {
    const before = snapshot();
    await expectRefused(replace("I3", "I9"), before, 400, "old_code", "I3 is not packed in any package");
    await expectRefused(replace("I1", "I1"), before, 400, "new_code", "must differ from old_code");
    await expectRefused(replace("I1", "NEWITEM"), before, 409, "new_code", "NEWITEM is already packed in B2");
    await expectRefused(replace("I1", "B2"), before, 409, "new_code", "B2 is already a package holding 1 code(s)");
    await expectRefused(replace("I1", "NOSUCH"), before, 400, "new_code", "NOSUCH is not a known trace code");
    await expectRefused(replace("I1", "VOID1"), before, 400, "new_code", "VOID1 is scrapped");
  });
});

describe("link-packaging (packaging_links create)", () => {
  it("refuses a package holding itself, directly or up the chain, and a child packed elsewhere", async () => {
    const before = snapshot();
    await expectRefused(link("X1", "X1", "box"), before, 400, "child_code", "must differ from parent_code");
    await expectRefused(link("I1", "P1", "item"), before, 400, "child_code", "P1 already holds I1; a package cannot contain itself");
    await expectRefused(link("B2", "I1", "box"), before, 409, "child_code", "already exists");
  });
});

describe("onCreate at start-up", () => {
  const start = (contract: ServerContract) =>
    buildApp({ contract, dbFile: ":memory:", seedAnchor: ANCHOR, clock: () => Date.parse(`${ANCHOR}T10:00:00Z`), docs: false });
  const renamed = (handler: string) => ({
    ...packagingContract,
    resources: packagingContract.resources.map((resource) => (resource.name === "packaging_unlinks" ? { ...resource, onCreate: { handler } } : resource)),
  });

  it("an unknown create handler stops the server", async () => {
    await expect(start(renamed("unlink-packing"))).rejects.toThrow(/packaging_unlinks\.create: unknown create handler "unlink-packing"/);
  });

  it("a rule whose resource is missing stops the server", async () => {
    const contract = { ...packagingContract, resources: packagingContract.resources.filter((resource) => resource.name !== "packaging_links") };
    await expect(start(contract)).rejects.toThrow(/packaging_unlinks\.onCreate unlink-packaging: the contract has no packaging_links resource/);
  });
});
