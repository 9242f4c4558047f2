// Each ledger event is named by GS1's event hash, stored as it is appended: the stored hash is the
// one epcis2.js makes of the event as exported, two exports name events alike, the same thing
// recorded twice stays two events (the second carries its occurrence), and a database from before
// the hash gets every old row's hash when the server prepares it, its ledger still append-only.
import epcis2 from "epcis2.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../../app";
import { createContext } from "../../context";
import { contract } from "../../generated/contract.gen";
import { resolveOptions } from "../../options";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { testDatabase } from "../../test-fixtures/test-database";
import { call, envelope, login } from "../../test-fixtures/test-app";
import { PRIVATE_NAMESPACE } from "../epcis/epcis-namespace";
import { observeEvent } from "./ledger";

type Doc = { epcisBody: { eventList: Record<string, unknown>[] } };
const HASH = /^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/;

let chain: ChainApp;
let token: string;
beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
}, 60_000);
afterAll(() => chain.app.close());

const exported = async (query: Record<string, string>): Promise<Doc> => {
  const body = envelope(await call(chain.app, { url: "/api/tagging/tracecodes/epcis", token, query }));
  expect(body.code, body.message).toBe(0);
  return body.data as Doc;
};

describe("event identity on append", () => {
  it("every event has a unique GS1 hash, equal to epcis2.js's of the event as exported, and the same in two exports", async () => {
    const rows = await chain.all(`SELECT event_hash FROM _ledger_events`);
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.every((row) => HASH.test(String(row.event_hash)))).toBe(true);
    expect(new Set(rows.map((row) => row.event_hash)).size).toBe(rows.length);

    const orders = await chain.all(
      `SELECT DISTINCT work_order_id AS id FROM _ledger_events WHERE kind = 'activate' ORDER BY 1 LIMIT 2`,
    );
    for (const order of orders) {
      const first = await exported({ work_order_id: String(order.id) });
      chain.clock.now += 60_000;
      const second = await exported({ work_order_id: String(order.id) });
      const ids = first.epcisBody.eventList.map((event) => event.eventID);
      expect(ids.length).toBeGreaterThan(0);
      expect(second.epcisBody.eventList.map((event) => event.eventID)).toEqual(ids);
      for (const event of first.epcisBody.eventList)
        expect(epcis2.eventToHashedId(event, PRIVATE_NAMESPACE)).toBe(event.eventID);
    }
  });

  it("the same inspection recorded twice in one instant stays two events: the second carries occurrence 2 and its own hash", async () => {
    const code = (await chain.all(`SELECT code FROM trace_codes WHERE status = 'packed' ORDER BY id LIMIT 1`))[0]
      .code as string;
    const ctx = chain.app.consoleContext;
    const inspection = {
      kind: "inspect" as const,
      codes: [code],
      readPoint: "geo:31.2304,121.4737",
      reason: "genuine",
      operator: "admin",
    };
    const first = await observeEvent(ctx, inspection);
    const again = await observeEvent(ctx, inspection);
    const rows = await chain.all(
      `SELECT id, event_hash, occurrence FROM _ledger_events WHERE id IN (?, ?) ORDER BY id`,
      [first, again],
    );
    expect(rows.map((row) => row.occurrence)).toEqual([null, 2]);
    expect(rows[0].event_hash).not.toBe(rows[1].event_hash);
    const events = (await exported({ code })).epcisBody.eventList.filter((event) =>
      rows.some((row) => row.event_hash === event.eventID),
    );
    expect(events.map((event) => event["tc:occurrence"])).toEqual([undefined, 2]);
    for (const event of events) expect(epcis2.eventToHashedId(event, PRIVATE_NAMESPACE)).toBe(event.eventID);
  });
});

describe("a database from before the hash", () => {
  it("gets every old event's hash when prepared (identical events numbered in ledger order), and stays append-only", async () => {
    const ctx = createContext(resolveOptions({ contract, dbFile: await testDatabase(), seed: false, docs: false }));
    try {
      // The ledger's first table, as an older server made it: no event_hash, no occurrence.
      await ctx.store.exec(`CREATE TABLE _ledger_events (
        id INTEGER PRIMARY KEY, kind TEXT NOT NULL, event_type TEXT NOT NULL, action TEXT NOT NULL,
        biz_step TEXT NOT NULL, disposition TEXT, parent_code TEXT, code_count INTEGER NOT NULL,
        related_code TEXT, reason TEXT, work_order_id INTEGER, lot TEXT, production_date TEXT,
        expiry_date TEXT, read_point TEXT, biz_location TEXT, event_time TEXT NOT NULL,
        recorded_time TEXT NOT NULL, operator TEXT)`);
      await ctx.store.exec(ctx.store.engine.dialect.appendOnly("_ledger_events"));
      const old = (time: string, reason: string) =>
        ctx.store.insert(
          `INSERT INTO _ledger_events (kind, event_type, action, biz_step, code_count, reason, read_point, event_time, recorded_time)
           VALUES ('inspect', 'ObjectEvent', 'OBSERVE', 'inspecting', 0, ?, 'geo:1,2', ?, ?)`,
          [reason, time, time],
        );
      const ids = [
        await old("2024-05-01T08:00:00.000Z", "genuine"),
        await old("2024-05-01T08:00:00.000Z", "genuine"),
        await old("2024-05-02T08:00:00.000Z", "suspect"),
      ];
      await prepareDatabase(ctx);
      const rows = await ctx.store.all<{ id: number; event_hash: string; occurrence: number | null }>(
        `SELECT id, event_hash, occurrence FROM _ledger_events ORDER BY id`,
      );
      expect(rows.map((row) => Number(row.id))).toEqual(ids);
      expect(rows.every((row) => HASH.test(row.event_hash))).toBe(true);
      expect(new Set(rows.map((row) => row.event_hash)).size).toBe(3);
      expect(rows.map((row) => (row.occurrence === null ? null : Number(row.occurrence)))).toEqual([null, 2, null]);
      await expect(ctx.store.run(`UPDATE _ledger_events SET reason = 'x' WHERE id = ?`, [ids[0]])).rejects.toThrow(
        /append-only/,
      );
      // Prepared again, nothing changes.
      await prepareDatabase(ctx);
      expect(await ctx.store.all(`SELECT id, event_hash, occurrence FROM _ledger_events ORDER BY id`)).toEqual(rows);
    } finally {
      await ctx.store.close();
    }
  });
});
