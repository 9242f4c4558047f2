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

const count = (sql: string, params: unknown[] = []) =>
  app.consoleContext.store.get<{ n: number }>(sql, params as never[])!.n;

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
      count(`SELECT COUNT(*) AS n FROM "consumer_scans" WHERE substr(scanned_at, 1, 10) = ?`, [ANCHOR]),
    );
    expect(data.codes_generated).toBe(
      count(
        `SELECT COALESCE(SUM(code_count), 0) AS n FROM _ledger_events WHERE kind IN ('issue', 'import') AND substr(event_time, 1, 10) = ?`,
        [ANCHOR],
      ),
    );
    const may30 = data.last7days.find((day: { date: string }) => day.date === "2024-05-30");
    expect(may30.scans).toBe(
      count(`SELECT COUNT(*) AS n FROM "consumer_scans" WHERE substr(scanned_at, 1, 10) = '2024-05-30'`),
    );
    // The fixture has no production orders, waybills or warnings: those figures are zero.
    expect(data).toMatchObject({ items_produced: 0, shipped: 0, open_warnings: 0 });
  });

  it("counts the viewer's day: tz (minutes east of UTC) moves a scan at 17:00 UTC into the next Beijing day", async () => {
    const store = app.consoleContext.store;
    const inBeijing = (day: string) =>
      count(
        `SELECT COUNT(*) AS n FROM "consumer_scans" WHERE substr(datetime(scanned_at, '+480 minutes'), 1, 10) = ?`,
        [day],
      );
    const utc = async () => envelope(await call(app, { url: "/api/dashboard/today?tz=0", token }));
    const before = {
      beijing: envelope(await call(app, { url: "/api/dashboard/today?tz=480", token })).data,
      utc: (await utc()).data,
    };
    expect(before.beijing.consumer_scans).toBe(inBeijing(ANCHOR));
    // 2024-05-31 17:00 UTC is 2024-06-01 01:00 in Beijing: today there, yesterday in UTC.
    const template = store.get<Record<string, unknown>>('SELECT * FROM "consumer_scans" LIMIT 1')!;
    const columns = Object.keys(template).filter((name) => name !== "id");
    store.run(
      `INSERT INTO "consumer_scans" (${columns.map((name) => `"${name}"`).join(",")}) VALUES (${columns.map(() => "?").join(",")})`,
      columns.map((name) => (name === "scanned_at" ? "2024-05-31T17:00:00Z" : template[name])) as never[],
    );
    store.bump("consumer_scans");
    const after = {
      beijing: envelope(await call(app, { url: "/api/dashboard/today?tz=480", token })).data,
      utc: (await utc()).data,
    };
    expect(after.beijing.consumer_scans).toBe(before.beijing.consumer_scans + 1);
    expect(after.utc.consumer_scans).toBe(before.utc.consumer_scans);
    const may31 = (data: { last7days: { date: string; scans: number }[] }) =>
      data.last7days.find((d) => d.date === "2024-05-31")!.scans;
    expect(may31(after.utc)).toBe(may31(before.utc) + 1);
    expect(may31(after.beijing)).toBe(may31(before.beijing));
  });

  it("refuses an offset no time zone has with the 400 envelope", async () => {
    const answer = envelope(await call(app, { url: "/api/dashboard/today?tz=5000", token }));
    expect(answer.status_code).toBe(400);
    expect(answer.message).toMatch(/tz/);
  });

  it("counts issued codes from the ledger, not typed-in rows, and follows an issue at once", async () => {
    const before = envelope(await call(app, { url: "/api/dashboard/today", token })).data.codes_generated;
    const admin = await login(app, "admin");
    const order = app.consoleContext.store.get<{ id: number }>('SELECT id FROM "code_orders" LIMIT 1')!;
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
    issueCodes(app.consoleContext, { kind: "issue", operator: "admin" }, 2, () => `DASH-ISSUED-${(serial += 1)}`, {
      code_order_id: order.id,
    });
    expect(envelope(await call(app, { url: "/api/dashboard/today", token })).data.codes_generated).toBe(before + 2);
  });
});
