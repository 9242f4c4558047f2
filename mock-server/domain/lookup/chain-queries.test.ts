// The chain's query screens over the list calls (inject): 生码查询表 / 码查询 filter trace codes by the
// code batch that issued them, and 原料查询 finds the work orders that used a material batch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";

let chain: ChainApp;
beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

interface Page {
  list: Record<string, unknown>[];
  total: number;
}
const page = async (url: string, query: Record<string, string>): Promise<Page> => {
  const body = await chain.get(url, { page: "1", size: "100", ...query });
  expect(body.code, body.message).toBe(0);
  return body.data as Page;
};

describe("生码查询表 / 码查询: trace codes by code batch", () => {
  it("batch_id lists exactly the codes that batch issued, and no other batch's", async () => {
    const first = await chain.generated("item", 7);
    const second = await chain.generated("item", 4);
    const listed = await page("/api/tagging/tracecodes/pagelist", { batch_id: String(first.batchId) });
    expect(listed.total).toBe(7);
    expect(listed.list.map((row) => row.code).sort()).toEqual([...first.codes].sort());
    expect(listed.list.every((row) => row.batch_id === first.batchId)).toBe(true);
    const other = await page("/api/tagging/tracecodes/pagelist", { batch_id: String(second.batchId) });
    expect(other.list.map((row) => row.code).sort()).toEqual([...second.codes].sort());
  });
});

describe("原料查询: work orders by material batch", () => {
  it("material_batch_no finds the usages of that batch, so the work orders that used it, and none that did not", async () => {
    const [a, b, c] = [await chain.workOrder(), await chain.workOrder(), await chain.workOrder()];
    const material = (await chain.all(`SELECT id FROM materials ORDER BY id LIMIT 1`))[0].id as number;
    const use = async (order: { id: number }, batch: string) => {
      const body = await chain.post("/api/plant/materialusages/add", {
        order_id: order.id,
        material_id: material,
        material_batch_no: batch,
        quantity: 2,
        unit: "kg",
        used_at: "2024-06-01T07:00:00Z",
      });
      expect(body.code, body.message).toBe(0);
    };
    await use(a, "MBQ-20240601");
    await use(b, "MBQ-20240601");
    await use(c, "MBQ-20240533");
    const found = await page("/api/plant/materialusages/pagelist", { material_batch_no: "MBQ-20240601" });
    expect(found.list.every((row) => row.material_batch_no === "MBQ-20240601")).toBe(true);
    expect([...new Set(found.list.map((row) => row.order_id))].sort()).toEqual([a.id, b.id].sort());
    const other = await page("/api/plant/materialusages/pagelist", { material_batch_no: "MBQ-20240533" });
    expect(other.list.map((row) => row.order_id)).toEqual([c.id]);
  });
});
