// spec §7 addressareas/findByParentCode: real GB/T 2260 divisions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";

let app: FastifyInstance;
let token: string;
const areas = (query: string) =>
  call(app, { url: `/api/org/addressareas/findByParentCode${query}`, token }).then(envelope);
beforeAll(async () => {
  ({ app } = await fixtureApp({ seed: false }));
  const { store } = app.consoleContext;
  // No seed: create an account by hand to call with.
  const { seedAccounts } = await import("../seed/seed-accounts");
  await store.run(`INSERT INTO "departments" (depart_code, depart_name) VALUES ('D', 'd')`);
  await seedAccounts(app.consoleContext, Date.parse("2024-06-01"));
  token = await login(app, "editor");
});
afterAll(() => app.close());

describe("findByParentCode", () => {
  it("0 or empty gives the 34 provincial divisions", async () => {
    for (const query of ["?parent_code=0", "?parent_code=", ""]) {
      const { data } = await areas(query);
      expect(data).toHaveLength(34);
      expect(data[0]).toEqual({ code: "110000", name: "北京市", parent_code: "0", level: 1, leaf: false });
      expect(data.map((area: { name: string }) => area.name)).toContain("广东省");
    }
  });

  it("a province gives its cities, a city its districts", async () => {
    const cities = (await areas("?parent_code=440000")).data;
    expect(cities.find((city: { code: string }) => city.code === "440300")).toMatchObject({
      name: "深圳市",
      level: 2,
      leaf: false,
    });
    const districts = (await areas("?parent_code=440300")).data;
    expect(districts.map((district: { name: string }) => district.name)).toContain("南山区");
    expect(districts.every((district: { leaf: boolean; level: number }) => district.leaf && district.level === 3)).toBe(
      true,
    );
  });

  it("a municipality lists its districts directly", async () => {
    expect((await areas("?parent_code=110000")).data.map((area: { name: string }) => area.name)).toContain("朝阳区");
  });

  it("an unknown code has no children; a malformed one is refused", async () => {
    expect((await areas("?parent_code=999999")).data).toEqual([]);
    expect((await areas("?parent_code=1'%20OR%201=1")).status_code).toBe(400);
  });
});

describe("a region's names (region columns' <field>_label)", () => {
  it("are its province, city and district, province first; an unknown code has none", async () => {
    const { regionPath } = await import("../regions/address-areas");
    expect(regionPath("510107")).toBe("四川省 成都市 武侯区");
    expect(regionPath("510100")).toBe("四川省 成都市");
    expect(regionPath("330000")).toBe("浙江省");
    expect(regionPath("999999")).toBeNull();
  });
});
