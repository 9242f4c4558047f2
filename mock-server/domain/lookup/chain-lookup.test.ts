// 码查询 and 箱码查询 on the real contract: a code's detail (state, product, lot, dates, work order,
// line, team, materials, packages up to the pallet, ledger timeline oldest first), a package's
// contents with counts per level and its fill; a mistyped code (wrong check character) told apart
// from no code at all, and neither lookup writing anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { checkCharacterOf, ISO7064_ALPHABET } from "../codes/code-rules/check-characters";
import { CROCKFORD_BASE32 } from "../codes/code-rules/segments";
import { generationJobs } from "../codes/code-jobs/generation-job";

let chain: ChainApp;
let wo: { id: number; order_no: string };
let items: string[];
let boxes: string[];
let cases: string[];
let pallet: string;

const detail = (code: string) => chain.get("/api/tagging/tracecodes/lookup", { code });
const contents = (code: string) => chain.get("/api/plant/packages/contents", { code });
const link = (parent_code: string, child_code: string, level: string) =>
  chain.post("/api/plant/packaginglinks/add", { parent_code, child_code, level, order_id: wo.id });
const must = async (made: Promise<{ code: number; message: string }>) => expect((await made).message).toBe("success");

beforeAll(async () => {
  chain = await chainApp();
  wo = await chain.workOrder("in_progress");
  items = (await chain.generated("item", 5)).codes;
  boxes = (await chain.generated("box", 3)).codes;
  cases = (await chain.generated("case", 2)).codes;
  [pallet] = (await chain.generated("pallet", 1)).codes as [string];
  const store = chain.app.consoleContext.store;
  const team = (await chain.all(`SELECT id, team_name FROM teams ORDER BY id LIMIT 1`))[0];
  await store.run(`UPDATE production_orders SET team_id = ? WHERE id = ?`, [team.id as number, wo.id]);
  const material = (await chain.all(`SELECT id FROM materials ORDER BY id LIMIT 1`))[0];
  await must(
    chain.post("/api/plant/materialusages/add", {
      order_id: wo.id,
      material_id: material.id,
      material_batch_no: "MB-77",
      quantity: 3,
      unit: "kg",
      used_at: "2024-06-01T07:00:00Z",
    }),
  );
  const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0].product_id;
  for (const [level, child_level, ratio] of [
    ["box", "item", 2],
    ["case", "box", 2],
    ["pallet", "case", 2],
  ] as const)
    await must(chain.post("/api/base/packagehierarchies/add", { product_id: product, level, child_level, ratio }));
  for (const [codes, level] of [
    [items, "item"],
    [boxes, "box"],
    [cases, "case"],
    [[pallet], "pallet"],
  ] as const)
    await must(
      chain.post("/api/plant/codeactivations/add", {
        work_order_id: wo.id,
        level,
        first_code: codes[0],
        last_code: codes.at(-1),
      }),
    );
  chain.clock.now += 60_000;
  await must(link(boxes[0], items[0], "box"));
  await must(link(boxes[0], items[1], "box"));
  await must(link(boxes[1], items[2], "box"));
  await must(link(cases[0], boxes[0], "case"));
  await must(link(cases[0], boxes[1], "case"));
  await must(link(pallet, cases[0], "pallet"));
}, 60_000);
afterAll(() => chain.app.close());

