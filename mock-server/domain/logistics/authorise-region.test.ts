// A dealer's authorised regions: several provinces and cities, written whole through the dealer's
// own calls; a district, an unknown code, a region listed twice, a city inside a listed province or
// a province around listed cities is refused, naming why, and changes nothing. Evidence reads them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { authorisedRegionsText } from "../evidence/evidence-snapshot";
import { adoptEarlierGrants, dealerRegionCodes } from "./authorise-region";

let chain: ChainApp;
let dealerId: number;

const authorise = (authorised_regions: string[]) =>
  chain.post("/api/base/dealers/update", { id: dealerId, authorised_regions });
const held = async () => await dealerRegionCodes(chain.app.consoleContext, dealerId);

beforeAll(async () => {
  chain = await chainApp();
  dealerId = (await chain.all(`SELECT id FROM dealers ORDER BY id DESC LIMIT 1`))[0].id as number;
}, 60_000);
afterAll(() => chain.app.close());

describe("dealer regions (authorise-region)", () => {
  it("a dealer holds a province and cities of other provinces, in the order listed", async () => {
    const answer = await authorise(["440000", "320100", "510100"]);
    expect(answer.code, answer.message).toBe(0);
    expect(answer.data).toMatchObject({
      authorised_regions: ["440000", "320100", "510100"],
      authorised_regions_label: ["广东省", "江苏省 南京市", "四川省 成都市"],
    });
    expect(await held()).toEqual(["440000", "320100", "510100"]);
    expect(await authorisedRegionsText(chain.app.consoleContext, dealerId)).toBe("440000,320100,510100");
  });

  it.each([
    [
      ["440000", "440106"],
      400,
      "authorised_regions: 440106 is not a province or a city of GB/T 2260; authorise a province or a city",
    ],
    [
      ["990000"],
      400,
      "authorised_regions: 990000 is not a province or a city of GB/T 2260; authorise a province or a city",
    ],
    [
      ["440000", "440100"],
      409,
      "authorised_regions: 广州市 (440100) lies in 广东省 (440000), which the dealer is already authorised for",
    ],
    [
      ["320100", "320000"],
      409,
      "authorised_regions: 江苏省 (320000) contains 南京市 (320100), which the dealer is already authorised for; withdraw it first",
    ],
  ])("%j is refused (%i) and nothing changes", async (codes, status, message) => {
    const answer = await authorise(codes);
    expect(answer.status_code).toBe(status);
    expect(answer.message).toBe(message);
    expect(await held()).toEqual(["440000", "320100", "510100"]);
  });

  it("a region listed twice is refused by the call's schema", async () => {
    const answer = await authorise(["510100", "510100"]);
    expect(answer.status_code).toBe(400);
    expect(await held()).toEqual(["440000", "320100", "510100"]);
  });

  it("a region is withdrawn by listing the others; an empty list withdraws all", async () => {
    expect((await authorise(["440000", "320100"])).code).toBe(0);
    expect(await held()).toEqual(["440000", "320100"]);
    expect((await authorise([])).code).toBe(0);
    expect(await held()).toEqual([]);
  });

  it("a database with grants in the earlier dealer_regions table gives them to dealers that list none", async () => {
    const ctx = chain.app.consoleContext;
    const [other] = await chain.all(`SELECT id FROM dealers WHERE id <> ? ORDER BY id LIMIT 1`, [dealerId]);
    await ctx.store.exec(
      `CREATE TABLE dealer_regions ("id" INTEGER PRIMARY KEY, "dealer_id" INTEGER, "region_code" TEXT)`,
    );
    await ctx.store.run(
      `INSERT INTO dealer_regions (dealer_id, region_code) VALUES (?, '510100'), (?, '330000'), (?, '440000')`,
      [dealerId, dealerId, other.id as number],
    );
    await adoptEarlierGrants(ctx);
    expect(await held()).toEqual(["510100", "330000"]);
    // A dealer that already lists regions keeps its own.
    expect(await dealerRegionCodes(ctx, other.id as number)).not.toContain("440000");
    await adoptEarlierGrants(ctx);
    expect(await held()).toEqual(["510100", "330000"]);
    await ctx.store.exec(`DROP TABLE dealer_regions`);
  });

  it("a new dealer is created with its regions", async () => {
    const created = await chain.post("/api/base/dealers/add", {
      dealer_code: "DR-NEW-1",
      dealer_name: "Regions test dealer",
      level: "city",
      region_code: "510104",
      status: "enabled",
      authorised_regions: ["510100", "500000"],
    });
    expect(created.code, created.message).toBe(0);
    const id = (created.data as { id: number }).id;
    expect(await dealerRegionCodes(chain.app.consoleContext, id)).toEqual(["510100", "500000"]);
    const refused = await chain.post("/api/base/dealers/add", {
      dealer_code: "DR-NEW-2",
      dealer_name: "Regions test dealer 2",
      level: "city",
      region_code: "510104",
      status: "enabled",
      authorised_regions: ["510104"],
    });
    expect(refused.status_code).toBe(400);
    expect(await chain.all(`SELECT id FROM dealers WHERE dealer_code = 'DR-NEW-2'`)).toEqual([]);
  });
});
