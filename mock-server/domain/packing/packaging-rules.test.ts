// Packing, unpacking and replacement on the ledger (packaging_links / packaging_unlinks /
// packaging_replacements creates) on the real contract: capacities from the product's packaging
// hierarchy, every refusal naming what is wrong with every table of the chain unchanged, and each
// change a ledger event that the codes' state and timeline show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { contract } from "../../generated/contract.gen";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { CodeStatus } from "../ledger/event-vocabulary";
import { recordEvent, timeline } from "../ledger/ledger";

let chain: ChainApp;
let wo: { id: number; order_no: string };
let I: string[]; // items: 0-6 activated, 7 generated
let B: string[]; // boxes: 0-1 activated, 2 generated (a spare label), 3 voided
let C: string[]; // cases: 0 activated
let spareItems: string[]; // generated items, for replacements

const link = (parent_code: string, child_code: string, level = "box") =>
  chain.post("/api/plant/packaginglinks/add", { parent_code, child_code, level, order_id: wo.id });
const unlink = (code: string) => chain.post("/api/plant/packagingunlinks/add", { code, reason: "返工" });
const replace = (old_code: string, new_code: string) =>
  chain.post("/api/plant/packagingreplacements/add", { old_code, new_code, reason: "标签破损" });
const stateOf = async (code: string) =>
  (
    await chain.all(
      `SELECT status, parent_code, work_order_id, batch_no, void_reason, replaced_by FROM trace_codes WHERE code = ?`,
      [code],
    )
  )[0];
const linkOf = async (code: string) =>
  (await chain.all(`SELECT parent_code, level FROM packaging_links WHERE child_code = ?`, [code]))[0];
const kinds = async (code: string) => (await timeline(chain.app.consoleContext, code)).map((event) => event.kind);

async function expectRefused(made: ReturnType<typeof link>, status: number, field: string, rule: string | RegExp) {
  const before = await chain.snapshot();
  const body = await made;
  expect(body).toMatchObject({ status_code: status, data: null });
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  expect(body.errors![field]).toMatch(rule);
  expect(await chain.snapshot()).toEqual(before);
}

beforeAll(async () => {
  chain = await chainApp();
  // The hierarchy rows below are the work order's product's.
  wo = await chain.workOrder("in_progress");
  I = (await chain.generated("item", 8)).codes;
  spareItems = (await chain.generated("item", 3)).codes;
  B = (await chain.generated("box", 4)).codes;
  C = (await chain.generated("case", 1)).codes;
  const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0]
    .product_id as number;
  // The product's hierarchy is exactly the two rows below, whatever rows the demo seed gave it.
  await chain.app.consoleContext.store.run(`DELETE FROM package_hierarchies WHERE product_id = ?`, [product]);
  for (const [level, child_level, ratio] of [
    ["box", "item", 3],
    ["case", "box", 2],
  ] as const)
    expect(
      (await chain.post("/api/base/packagehierarchies/add", { product_id: product, level, child_level, ratio })).code,
    ).toBe(0);
  const activate = (first_code: string, last_code: string, level: string) =>
    chain.post("/api/plant/codeactivations/add", { work_order_id: wo.id, level, first_code, last_code });
  expect((await activate(I[0], I[6], "item")).code).toBe(0);
  expect((await activate(B[0], B[1], "box")).code).toBe(0);
  expect((await activate(C[0], C[0], "case")).code).toBe(0);
  await recordEvent(
    chain.app.consoleContext,
    { kind: "void", codes: [B[3]], reason: "misprint", operator: null },
    { status: CodeStatus.voided },
  );
}, 60_000);
afterAll(() => chain.app.close());

describe("packing (packaging_links create)", () => {
  it("packs items into a box: a packing event, the items packed with the box as parent, the link row", async () => {
    for (const item of I.slice(0, 3)) expect((await link(B[0], item)).code).toBe(0);
    expect(await stateOf(I[0])).toMatchObject({ status: "packed", parent_code: B[0] });
    expect(await linkOf(I[0])).toEqual({ parent_code: B[0], level: "box" });
    const packing = (await timeline(chain.app.consoleContext, I[0])).at(-1)!;
    expect(packing).toMatchObject({
      kind: "pack",
      event_type: "AggregationEvent",
      action: "ADD",
      biz_step: "packing",
      parent_code: B[0],
      work_order_id: wo.id,
      operator: "admin",
    });
  });

  it("refuses a full package (n/n), naming the fill", async () => {
    await expectRefused(link(B[0], I[3]), 409, "parent_code", `${B[0]} is full (3/3)`);
  });

  it("refuses a child already packed, naming its parent", async () => {
    await expectRefused(link(B[1], I[0]), 409, "child_code", `${I[0]} is already packed in ${B[0]}`);
  });

  it("refuses an unknown code, a code packed into itself", async () => {
    await expectRefused(link(B[1], "NOSUCH"), 400, "child_code", "NOSUCH is not a known trace code");
    await expectRefused(link("NOSUCH", I[3]), 400, "parent_code", "NOSUCH is not a known trace code");
    await expectRefused(link(B[1], B[1]), 400, "child_code", "must differ from parent_code");
  });

  it("refuses the wrong level: an item into a case (the hierarchy has cases of boxes), a level that is not the parent's", async () => {
    await expectRefused(
      link(C[0], I[3], "case"),
      400,
      "child_code",
      `the product's packaging hierarchy has no item inside a case, so ${I[3]} cannot go into ${C[0]}`,
    );
    await expectRefused(link(B[1], I[3], "case"), 400, "level", `${B[1]} is a box code, not a case`);
  });

  it("refuses an inactive or a voided code", async () => {
    await expectRefused(link(B[1], I[7]), 409, "child_code", `${I[7]} is not activated`);
    await expectRefused(link(B[3], I[3]), 409, "parent_code", `${B[3]} is voided`);
  });

  it("refuses a cycle: a case packed into the box it holds", async () => {
    expect((await link(C[0], B[0], "case")).code).toBe(0);
    await expectRefused(
      link(B[0], C[0], "box"),
      400,
      "child_code",
      `${C[0]} already holds ${B[0]}; a package cannot contain itself`,
    );
  });
});

