// 经销商授权区域: a dealer holds several provinces and cities; a district, an
// unknown code, a region held twice or a city inside a held province are refused, naming why, and
// change nothing; a grant is never edited (ruleOwned), only withdrawn. Evidence reads the grants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { authorisedRegionsText } from "./evidence/evidence-snapshot";

let chain: ChainApp;
let dealerId: number;

const grant = (region_code: string) => chain.post("/api/base/dealerregions/add", { dealer_id: dealerId, region_code });
const grants = () =>
  chain
    .all(`SELECT region_code FROM dealer_regions WHERE dealer_id = ? ORDER BY id`, [dealerId])
    .map((row) => row.region_code);

beforeAll(async () => {
  chain = await chainApp();
  dealerId = chain.all(`SELECT id FROM dealers ORDER BY id DESC LIMIT 1`)[0].id as number;
  chain.app.consoleContext.store.run(`DELETE FROM dealer_regions WHERE dealer_id = ?`, [dealerId]);
}, 60_000);
afterAll(() => chain.app.close());

describe("dealer regions (authorise-region)", () => {
  it("a dealer holds a province and cities of other provinces", async () => {
    for (const code of ["440000", "320100", "510100"]) expect((await grant(code)).code, code).toBe(0);
    expect(grants()).toEqual(["440000", "320100", "510100"]);
    expect(authorisedRegionsText(chain.app.consoleContext, dealerId)).toBe("440000,320100,510100");
  });

  it.each([
    ["440106", 400, "region_code: 440106 is not a province or a city of GB/T 2260; authorise a province or a city"],
    ["990000", 400, "region_code: 990000 is not a province or a city of GB/T 2260; authorise a province or a city"],
    ["320100", 409, "region_code: the dealer is already authorised for 南京市 (320100)"],
    ["440100", 409, "region_code: 广州市 (440100) lies in 广东省 (440000), which the dealer is already authorised for"],
    [
      "320000",
      409,
      "region_code: 江苏省 (320000) contains 南京市 (320100), which the dealer is already authorised for; withdraw it first",
    ],
  ])("%s is refused (%i) and nothing changes", async (code, status, message) => {
    const before = chain.all(`SELECT * FROM dealer_regions ORDER BY id`);
    const answer = await grant(code);
    expect(answer.status_code).toBe(status);
    expect(answer.message).toBe(message);
    expect(chain.all(`SELECT * FROM dealer_regions ORDER BY id`)).toEqual(before);
  });

  it("a grant is never edited, only withdrawn", async () => {
    const [row] = chain.all(`SELECT id FROM dealer_regions WHERE dealer_id = ? AND region_code = '510100'`, [dealerId]);
    const edited = await chain.post("/api/base/dealerregions/update", { id: row.id, region_code: "440106" });
    expect(edited.status_code).toBe(409);
    expect(grants()).toContain("510100");
    const withdrawn = await chain.post("/api/base/dealerregions/delete", { id: row.id });
    expect(withdrawn.code, withdrawn.message).toBe(0);
    expect(grants()).toEqual(["440000", "320100"]);
  });
});
