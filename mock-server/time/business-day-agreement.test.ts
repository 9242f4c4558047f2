// One business day everywhere: an activation at 23:30 and one at 00:30 business time (the
// server's mock clock) land on their own days in the dashboard, 日生产报表, a list filtered by
// the day, its CSV export (whose time cells read on the business clock) and the EPCIS offset; a
// change of the enterprise's zone moves them all together, and an unknown zone is refused.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { call, envelope, login } from "../test-fixtures/test-app";

let chain: ChainApp;
let token: string;
let codes: string[];
let workOrderId: number;

const LATE_EVENING = Date.parse("2024-06-01T15:30:00Z"); // 23:30 on 1 June in Shanghai
const PAST_MIDNIGHT = Date.parse("2024-06-01T16:30:00Z"); // 00:30 on 2 June in Shanghai
const READ_AT = Date.parse("2024-06-01T16:45:00Z");

const dashboard = async () => envelope(await call(chain.app, { url: "/api/dashboard/today", token })).data;
const reportItems = async (day: string) => {
  const body = envelope(
    await call(chain.app, { url: "/api/report/dateyield/query", token, query: { date_from: day, date_to: day } }),
  );
  expect(body.code, body.message).toBe(0);
  return (body.data.list as { items: number }[]).reduce((sum, row) => sum + row.items, 0);
};
const dayFilter = (day: string) => ({
  activated_at_from: day,
  activated_at_to: day,
  work_order_id: String(workOrderId),
});
const listed = async (day: string) => {
  const body = envelope(
    await call(chain.app, {
      url: "/api/plant/codeactivations/pagelist",
      token,
      query: { ...dayFilter(day), size: "50" },
    }),
  );
  expect(body.code, body.message).toBe(0);
  return body.data as { total: number; list: { activated_count: number }[] };
};
const exported = async (day: string) => {
  const response = await call(chain.app, {
    url: "/api/plant/codeactivations/export",
    token,
    query: { ...dayFilter(day), format: "csv", lang: "en" },
  });
  expect(response.statusCode).toBe(200);
  const [header, ...rows]: string[][] = parse(response.body, { bom: true });
  const at = header.indexOf("Activated at");
  const count = header.indexOf("Activated");
  return { times: rows.map((row) => row[at]), items: rows.reduce((sum, row) => sum + Number(row[count]), 0) };
};
const offsetOf = async (code: string, at: number) => {
  const body = envelope(await call(chain.app, { url: "/api/tagging/tracecodes/epcis", token, query: { code } }));
  const events = body.data.epcisBody.eventList as { eventTime: string; eventTimeZoneOffset: string; bizStep: string }[];
  return events.find((event) => Date.parse(event.eventTime) === at)?.eventTimeZoneOffset;
};
const setZone = async (time_zone: string) =>
  envelope(
    await call(chain.app, { method: "POST", url: "/api/org/enterpriseaccount/updateicp", token, body: { time_zone } }),
  );

beforeAll(async () => {
  chain = await chainApp();
  ({ codes } = await chain.generated("item", 6));
  workOrderId = (await chain.workOrder("in_progress")).id;
}, 60_000);

afterAll(() => chain.app.close());

/** Moves the server's clock and signs in afresh: a session idles out after half an hour. */
async function clockAt(instant: number): Promise<void> {
  chain.clock.now = instant;
  token = await login(chain.app, "admin");
}

describe("one business day everywhere", () => {
  it("dates 23:30 and 00:30 Shanghai time on their own days in the dashboard, a report, a list, an export and EPCIS", async () => {
    await clockAt(LATE_EVENING - 60_000);
    const before = { june1: await reportItems("2024-06-01"), june2: await reportItems("2024-06-02") };
    const activate = async (at: number, first: number, last: number) => {
      await clockAt(at);
      const body = envelope(
        await call(chain.app, {
          method: "POST",
          url: "/api/plant/codeactivations/add",
          token,
          body: { work_order_id: workOrderId, level: "item", first_code: codes[first], last_code: codes[last] },
        }),
      );
      expect(body.code, body.message).toBe(0);
    };
    await activate(LATE_EVENING, 0, 1); // two items on 1 June
    await activate(PAST_MIDNIGHT, 2, 4); // three items on 2 June
    await clockAt(READ_AT);

    const today = await dashboard();
    expect(today).toMatchObject({ today: "2024-06-02", time_zone: "Asia/Shanghai" });
    expect((await reportItems("2024-06-02")) - before.june2).toBe(3);
    expect((await reportItems("2024-06-01")) - before.june1).toBe(2);
    // The dashboard's day and the report's day are the same figure.
    expect(today.items_produced).toBe(await reportItems("2024-06-02"));

    const [june1, june2] = [await listed("2024-06-01"), await listed("2024-06-02")];
    expect([june1.total, june2.total]).toEqual([1, 1]);
    expect(june2.list[0].activated_count).toBe(3);
    const [file1, file2] = [await exported("2024-06-01"), await exported("2024-06-02")];
    expect(file1.times).toEqual(["2024-06-01 23:30:00"]);
    expect(file2.times).toEqual(["2024-06-02 00:30:00"]);
    expect([file1.items, file2.items]).toEqual([2, 3]);

    expect(await offsetOf(codes[2], PAST_MIDNIGHT)).toBe("+08:00");
  });

  it("moves every day with the enterprise's zone, and refuses a zone that is not IANA's", async () => {
    await clockAt(READ_AT);
    // The demo enterprise holds the default zone, whatever the seed wrote into the field.
    const stored = envelope(await call(chain.app, { url: "/api/org/enterpriseaccount/geticp", token }));
    expect(stored.data.time_zone).toBe("Asia/Shanghai");
    const refused = await setZone("Mars/Olympus");
    expect(refused.status_code).toBe(400);
    expect(refused.message).toMatch(/Mars\/Olympus is not an IANA time zone/);
    expect((await dashboard()).time_zone).toBe("Asia/Shanghai");

    const moved = await setZone("Europe/Berlin");
    expect(moved.code, moved.message).toBe(0);
    // 16:45 UTC is 18:45 on 1 June in Berlin (CEST, +02:00).
    const today = await dashboard();
    expect(today).toMatchObject({ today: "2024-06-01", time_zone: "Europe/Berlin" });
    // Both activations are now on 1 June, in the report, the list and the export alike.
    expect((await listed("2024-06-01")).total).toBe(2);
    expect((await listed("2024-06-02")).total).toBe(0);
    expect((await exported("2024-06-01")).times.sort()).toEqual(["2024-06-01 17:30:00", "2024-06-01 18:30:00"]);
    expect(await reportItems("2024-06-02")).toBe(0);
    expect(today.items_produced).toBe(await reportItems("2024-06-01"));
    expect(await offsetOf(codes[2], PAST_MIDNIGHT)).toBe("+02:00");
    await setZone("Asia/Shanghai");
  });
});
