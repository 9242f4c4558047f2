// Options for select boxes and tree calls.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "admin");
});
afterAll(() => app.close());

describe("options", () => {
  it("answers {value, label} pairs, at most 50", async () => {
    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        call(app, { method: "POST", url: "/api/base/brands/add", token, body: { brand_name: `选项品牌${index}` } }),
      ),
    );
    const { data } = envelope(await call(app, { url: "/api/base/brands/options", token }));
    expect(data).toHaveLength(50);
    expect(Object.keys(data[0]).sort()).toEqual(["label", "value"]);
  });

  it("filters by q on the label and puts the requested ids first", async () => {
    const { data } = envelope(
      await call(app, { url: `/api/base/brands/options?q=${encodeURIComponent("选项品牌5")}`, token }),
    );
    expect(data.map((item: { label: string }) => item.label).sort()).toEqual([
      "选项品牌5",
      "选项品牌50",
      "选项品牌51",
      "选项品牌52",
      "选项品牌53",
      "选项品牌54",
      "选项品牌55",
      "选项品牌56",
      "选项品牌57",
      "选项品牌58",
      "选项品牌59",
    ]);
    const first = (await app.consoleContext.store.get<{ id: number; brand_name: string }>(
      'SELECT id, brand_name FROM "brands" ORDER BY id LIMIT 1',
    ))!;
    const withIds = envelope(await call(app, { url: `/api/base/brands/options?q=zzz&ids=${first.id}`, token })).data;
    expect(withIds).toEqual([{ value: first.id, label: first.brand_name }]);
  });

  it("answers the label as text, as the console's OptionItem types it: a numeric label field gives its digits", async () => {
    const { data } = envelope(await call(app, { url: "/api/org/positionrole/options", token }));
    expect(data.length).toBeGreaterThan(0);
    for (const item of data) expect(item).toEqual({ value: item.value, label: String(item.value) });
  });

  it("refuses malformed ids", async () => {
    expect(envelope(await call(app, { url: "/api/base/brands/options?ids=1;2", token })).status_code).toBe(400);
  });
});

describe("tree", () => {
  it("nests departments under listSubWareHouses (spec §3)", async () => {
    const { data } = envelope(await call(app, { url: "/api/org/enterprisedepart/tree", token }));
    const rows = await app.consoleContext.store.all<{ id: number; parent_id: number | null }>(
      'SELECT id, parent_id FROM "departments"',
    );
    const seen: number[] = [];
    const walk = (
      nodes: { id: number; parent_id: number | null; listSubWareHouses: unknown[] }[],
      parent: number | null,
    ) => {
      for (const node of nodes) {
        expect(node.parent_id).toBe(parent);
        seen.push(node.id);
        walk(node.listSubWareHouses as never, node.id);
      }
    };
    walk(data, null);
    expect(seen.sort((a, b) => a - b)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    expect(rows.some((row) => row.parent_id !== null)).toBe(true); // the seed makes a real tree
  });
});