describe("unpacking (packaging_unlinks create) and re-binding", () => {
  it("takes one code out of its package (unpacking event, state and link), logs the package; it can be packed again", async () => {
    const body = await unlink(I[2]);
    expect(body.data).toMatchObject({ code: I[2], parent_code: B[0], level: "box", operator: "admin" });
    expect(await stateOf(I[2])).toMatchObject({ status: "activated", parent_code: null });
    expect(await linkOf(I[2])).toBeUndefined();
    expect((await link(B[1], I[2])).code).toBe(0);
    expect(await kinds(I[2])).toEqual(["issue", "activate", "pack", "unpack", "pack"]);
  });

  it("unpacking a box from its case leaves the box's items in the box", async () => {
    expect((await unlink(B[0])).data).toMatchObject({ parent_code: C[0], level: "case" });
    expect(await stateOf(I[0])).toMatchObject({ status: "packed", parent_code: B[0] });
  });

  it("refuses a code that is not packed, or unknown (nothing changed)", async () => {
    await expectRefused(unlink(I[4]), 400, "code", `${I[4]} is not packed in any package`);
    await expectRefused(unlink("NOSUCH"), 400, "code", "NOSUCH is not a known trace code");
  });
});

describe("replacement (packaging_replacements create)", () => {
  it("the new item takes the old one's place, lot and work order; the old is voided with the reason and 'replaced by'", async () => {
    const old = await stateOf(I[1]);
    const body = await replace(I[1], spareItems[0]);
    expect(body.data).toMatchObject({ old_code: I[1], new_code: spareItems[0], parent_code: B[0], level: "box" });
    expect(await stateOf(spareItems[0])).toEqual({ ...old, status: "packed" });
    expect(await stateOf(I[1])).toMatchObject({
      status: "scrapped",
      parent_code: null,
      void_reason: "标签破损",
      replaced_by: spareItems[0],
    });
    expect(await linkOf(spareItems[0])).toEqual({ parent_code: B[0], level: "box" });
    expect(await linkOf(I[1])).toBeUndefined();
    expect(await kinds(I[1])).toEqual(["issue", "activate", "pack", "unpack", "void"]);
    expect(await kinds(spareItems[0])).toEqual(["issue", "replace", "pack"]);
  });

  it("a replacement is not output: produced quantity still counts the 7 activated items", async () => {
    expect((await chain.all(`SELECT produced_qty FROM production_orders WHERE id = ?`, [wo.id]))[0]).toEqual({
      produced_qty: 7,
    });
  });

  it("a replaced box hands what it holds to the new box", async () => {
    const held = (await chain.all(`SELECT code FROM trace_codes WHERE parent_code = ? ORDER BY code`, [B[0]])).map(
      (row) => row.code,
    );
    expect(held.length).toBe(2);
    expect((await replace(B[0], B[2])).code).toBe(0);
    expect(
      (await chain.all(`SELECT code FROM trace_codes WHERE parent_code = ? ORDER BY code`, [B[2]])).map(
        (row) => row.code,
      ),
    ).toEqual(held);
    expect(await chain.all(`SELECT count(*) AS n FROM packaging_links WHERE parent_code = ?`, [B[0]])).toEqual([
      { n: 0 },
    ]);
    expect(await chain.all(`SELECT count(*) AS n FROM packaging_links WHERE parent_code = ?`, [B[2]])).toEqual([
      { n: 2 },
    ]);
  });

  it("refuses a code in use as the replacement, a voided one, another level, a voided old code, the same code", async () => {
    await expectRefused(
      replace(I[3], I[4]),
      409,
      "new_code",
      `${I[4]} is already in use (activated); a replacement must be an unused code`,
    );
    await expectRefused(replace(I[3], B[3]), 409, "new_code", `${B[3]} is voided`);
    await expectRefused(replace(I[3], C[0]), 409, "new_code", /already in use/);
    await expectRefused(replace(I[3], spareItems[1].replace(/.$/, "")), 400, "new_code", /is not a known trace code/);
    await expectRefused(
      replace(I[1], spareItems[1]),
      409,
      "old_code",
      `${I[1]} is voided; only a code in use is replaced`,
    );
    await expectRefused(replace(I[3], I[3]), 400, "new_code", "must differ from old_code");
    const [box] = (await chain.generated("box", 1)).codes;
    await expectRefused(replace(I[3], box), 400, "new_code", `${box} is a box code; ${I[3]} is an item code`);
  });
});

describe("onCreate at start-up", () => {
  const start = (resources: typeof contract.resources) =>
    buildApp({ contract: { ...contract, resources }, dbFile: ":memory:", seed: false, docs: false });

  it("an unknown create handler stops the server", async () => {
    const renamed = contract.resources.map((resource) =>
      resource.name === "packaging_unlinks" ? { ...resource, onCreate: { handler: "unlink-packing" } } : resource,
    );
    await expect(start(renamed)).rejects.toThrow(/packaging_unlinks\.create: unknown create handler "unlink-packing"/);
  });

  it("a rule whose resource is missing stops the server", async () => {
    const without = contract.resources.filter((resource) => resource.name !== "packaging_links");
    await expect(start(without)).rejects.toThrow(
      /onCreate (unlink|replace)-packaging(-code)?: the contract has no packaging_links resource/,
    );
  });
});
