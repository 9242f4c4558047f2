// 码查询 and 箱码查询 say where a code went: the waybill it left on, the dealer with the regions it
// may sell in, the ship time and the warehouse the shipping event left from (not the waybill as
// edited since). Nothing before it ships; a returned code still names where it came from; once
// freed after the return, nothing again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";

let chain: ChainApp;
let items: string[];
let box: string;
let pallet: string;
let dealer: { id: number; dealer_name: string };
let warehouses: { id: number; warehouse_name: string }[];

const detail = (code: string) => chain.get("/api/tagging/tracecodes/lookup", { code });
const contents = (code: string) => chain.get("/api/plant/packages/contents", { code });
const must = async (made: Promise<{ code: number; message: string }>) => expect((await made).message).toBe("success");

beforeAll(async () => {
  chain = await chainApp();
  const wo = await chain.workOrder("in_progress");
  items = (await chain.generated("item", 2)).codes;
  [box] = (await chain.generated("box", 1)).codes as [string];
  [pallet] = (await chain.generated("pallet", 1)).codes as [string];
  const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0].product_id;
  for (const [level, child_level] of [
    ["box", "item"],
    ["pallet", "box"],
  ] as const)
    await must(chain.post("/api/base/packagehierarchies/add", { product_id: product, level, child_level, ratio: 2 }));
  for (const [codes, level] of [
    [items, "item"],
    [[box], "box"],
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
  for (const item of items)
    await must(
      chain.post("/api/plant/packaginglinks/add", {
        parent_code: box,
        child_code: item,
        level: "box",
        order_id: wo.id,
      }),
    );
  await must(
    chain.post("/api/plant/packaginglinks/add", {
      parent_code: pallet,
      child_code: box,
      level: "pallet",
      order_id: wo.id,
    }),
  );
  dealer = (await chain.all(`SELECT id, dealer_name FROM dealers ORDER BY id LIMIT 1`))[0] as typeof dealer;
  await must(chain.post("/api/base/dealers/update", { id: dealer.id, authorised_regions: ["330000", "510100"] }));
  await must(
    chain.post("/api/base/warehouses/add", {
      warehouse_code: "WH-LOGISTICS-2",
      warehouse_name: "第二仓",
      warehouse_type: "regional",
      region_code: "330100",
    }),
  );
  warehouses = (await chain.all(`SELECT id, warehouse_name FROM warehouses ORDER BY id`)) as typeof warehouses;
  warehouses = [warehouses[0], warehouses.at(-1)!];
}, 60_000);
afterAll(() => chain.app.close());

describe("码查询 and 箱码查询: where a code went", () => {
  it("names nothing before the code ships", async () => {
    expect((await detail(items[0])).data.logistics).toBeNull();
    expect((await contents(box)).data.logistics).toBeNull();
  });

  it("names the waybill, dealer and its regions, ship time and warehouse of a shipped pallet's item, box and pallet", async () => {
    const [from, other] = warehouses;
    const waybill = await chain.post("/api/physical/waybills/add", {
      waybill_no: "WB-LOGISTICS-1",
      dealer_id: dealer.id,
      warehouse_id: from.id,
      ship_date: "2024-06-01",
    });
    const waybillId = (waybill.data as { id: number }).id;
    await must(chain.post("/api/physical/waybillcodes/add", { waybill_id: waybillId, code: pallet }));
    chain.clock.now += 60_000;
    await must(chain.post("/api/physical/waybills/ship", { id: waybillId }));
    // The waybill's warehouse edited after it left: the lookups keep where the goods left from.
    await chain.app.consoleContext.store.run(`UPDATE waybills SET warehouse_id = ? WHERE id = ?`, [
      other.id,
      waybillId,
    ]);

    const shippedAt = (await chain.all(`SELECT shipped_at FROM trace_codes WHERE code = ?`, [items[0]]))[0].shipped_at;
    expect(shippedAt).toBe("2024-06-01T08:01:00Z");
    const expected = {
      waybill: { id: waybillId, name: "WB-LOGISTICS-1" },
      dealer: { id: dealer.id, name: dealer.dealer_name },
      authorised_regions: [
        { code: "330000", name: "浙江省" },
        { code: "510100", name: "成都市" },
      ],
      shipped_at: shippedAt,
      warehouse: { id: from.id, name: from.warehouse_name },
    };
    expect((await detail(items[0])).data.logistics).toEqual(expected);
    expect((await detail(pallet)).data.logistics).toEqual(expected);
    expect((await contents(box)).data.logistics).toEqual(expected);
    expect((await contents(pallet)).data.logistics).toEqual(expected);
    // 信息查询's chain is 码查询's: the same block.
    expect((await chain.get("/api/inspect/codetraces/lookup", { code: items[1] })).data.detail.logistics).toEqual(
      expected,
    );
  });

  it("a returned pallet still names where it came from; freed after the return, nothing", async () => {
    const before = (await detail(items[0])).data.logistics as { waybill: { id: number } };
    await must(
      chain.post("/api/physical/returns/add", {
        return_no: "RMA-LOGISTICS-1",
        dealer_id: dealer.id,
        warehouse_id: warehouses[0].id,
        codes: pallet,
        reason: "破损",
      }),
    );
    expect((await detail(items[0])).data).toMatchObject({ status: "returned", logistics: before });
    await must(chain.post("/api/physical/returnunlinks/add", { code: pallet, reason: "复检合格" }));
    expect((await detail(items[0])).data.logistics).toBeNull();
    expect((await contents(box)).data.logistics).toBeNull();
  });
});
