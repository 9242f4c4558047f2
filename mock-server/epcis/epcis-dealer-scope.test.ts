// A dealer's queries see only its own codes (docs/decisions/0024), whether it calls with a partner
// client's key or a dealer account's session: /epcis/events, a named query's events and the EPC
// discovery list simply hold no event or code of another dealer's (every event they give names a
// code shipped to the dealer), while naming another dealer's EPC or event outright is a 403
// SecurityException. Staff see everything; a dealer's caller may not subscribe (delivery is not
// narrowed by dealer). Runs on SQLite and, with TEST_ENGINE=pg, on PostgreSQL.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { logisticsStock, draftWaybill, type Stock } from "../test-fixtures/logistics-stock";
import { capture, epcisDocument, observed, partnerAccount, uriOf } from "../test-fixtures/epcis-partner";
import { partnerClient } from "../test-fixtures/partner-client";
import type { EpcisEvent, QueryDocument } from "../test-fixtures/epcis-ledger";
import { login } from "../test-fixtures/test-app";
import { EPCIS_PERMISSION } from "./epcis-routes";
import { EPCIS_CAPTURE_PERMISSION } from "./capture-routes";
import { EPCIS_SUBSCRIBE_PERMISSION } from "./subscription-routes";

let chain: ChainApp;
let stock: Stock;
let admin: string;
/** Dealer A's client key; dealer B's account session; a staff account acting for dealer A. */
let keyA: string;
let sessionB: string;
let staffA: string;
let dealers: [number, number];

type Caller = { authorization: string } | { token: string };
const asA = (): Caller => ({ authorization: `Bearer ${keyA}` });
const asB = (): Caller => ({ token: sessionB });
const asAdmin = (): Caller => ({ token: admin });
const asStaffA = (): Caller => ({ token: staffA });

const get = (caller: Caller, url: string, query: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  chain.app.inject({ method: "GET", url, query, headers: caller });

/** Every event a list gives `caller`, paging 3 at a time so more than one page is read. */
async function listed(caller: Caller, url: string, query: Record<string, string> = {}): Promise<EpcisEvent[]> {
  const events: EpcisEvent[] = [];
  let next: string | undefined;
  for (let pages = 0; pages < 500; pages += 1) {
    const response = await get(caller, url, { perPage: "3", ...query, ...(next ? { nextPageToken: next } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    events.push(...response.json<QueryDocument>().epcisBody.queryResults.resultsBody.eventList);
    const link = /nextPageToken=([^&>]+)/.exec(String(response.headers.link ?? ""))?.[1];
    if (!link) return events;
    next = decodeURIComponent(link);
  }
  throw new Error("more than 500 pages");
}

/** The dealers the codes an event names (or its parent) are shipped to now. */
async function dealersOf(eventID: string): Promise<Set<number | null>> {
  const rows = await chain.all(
    `SELECT t.dealer_id AS dealer FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
     JOIN trace_codes t ON t.code = c.code WHERE e.event_hash = ?
     UNION ALL SELECT t.dealer_id AS dealer FROM _ledger_events e JOIN trace_codes t ON t.code = e.parent_code
     WHERE e.event_hash = ?`,
    [eventID, eventID],
  );
  return new Set(rows.map((row) => (row.dealer === null ? null : Number(row.dealer))));
}

/** The eventIDs of the ledger's events naming `code`. */
const eventsNaming = async (code: string): Promise<string[]> =>
  (
    await chain.all(
      `SELECT e.event_hash AS hash FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
       WHERE c.code = ? AND e.kind NOT IN ('issue', 'import') ORDER BY e.id`,
      [code],
    )
  ).map((row) => row.hash as string);

async function shipped(dealer: number, codes: readonly string[]) {
  const waybill = await draftWaybill(chain, stock, dealer);
  for (const code of codes)
    expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: waybill.id })).code).toBe(0);
  return waybill;
}

beforeAll(async () => {
  chain = await chainApp();
  stock = await logisticsStock(chain);
  dealers = stock.dealers;
  // Dealer A gets case 1 (box 2 and item 6 inside) and item 7; dealer B gets item 8.
  await shipped(dealers[0], [stock.C[1], stock.I[7]]);
  await shipped(dealers[1], [stock.I[8]]);
  admin = await login(chain.app, "admin");
  keyA = (
    await partnerClient(chain, "dealer-a-erp", { kind: "dealer", dealerId: dealers[0], capture: true, subscribe: true })
  ).key;
  sessionB = await partnerAccount(chain.app, admin, "dealer_b", {
    accountType: "dealer",
    dealerId: dealers[1],
    menus: [EPCIS_PERMISSION],
  });
  staffA = await partnerAccount(chain.app, admin, "staff_a", {
    accountType: "enterprise",
    dealerId: dealers[0],
    menus: [EPCIS_PERMISSION, EPCIS_CAPTURE_PERMISSION, EPCIS_SUBSCRIBE_PERMISSION],
  });
}, 180_000);
afterAll(() => chain.app.close());

