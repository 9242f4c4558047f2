// GET /api/dashboard/today, checked against the tables it reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { issueCodes } from "../domain/ledger/ledger";
import { call, envelope, fixtureApp, login, ANCHOR } from "../test-fixtures/test-app";

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "editor");
});
afterAll(() => app.close());

/** A Shanghai day as stored UTC times [start, end): it starts at 16:00 UTC the day before. */
const inShanghai = (day: string) => {
  const start = Date.parse(`${day}T00:00:00+08:00`);
  return [new Date(start).toISOString(), new Date(start + 86_400_000).toISOString()];
};

const count = async (sql: string, params: unknown[] = []) =>
  (await app.consoleContext.store.get<{ n: number }>(sql, params as never[]))!.n;

describe("dashboard today", () => {
  it("counts today's codes and scans and lists the last seven days", async () => {
    const { data } = envelope(await call(app, { url: "/api/dashboard/today", token }));
    expect(data.last7days.map((day: { date: string }) => day.date)).toEqual([
      "2024-05-26",
      "2024-05-27",
      "2024-05-28",
      "2024-05-29",
      "2024-05-30",
      "2024-05-31",
      ANCHOR,
    ]);
    expect(data.consumer_scans).toBe(
      await count(
        `SELECT COUNT(*) AS n FROM "consumer_scans" WHERE scanned_at >= ? AND scanned_at < ?`,
        inShanghai(ANCHOR),
      ),
    );
    expect(data.codes_generated).toBe(
      await count(
        `SELECT COALESCE(SUM(code_count), 0) AS n FROM _ledger_events WHERE kind IN ('issue', 'import') AND event_time >= ? AND event_time < ?`,
        inShanghai(ANCHOR),
      ),
    );
    const may30 = data.last7days.find((day: { date: string }) => day.date === "2024-05-30");
    expect(may30.scans).toBe(
      await count(
        `SELECT COUNT(*) AS n FROM "consumer_scans" WHERE scanned_at >= ? AND scanned_at < ?`,
        inShanghai("2024-05-30"),
      ),
    );
    // The fixture has no production orders, waybills or warnings: those figures are zero.
    expect(data).toMatchObject({ items_produced: 0, shipped: 0, open_warnings: 0 });
  });

  it("counts the business day (Shanghai by default) for every viewer: 23:30 is still 31 May, 00:30 is 1 June", async () => {
    const store = app.consoleContext.store;
    const read = async () => envelope(await call(app, { url: "/api/dashboard/today", token })).data;
    const before = await read();
    expect(before).toMatchObject({ today: ANCHOR, time_zone: "Asia/Shanghai" });
    const template = (await store.get<Record<string, unknown>>('SELECT * FROM "consumer_scans" LIMIT 1'))!;
    const columns = Object.keys(template).filter((name) => name !== "id");
    const scanAt = async (time: string) =>
      await store.run(
        `INSERT INTO "consumer_scans" (${columns.map((name) => `"${name}"`).join(",")}) VALUES (${columns.map(() => "?").join(",")})`,
        columns.map((name) => (name === "scanned_at" ? time : template[name])) as never[],
      );
    await scanAt("2024-05-31T15:30:00.000Z"); // 23:30 on 31 May in Shanghai
    await scanAt("2024-05-31T16:30:00.000Z"); // 00:30 on 1 June in Shanghai (still 31 May in UTC)
    await scanAt("2024-05-31T16:30:00.000Z");
    store.bump("consumer_scans");
    const after = await read();
    const may31 = (data: { last7days: { date: string; scans: number }[] }) =>
      data.last7days.find((d) => d.date === "2024-05-31")!.scans;
    expect(may31(after)).toBe(may31(before) + 1);
    expect(after.consumer_scans).toBe(before.consumer_scans + 2);
    expect(after.last7days.at(-1).scans).toBe(after.consumer_scans);
  });

  it("takes no viewer offset: the day is the enterprise's", async () => {
    const answer = envelope(await call(app, { url: "/api/dashboard/today?tz=480", token }));
    expect(answer.status_code).toBe(400);
    expect(answer.message).toMatch(/tz/);
  });

  it("counts issued codes from the ledger, not typed-in rows, and follows an issue at once", async () => {
    const before = envelope(await call(app, { url: "/api/dashboard/today", token })).data.codes_generated;
    const admin = await login(app, "admin");
    const order = (await app.consoleContext.store.get<{ id: number }>('SELECT id FROM "code_orders" LIMIT 1'))!;
    const typed = envelope(
      await call(app, {
        method: "POST",
        url: "/api/tagging/codes/add",
        token: admin,
        body: { code: "DASH0001", code_order_id: order.id },
      }),
    );
    expect(typed.code, typed.message).toBe(0);
    expect(envelope(await call(app, { url: "/api/dashboard/today", token })).data.codes_generated).toBe(before);
    let serial = 0;
    await issueCodes(
      app.consoleContext,
      { kind: "issue", operator: "admin" },
      2,
      () => `DASH-ISSUED-${(serial += 1)}`,
      {
        code_order_id: order.id,
        status: "generated",
      },
    );
    expect(envelope(await call(app, { url: "/api/dashboard/today", token })).data.codes_generated).toBe(before + 2);
  });
});
