// The seeded history: the same anchor and clock give the same database, byte for byte; the seven
// days before the anchor each have production, shipments and scans, cut in UTC and in China's time
// alike; the production reports equal a replay of the raw ledger and every code's state is what its
// events say; work orders' dates agree with their products' shelf lives; and the history holds the
// cases a demo shows (tail boxes, handovers, returns shipped again, repeated scans, 窜货 checked
// with evidence, a guessing address). The seed's time is printed, a figure, not an assertion.
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { call, envelope, login } from "../test-fixtures/test-app";
import { directSummary, directWorkOrderStats, type Row } from "../test-fixtures/ledger-recount";
import { nowIso } from "../time/api-time";
import { DEFAULT_HISTORY_DAYS } from "./history-calendar";
import { tableNames } from "../db/schema-catalog";
import { testDatabase } from "../test-fixtures/test-database";

const ANCHOR = "2024-06-01";
const NOW = Date.parse(`${ANCHOR}T08:00:00Z`);
const DAY = 24 * 3600 * 1000;
/** Not seed content: what a sign-in writes, and the server's own random keys. */
const NOT_SEEDED = new Set(["_sessions", "_login_log", "_login_attempts", "_secrets"]);

async function seeded(): Promise<{ app: FastifyInstance; ms: number }> {
  const started = performance.now();
  const app = await buildApp({
    contract,
    dbFile: await testDatabase(),
    seedAnchor: ANCHOR,
    clock: () => NOW,
    docs: false,
  });
  await app.ready();
  return { app, ms: performance.now() - started };
}

const all = async (app: FastifyInstance, sql: string, params: unknown[] = []): Promise<Row[]> =>
  await app.consoleContext.store.all<Row>(sql, params as never[]);

/** A digest of each seeded table, its rows sorted (some tables have no rowid). */
async function contentHashes(app: FastifyInstance): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const name of (await tableNames(app.consoleContext.store)).filter((name) => !NOT_SEEDED.has(name))) {
    const hash = createHash("sha256");
    for (const line of (await all(app, `SELECT * FROM "${name}"`)).map((row) => JSON.stringify(row)).sort())
      hash.update(line);
    hashes[name] = hash.digest("hex");
  }
  return hashes;
}

const lastDays = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    new Date(Date.parse(ANCHOR) - (count - index) * DAY).toISOString().slice(0, 10),
  );

let app: FastifyInstance;
let hashes: Record<string, string>;
beforeAll(async () => {
  const first = await seeded();
  app = first.app;
  hashes = await contentHashes(app);
  console.log(
    `seed with ${DEFAULT_HISTORY_DAYS} days of history: ${Math.round(first.ms)} ms (buildApp, fresh database)`,
  );
}, 180_000);
afterAll(() => app.close());