describe("码查询 (GET /api/tagging/tracecodes/lookup)", () => {
  it("shows the code's state, level, product, lot, dates, work order, line, team and materials", async () => {
    const body = await detail(items[0]);
    const order = (
      await chain.all(
        `SELECT o.batch_no, o.production_date, o.expiry_date, l.id AS line_id, l.line_name, t.id AS team_id, t.team_name, p.id AS product_id, p.product_name
       FROM production_orders o JOIN production_lines l ON l.id = o.line_id JOIN teams t ON t.id = o.team_id JOIN products p ON p.id = o.product_id WHERE o.id = ?`,
        [wo.id],
      )
    )[0];
    expect(body.data).toMatchObject({
      code: items[0],
      status: "packed",
      level: "item",
      product: { id: order.product_id, name: order.product_name },
      lot: order.batch_no,
      production_date: order.production_date,
      expiry_date: order.expiry_date,
      work_order: { id: wo.id, name: wo.order_no },
      line: { id: order.line_id, name: order.line_name },
      team: { id: order.team_id, name: order.team_name },
      materials: [{ material: expect.any(String), material_batch_no: "MB-77" }],
    });
  });

  it("names the packages around the code up to the pallet, nearest first", async () => {
    expect((await detail(items[0])).data.parents).toEqual([
      { code: boxes[0], level: "box", status: "packed" },
      { code: cases[0], level: "case", status: "packed" },
      { code: pallet, level: "pallet", status: "activated" },
    ]);
  });

  it("gives the code's timeline from the ledger, oldest first", async () => {
    const events = (await detail(items[0])).data.timeline as {
      kind: string;
      biz_step: string;
      parent_code: string | null;
      event_time: string;
    }[];
    expect(events.map((event) => [event.kind, event.biz_step, event.parent_code])).toEqual([
      ["issue", "encoding", null],
      ["activate", "commissioning", null],
      ["pack", "packing", boxes[0]],
    ]);
    expect(events.map((event) => event.event_time)).toEqual([...events.map((event) => event.event_time)].sort());
    const ledgerCount = (await chain.all(`SELECT count(*) AS n FROM _ledger_event_codes WHERE code = ?`, [items[0]]))[0]
      .n;
    expect(events.length).toBe(ledgerCount);
  });

  it("answers a wrong check character as a format error, an unknown code as no such code; neither writes anything", async () => {
    const code = items[4];
    // The fixture rule: level + random:18 (Crockford Base32) + an ISO 7064 MOD 37,36 check character.
    const wrong = code.slice(0, -1) + [...ISO7064_ALPHABET].find((char) => char !== code.at(-1))!;
    const body = code.slice(0, -2) + [...CROCKFORD_BASE32].find((char) => char !== code.at(-2))!;
    const unissued = body + checkCharacterOf("iso7064-mod37-36", body);
    const before = await chain.snapshot();
    const mistyped = await detail(wrong);
    expect(mistyped).toMatchObject({ status_code: 400, data: null });
    expect(mistyped.errors?.code).toMatch(/^format error \(check character\)/);
    const unknown = await detail(unissued);
    expect(unknown).toMatchObject({ status_code: 404, data: null });
    expect(unknown.message).toMatch(/^no such code/);
    expect((await detail("NOSUCH")).status_code).toBe(404);
    expect((await contents(wrong)).status_code).toBe(400);
    expect(await chain.snapshot()).toEqual(before);
  });

  it("filters the trace code list by code order (the batch the codes were issued in)", async () => {
    const orderId = (await chain.all(`SELECT order_id FROM trace_codes WHERE code = ?`, [items[0]]))[0]
      .order_id as number;
    const body = await chain.get("/api/tagging/tracecodes/pagelist", {
      order_id: String(orderId),
      page: "1",
      size: "50",
    });
    expect((body.data.list as { code: string }[]).map((row) => row.code).sort()).toEqual([...items].sort());
  });
});

describe("箱码查询 (GET /api/plant/packages/contents)", () => {
  it("lists a case's children, its parent chain and expanded counts per level, with its fill", async () => {
    expect((await contents(cases[0])).data).toEqual({
      code: cases[0],
      level: "case",
      status: "packed",
      fill: { held: 2, capacity: 2, state: "full" },
      children: [
        { code: boxes[0], level: "box", status: "packed" },
        { code: boxes[1], level: "box", status: "packed" },
      ],
      parents: [{ code: pallet, level: "pallet", status: "activated" }],
      counts: [
        { level: "box", count: 2 },
        { level: "item", count: 3 },
      ],
      logistics: null,
    });
  });

  it("tells an empty, a partial and a full box apart", async () => {
    expect((await contents(boxes[2])).data.fill).toEqual({ held: 0, capacity: 2, state: "empty" });
    expect((await contents(boxes[1])).data.fill).toEqual({ held: 1, capacity: 2, state: "partial" });
    expect((await contents(boxes[0])).data.fill).toEqual({ held: 2, capacity: 2, state: "full" });
  });

  it("counts a box's capacity as packing does, by what it holds, even when another row for its level comes first", async () => {
    const store = chain.app.consoleContext.store;
    const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0]
      .product_id as number;
    const rows = await chain.all(
      `SELECT * FROM package_hierarchies WHERE product_id = ? AND level = 'box' ORDER BY id`,
      [product],
    );
    // A stray row (box ⊃ case) ahead of the real one (box ⊃ item), as a hand-edited hierarchy may hold.
    await store.run(`DELETE FROM package_hierarchies WHERE product_id = ? AND level = 'box'`, [product]);
    const info = chain.app.consoleContext.catalog.info("package_hierarchies");
    await chain.app.consoleContext.records.insert(info, {
      product_id: product,
      level: "box",
      child_level: "case",
      ratio: 1793,
    });
    for (const row of rows)
      await chain.app.consoleContext.records.insert(info, {
        product_id: product,
        level: "box",
        child_level: row.child_level,
        ratio: row.ratio,
      });
    expect((await contents(boxes[1])).data.fill).toEqual({ held: 1, capacity: 2, state: "partial" });
    expect((await contents(boxes[2])).data.fill).toEqual({ held: 0, capacity: 2, state: "empty" });
  });
});

