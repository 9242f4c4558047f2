// GET /api/dashboard/today, checked against the tables it reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login, ANCHOR } from "../test-fixtures/test-app";

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "editor");
});
afterAll(() => app.close());

const count = (sql: string, params: unknown[] = []) => app.consoleContext.store.get<{ n: number }>(sql, params as never[])!.n;

describe("dashboard today", () => {
  it("counts today's codes and scans and lists the last seven days", async () => {
    const { data } = envelope(await call(app, { url: "/api/dashboard/today", token }));
    expect(data.last7days.map((day: { date: string }) => day.date)).toEqual([
      "2024-05-26", "2024-05-27", "2024-05-28", "2024-05-29", "2024-05-30", "2024-05-31", ANCHOR,
    ]);
    expect(data.consumer_scans).toBe(count(`SELECT COUNT(*) AS n FROM "consumer_scans" WHERE substr(scanned_at, 1, 10) = ?`, [ANCHOR]));
    expect(data.codes_generated).toBe(count(`SELECT COUNT(*) AS n FROM "trace_codes" WHERE substr(created_at, 1, 10) = ?`, [ANCHOR]));
    const may30 = data.last7days.find((day: { date: string }) => day.date === "2024-05-30");
    expect(may30.scans).toBe(count(`SELECT COUNT(*) AS n FROM "consumer_scans" WHERE substr(scanned_at, 1, 10) = '2024-05-30'`));
    // The fixture has no production orders, waybills or warnings: those figures are zero.
    expect(data).toMatchObject({ items_produced: 0, shipped: 0, open_warnings: 0 });
  });

  it("follows a write at once", async () => {
    const before = envelope(await call(app, { url: "/api/dashboard/today", token })).data.codes_generated;
    const admin = await login(app, "admin");
    const order = app.consoleContext.store.get<{ id: number }>('SELECT id FROM "code_orders" LIMIT 1')!;
    await call(app, { method: "POST", url: "/api/tagging/codes/add", token: admin, body: { code: "DASH0001", code_order_id: order.id } });
    expect(envelope(await call(app, { url: "/api/dashboard/today", token })).data.codes_generated).toBe(before + 1);
  });
});