describe("the seeded history", () => {
  it("is deterministic: the same anchor and clock give the same content hash", async () => {
    const again = await seeded();
    try {
      expect(await contentHashes(again.app)).toEqual(hashes);
    } finally {
      await again.app.close();
    }
    expect(
      (await all(app, `SELECT COUNT(*) AS n FROM _ledger_events WHERE event_time < ?`, [`${ANCHOR}T00:00:00Z`]))[0].n,
    ).toBeGreaterThan(5000);
  }, 180_000);

  it("covers the days before the anchor, and none after the clock", async () => {
    const [range] = await all(app, `SELECT MIN(event_time) AS first, MAX(event_time) AS last FROM _ledger_events`);
    expect(String(range.first).slice(0, 10)).toBe(
      new Date(Date.parse(ANCHOR) - DEFAULT_HISTORY_DAYS * DAY).toISOString().slice(0, 10),
    );
    expect(Date.parse(String(range.last))).toBeLessThanOrEqual(NOW);
    expect((await all(app, `SELECT COUNT(*) AS n FROM consumer_scans WHERE scanned_at > ?`, [nowIso(NOW)]))[0].n).toBe(
      0,
    );
  });

  // Days are cut here, in the test, from the stored times: the SQL stays the same on both engines.
  for (const [zone, shift] of [
    ["UTC", 0],
    ["China (UTC+8)", 8],
  ] as const)
    it(`each of the seven days before the anchor has production, shipments and scans, days cut in ${zone}`, async () => {
      const perDay = async (sql: string) => {
        const days = new Map<string, number>();
        for (const row of await all(app, sql)) {
          const day = new Date(Date.parse(row.at as string) + shift * 3_600_000).toISOString().slice(0, 10);
          days.set(day, (days.get(day) ?? 0) + 1);
        }
        return days;
      };
      const produced = await perDay(
        `SELECT e.event_time AS at FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
         JOIN trace_codes t ON t.code = c.code WHERE e.kind = 'activate' AND t.code_type = 'item'`,
      );
      const shipped = await perDay(`SELECT event_time AS at FROM _ledger_events WHERE kind = 'ship'`);
      const scanned = await perDay(`SELECT scanned_at AS at FROM consumer_scans`);
      for (const day of lastDays(7)) {
        expect(produced.get(day) ?? 0, `items made on ${day}`).toBeGreaterThan(0);
        expect(shipped.get(day) ?? 0, `shipments on ${day}`).toBeGreaterThan(0);
        expect(scanned.get(day) ?? 0, `scans on ${day}`).toBeGreaterThan(0);
      }
    });

  it("the dashboard's last seven days are all non-zero: codes, shipments and scans", async () => {
    const token = await login(app, "admin");
    const body = envelope(await call(app, { url: "/api/dashboard/today", token }));
    expect(body.code, body.message).toBe(0);
    const days = body.data.last7days as { date: string; codes: number; scans: number; shipped: number }[];
    expect(days).toHaveLength(7);
    for (const day of days) expect(day, day.date).toMatchObject({ codes: expect.any(Number) });
    expect(days.filter((day) => day.codes > 0 && day.scans > 0 && day.shipped > 0).map((day) => day.date)).toEqual(
      days.map((day) => day.date),
    );
  });

  it("the production reports equal a replay of the raw ledger", async () => {
    const token = await login(app, "admin");
    const report = async (name: string) => {
      const rows: Row[] = [];
      for (let page = 1; ; page += 1) {
        const body = envelope(
          await call(app, { url: `/api/report/${name}/query`, token, query: { page: String(page), size: "100" } }),
        );
        expect(body.code, body.message).toBe(0);
        rows.push(...(body.data.list as Row[]));
        if (rows.length >= (body.data.total as number) || !(body.data.list as Row[]).length) break;
      }
      return rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([key]) => key !== "id" && !key.endsWith("_label"))),
      );
    };
    const byKey = (rows: Row[]) =>
      [...rows].sort((a, b) =>
        JSON.stringify([a.day, a.product_id, a.line_id]).localeCompare(
          JSON.stringify([b.day, b.product_id, b.line_id]),
        ),
      );
    const query = (sql: string, params?: unknown[]) => all(app, sql, params);
    expect(byKey(await report("collect"))).toEqual(byKey(await directSummary(query)));
    const expected = await directWorkOrderStats(query);
    const stats = await report("productionorder");
    expect(
      stats
        .map((row) => Object.fromEntries(Object.keys(expected[0]).map((key) => [key, row[key]])))
        .sort((a, b) => (a.work_order_id as number) - (b.work_order_id as number)),
    ).toEqual(expected);
  });

  it("every code's state is what its own events and its packages' events say: status and parent", async () => {
    // Shipping, returns and their undoing name the outermost codes; what those held moved with them.
    const events = await all(
      app,
      `SELECT e.id, e.kind, e.parent_code, c.code FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id ORDER BY e.id`,
    );
    const eventsOf = new Map<string, { id: number; kind: string }[]>();
    const parentOf = new Map<string, string | null>();
    for (const event of events) {
      const code = event.code as string;
      eventsOf.set(code, [...(eventsOf.get(code) ?? []), { id: event.id as number, kind: event.kind as string }]);
      if (event.kind === "pack") parentOf.set(code, event.parent_code as string);
      if (event.kind === "unpack") parentOf.set(code, null);
    }
    const moving: Record<string, string> = { ship: "shipped", return: "returned", void: "scrapped" };
    const back = new Set(["restock", "void_shipping"]);
    const rows = await all(app, `SELECT code, status, parent_code FROM trace_codes`);
    expect(rows.length).toBeGreaterThan(10_000);
    const history = (code: string) => {
      const own = [...(eventsOf.get(code) ?? [])];
      for (let parent = parentOf.get(code); parent; parent = parentOf.get(parent))
        own.push(...(eventsOf.get(parent) ?? []).filter((event) => event.kind in moving || back.has(event.kind)));
      return own.sort((a, b) => a.id - b.id).map((event) => event.kind);
    };
    for (const row of rows) {
      const code = row.code as string;
      const kinds = history(code);
      expect(kinds[0], `${code} was issued first`).toBe("issue");
      expect(row.parent_code ?? null, `${code}'s parent`).toBe(parentOf.get(code) ?? null);
      const last = [...kinds].reverse().find((kind) => kind in moving || back.has(kind) || kind === "activate");
      const expected = last === undefined ? ["generated"] : last in moving ? [moving[last]] : ["activated", "packed"];
      expect(expected, `${code} (${row.status as string}) after ${kinds.join(", ")}`).toContain(row.status);
    }
  });

  it("a work order's expiry date is its production date plus its product's shelf life", async () => {
    const orders = await all(
      app,
      `SELECT o.order_no, o.production_date, o.expiry_date, p.shelf_life_days FROM production_orders o JOIN products p ON p.id = o.product_id`,
    );
    expect(orders.length).toBeGreaterThan(DEFAULT_HISTORY_DAYS);
    for (const order of orders) {
      const days = (Date.parse(order.expiry_date as string) - Date.parse(order.production_date as string)) / DAY;
      expect(days, order.order_no as string).toBe(order.shelf_life_days);
      expect(order.shelf_life_days as number).toBeLessThanOrEqual(720);
    }
  });

  it("holds the demo's cases: tail boxes, handovers, returns shipped again, repeated scans, 窜货 with evidence, guessing", async () => {
    const count = async (sql: string, params: unknown[] = []) => Number((await all(app, sql, params))[0].n);
    const before = `${ANCHOR}T00:00:00Z`;
    expect(
      await count(`SELECT COUNT(*) AS n FROM _ledger_events WHERE kind = 'close_package' AND event_time < ?`, [before]),
    ).toBeGreaterThan(30);
    expect(await count(`SELECT COUNT(*) AS n FROM handovers WHERE handed_over_at < ?`, [before])).toBeGreaterThan(30);
    expect(
      await count(
        `SELECT COUNT(DISTINCT substr(region_code, 1, 2)) AS n FROM dealers d WHERE id IN (SELECT dealer_id FROM waybills WHERE status = 'shipped')`,
      ),
    ).toBeGreaterThanOrEqual(5);
    // Returned, freed (退货解绑) and shipped again: the code's last ship follows its return.
    const reshipped = await all(
      app,
      `SELECT u.code FROM return_unlinks u WHERE (SELECT MAX(e.id) FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE c.code = u.code AND e.kind = 'ship') >
         (SELECT MAX(e.id) FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE c.code = u.code AND e.kind = 'return')`,
    );
    expect(reshipped.length).toBeGreaterThan(0);
    expect(await count(`SELECT COUNT(*) AS n FROM trace_codes WHERE scan_count > 1`)).toBeGreaterThan(20);
    expect(
      await count(`SELECT COUNT(DISTINCT substr(region_code, 1, 2)) AS n FROM consumer_scans`),
    ).toBeGreaterThanOrEqual(8);
    const hours = new Set(
      (await all(app, `SELECT DISTINCT CAST(substr(scanned_at, 12, 2) AS INTEGER) AS h FROM consumer_scans`)).map(
        (row) => row.h,
      ),
    );
    expect(hours.size).toBeGreaterThanOrEqual(12);
    const [crossRegion] = await all(
      app,
      `SELECT w.id, w.code FROM consumer_warnings w WHERE w.rule = 'cross_region' AND w.status = 'verified' AND w.verdict = 'cross_region'`,
    );
    expect(crossRegion).toBeDefined();
    const [inspection] = await all(app, `SELECT id FROM inspections WHERE warning_id = ?`, [crossRegion.id]);
    expect(
      await all(app, `SELECT code, snapshot_code_status FROM evidences WHERE inspection_id = ?`, [inspection.id]),
    ).toEqual([{ code: crossRegion.code, snapshot_code_status: "shipped" }]);
    expect(await count(`SELECT COUNT(*) AS n FROM consumer_warnings WHERE rule = 'code_guessing'`)).toBe(1);
    expect(
      await count(`SELECT COUNT(*) AS n FROM consumer_warnings WHERE rule = 'repeated_scan' AND status = 'verified'`),
    ).toBeGreaterThan(0);
  });
});