describe("a dealer's lists", () => {
  it("hold every event of its codes and none about another dealer's, over several pages", async () => {
    const seenByA = await listed(asA(), "/epcis/events");
    const ids = seenByA.map((event) => event.eventID);
    for (const code of [stock.C[1], stock.B[2], stock.I[6], stock.I[7]])
      for (const eventID of await eventsNaming(code)) expect(ids).toContain(eventID);
    // An event naming B's item beside A's codes (the activation of a range) is A's too; the others are not.
    const onlyB = [];
    for (const eventID of await eventsNaming(stock.I[8]))
      if (!(await dealersOf(eventID)).has(dealers[0])) onlyB.push(eventID);
    expect(onlyB.length).toBeGreaterThan(0);
    for (const eventID of onlyB) expect(ids).not.toContain(eventID);
    for (const eventID of ids) expect(await dealersOf(eventID)).toContain(dealers[0]);
    expect(seenByA.length).toBeGreaterThan(3);

    const seenByB = (await listed(asB(), "/epcis/events")).map((event) => event.eventID);
    for (const eventID of await eventsNaming(stock.I[8])) expect(seenByB).toContain(eventID);
    for (const eventID of await eventsNaming(stock.I[7]))
      if (!(await dealersOf(eventID)).has(dealers[1])) expect(seenByB).not.toContain(eventID);
    for (const eventID of seenByB) expect(await dealersOf(eventID)).toContain(dealers[1]);
  });

  it("staff see both dealers' events", async () => {
    const all = (await listed(asAdmin(), "/epcis/events", { perPage: "500" })).map((event) => event.eventID);
    for (const eventID of [...(await eventsNaming(stock.I[7])), ...(await eventsNaming(stock.I[8]))])
      expect(all).toContain(eventID);
  });

  it("a named query's events are narrowed the same way", async () => {
    const made = await chain.app.inject({
      method: "POST",
      url: "/epcis/queries",
      headers: { token: admin },
      payload: { name: "shipments", query: { EQ_bizStep: "shipping" } },
    });
    expect(made.statusCode, made.body).toBe(201);
    const ofA = (await listed(asA(), "/epcis/queries/shipments/events")).map((event) => event.eventID);
    const ofAdmin = (await listed(asAdmin(), "/epcis/queries/shipments/events")).map((event) => event.eventID);
    const [shipA] = (await eventsNaming(stock.I[7])).slice(-1);
    const [shipB] = (await eventsNaming(stock.I[8])).slice(-1);
    expect(ofAdmin).toEqual(expect.arrayContaining([shipA, shipB]));
    expect(ofA).toContain(shipA);
    expect(ofA).not.toContain(shipB);
  });

  it("the EPC discovery list names only its own codes", async () => {
    const members: string[] = [];
    let next: string | undefined;
    do {
      const response = await get(asA(), "/epcis/epcs", { perPage: "2", ...(next ? { nextPageToken: next } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      members.push(...response.json<{ member: string[] }>().member);
      const link = /nextPageToken=([^&>]+)/.exec(String(response.headers.link ?? ""))?.[1];
      next = link ? decodeURIComponent(link) : undefined;
    } while (next);
    const [ownItem, otherItem] = await uriOf(chain.app, [stock.I[7], stock.I[8]]);
    expect(members).toContain(ownItem);
    expect(members).not.toContain(otherItem);
  });
});

describe("naming another dealer's code or event outright", () => {
  it("an EPC shipped to another dealer is a 403; its own answers", async () => {
    const [own, other] = await uriOf(chain.app, [stock.I[7], stock.I[8]]);
    const refused = await get(asA(), `/epcis/epcs/${encodeURIComponent(other)}/events`);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ type: "epcisException:SecurityException", status: 403 });
    expect(refused.json<{ detail: string }>().detail).toMatch(/was not shipped to/);
    const answered = await get(asA(), `/epcis/epcs/${encodeURIComponent(own)}/events`);
    expect(answered.statusCode).toBe(200);
    expect(answered.json<QueryDocument>().epcisBody.queryResults.resultsBody.eventList.length).toBeGreaterThan(0);
    // The other dealer's own session reads the code A was refused.
    expect((await get(asB(), `/epcis/epcs/${encodeURIComponent(other)}/events`)).statusCode).toBe(200);
  });

  it("an event about another dealer's codes only is a 403 by its eventID; its own answers", async () => {
    const [otherShip] = (await eventsNaming(stock.I[8])).slice(-1);
    const refused = await get(asA(), `/epcis/events/${encodeURIComponent(otherShip)}`);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toMatch(/is about no code shipped to/);
    const [ownShip] = (await eventsNaming(stock.I[7])).slice(-1);
    expect((await get(asA(), `/epcis/events/${encodeURIComponent(ownShip)}`)).statusCode).toBe(200);
    expect((await get(asAdmin(), `/epcis/events/${encodeURIComponent(otherShip)}`)).statusCode).toBe(200);
  });
});

describe("a dealer's client captures", () => {
  it("its own receiving, which its list then holds; another dealer's code is refused", async () => {
    const [own, other] = await uriOf(chain.app, [stock.I[7], stock.I[8]]);
    const eventTime = new Date(chain.clock.now).toISOString().replace(".000Z", "Z");
    const key = { authorization: `Bearer ${keyA}` };
    const job = await capture(chain.app, "", epcisDocument([observed("receiving", [own], eventTime)]), key);
    expect(job.success, JSON.stringify(job)).toBe(true);
    const stored = job["tc:events"][0].eventID!;
    expect((await listed(asA(), "/epcis/events", { EQ_bizStep: "receiving" })).map((e) => e.eventID)).toContain(stored);

    const refused = await capture(chain.app, "", epcisDocument([observed("receiving", [other], eventTime)]), key);
    expect(refused.success).toBe(false);
    expect(refused.errors[0].detail).toMatch(/was not shipped to/);
  });

  it("may not subscribe: delivery is not narrowed by dealer", async () => {
    const response = await chain.app.inject({
      method: "POST",
      url: "/epcis/queries/shipments/subscriptions",
      headers: { authorization: `Bearer ${keyA}` },
      payload: { dest: "https://example.test/hook", signatureToken: "a-shared-secret-of-length", stream: true },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json<{ detail: string }>().detail).toMatch(/pages \/epcis\/events instead/);
  });
});

describe("a staff account with a dealer_id is narrowed as a dealer's client is", () => {
  it("lists, named queries' events and the EPC discovery list hold only that dealer's", async () => {
    const seen = (await listed(asStaffA(), "/epcis/events")).map((event) => event.eventID);
    for (const eventID of await eventsNaming(stock.I[7])) expect(seen).toContain(eventID);
    for (const eventID of seen) expect(await dealersOf(eventID)).toContain(dealers[0]);
    const [shipB] = (await eventsNaming(stock.I[8])).slice(-1);
    expect(seen).not.toContain(shipB);
    const named = (await listed(asStaffA(), "/epcis/queries/shipments/events")).map((event) => event.eventID);
    expect(named).not.toContain(shipB);
    const epcs = await get(asStaffA(), "/epcis/epcs", { perPage: "500" });
    const [own, other] = await uriOf(chain.app, [stock.I[7], stock.I[8]]);
    expect(epcs.json<{ member: string[] }>().member).toContain(own);
    expect(epcs.json<{ member: string[] }>().member).not.toContain(other);
  });

  it("another dealer's event or EPC named outright is a 403, as for a dealer's client", async () => {
    const [otherShip] = (await eventsNaming(stock.I[8])).slice(-1);
    const event = await get(asStaffA(), `/epcis/events/${encodeURIComponent(otherShip)}`);
    expect(event.statusCode, event.body).toBe(403);
    expect(event.json<{ detail: string }>().detail).toMatch(/is about no code shipped to/);
    const [, other] = await uriOf(chain.app, [stock.I[7], stock.I[8]]);
    const epc = await get(asStaffA(), `/epcis/epcs/${encodeURIComponent(other)}/events`);
    expect(epc.statusCode, epc.body).toBe(403);
  });

  it("captures only about its dealer's codes, and may not subscribe", async () => {
    const [, other] = await uriOf(chain.app, [stock.I[7], stock.I[8]]);
    const eventTime = new Date(chain.clock.now).toISOString().replace(".000Z", "Z");
    const refused = await capture(chain.app, staffA, epcisDocument([observed("receiving", [other], eventTime)]));
    expect(refused.success).toBe(false);
    expect(refused.errors[0].detail).toMatch(/was not shipped to/);
    const made = await chain.app.inject({
      method: "POST",
      url: "/epcis/queries",
      headers: { token: staffA },
      payload: { name: "staff-a-shipments", query: { EQ_bizStep: "shipping" } },
    });
    expect(made.statusCode, made.body).toBe(201);
    const subscribed = await chain.app.inject({
      method: "POST",
      url: "/epcis/queries/staff-a-shipments/subscriptions",
      headers: { token: staffA },
      payload: { dest: "https://example.test/hook", signatureToken: "a-shared-secret-of-length", stream: true },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(403);
    expect(subscribed.json<{ detail: string }>().detail).toMatch(/pages \/epcis\/events instead/);
  });
});
