// On the real chain the dashboard's figures are the ledger's, and agree with the production
// reports: codes generated = codes the day's issue/import events name, codes activated = the day's
// activations, items produced = the summary report's items for the day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { call, envelope, login } from "../test-fixtures/test-app";
import { businessDayOf, businessDayRange, isoInstant } from "../time/business-day";

let chain: ChainApp;
let token: string;
beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
}, 60_000);
afterAll(() => chain.app.close());

const ZONE = "Asia/Shanghai"; // the enterprise's default business zone
const today = () => businessDayOf(chain.clock.now, ZONE);
const dashboard = async () => envelope(await call(chain.app, { url: "/api/dashboard/today", token })).data;
const reportItems = async () => {
  const { data } = envelope(
    await call(chain.app, { url: "/api/report/collect/query", token, query: { date_from: today(), date_to: today() } }),
  );
  return (data.list as { items: number }[]).reduce((sum, row) => sum + row.items, 0);
};
const ledgerCodes = async (kinds: string) =>
  (
    await chain.all(
      `SELECT COALESCE(SUM(code_count), 0) AS n FROM _ledger_events WHERE kind IN (${kinds}) AND event_time >= ? AND event_time < ?`,
      Object.values(businessDayRange(today(), ZONE)).map(isoInstant),
    )
  )[0].n;

describe("the dashboard from the ledger", () => {
  it("on the seeded chain: generated and activated are the ledger's counts, produced equals the summary report", async () => {
    const figures = await dashboard();
    expect(figures.codes_generated).toBe(await ledgerCodes("'issue', 'import'"));
    expect(figures.codes_activated).toBe(await ledgerCodes("'activate'"));
    expect(figures.items_produced).toBeGreaterThan(0);
    expect(figures.items_produced).toBe(await reportItems());
    expect(figures.last7days.at(-1).codes).toBe(figures.codes_generated);
  });

  it("follows the chain: an issue adds its codes, an activation its codes and items, a replacement nothing to production", async () => {
    const before = await dashboard();
    const { codes } = await chain.generated("item", 5);
    const wo = await chain.workOrder("in_progress");
    const activated = await chain.post("/api/plant/codeactivations/add", {
      work_order_id: wo.id,
      level: "item",
      first_code: codes[0],
      last_code: codes[2],
    });
    expect(activated.code, activated.message).toBe(0);
    const after = await dashboard();
    expect(after.codes_generated).toBe(before.codes_generated + 5);
    expect(after.codes_activated).toBe(before.codes_activated + 3);
    expect(after.items_produced).toBe(before.items_produced + 3);
    const replaced = await chain.post("/api/plant/packagingreplacements/add", {
      old_code: codes[0],
      new_code: codes[3],
      reason: "标签破损",
    });
    expect(replaced.code, replaced.message).toBe(0);
    const later = await dashboard();
    expect(later.items_produced).toBe(after.items_produced);
    expect(later.codes_activated).toBe(after.codes_activated);
    expect(later.items_produced).toBe(await reportItems());
  });
});