describe("码查询: events that carried the code inside a package", () => {
  it("an item in a shipped pallet shows the shipping, via the pallet; an item unpacked before it left does not", async () => {
    await must(chain.post("/api/plant/packagingunlinks/add", { code: items[1], reason: "返工" }));
    chain.clock.now += 60_000;
    const dealer = (await chain.all(`SELECT id FROM dealers ORDER BY id LIMIT 1`))[0].id as number;
    const warehouse = (await chain.all(`SELECT id FROM warehouses ORDER BY id LIMIT 1`))[0].id as number;
    const waybill = await chain.post("/api/physical/waybills/add", {
      waybill_no: "WB-CARRIED-1",
      dealer_id: dealer,
      warehouse_id: warehouse,
      ship_date: "2024-06-01",
    });
    const waybillId = (waybill.data as { id: number }).id;
    await must(chain.post("/api/physical/waybillcodes/add", { waybill_id: waybillId, code: pallet }));
    await must(chain.post("/api/physical/waybills/ship", { id: waybillId }));
    const timelineOf = async (code: string) =>
      ((await detail(code)).data as { timeline: { kind: string; via: string | null }[] }).timeline;
    expect((await timelineOf(items[0])).filter((event) => event.kind === "ship")).toEqual([
      expect.objectContaining({ kind: "ship", via: pallet }),
    ]);
    expect((await timelineOf(items[1])).some((event) => event.kind === "ship")).toBe(false);
    // The pallet's own timeline names it directly.
    expect((await timelineOf(pallet)).filter((event) => event.kind === "ship")).toEqual([
      expect.objectContaining({ via: null }),
    ]);
  });
});

describe("码查询: the code's consumer URL", () => {
  it("follows its rule's own template, not the default /m/q/ path", async () => {
    const rule = await chain.post("/api/tagging/coderules/add", {
      rule_code: "TPL-1",
      rule_name: "自定义链接规则",
      code_type: "item",
      kind: "segments",
      length: 20,
      charset: "alphanumeric",
      segments: "level + random:18 + check",
      url_template: "https://{host}/verify/{code}?src=label",
      status: "enabled",
    });
    expect(rule.message).toBe("success");
    const order = await chain.post("/api/tagging/codeorders/add", {
      order_no: "TPL-ORDER-1",
      rule_id: (rule.data as { id: number }).id,
      quantity: 2,
    });
    await must(chain.post("/api/tagging/codeorders/generate", { id: (order.data as { id: number }).id }));
    await generationJobs(chain.app.consoleContext).idle();
    const [code] = (
      await chain.all(`SELECT code FROM trace_codes WHERE order_id = ? ORDER BY id LIMIT 1`, [
        (order.data as { id: number }).id,
      ])
    ).map((row) => row.code as string);
    const { url } = (await detail(code)).data as { url: string };
    // {host} is the public origin's (the default http://localhost:3000), under the template's own scheme.
    expect(url).toBe(`https://localhost:3000/verify/${code}?src=label`);
    // A code of a rule without its own template keeps the default: the scan page on the public origin.
    expect(((await detail(items[0])).data as { url: string }).url).toBe(`http://localhost:3000/m/q/${items[0]}`);
  });
});
