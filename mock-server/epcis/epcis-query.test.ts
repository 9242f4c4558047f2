// The EPCIS 2.0 query interface on a ledger the chain's rules built: each query parameter changes
// the answer (every event it keeps meets it, and it keeps fewer than all), paging with
// nextPageToken gives every event once, an event is fetched by its hash, an EPC's events are its
// anyEPC query, the discovery lists page, and every document passes GS1's EPCIS 2.0 JSON Schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { epcisLedger, type EpcisEvent, type EpcisLedger, type QueryDocument } from "../test-fixtures/epcis-ledger";
import { epcisSchemaErrors } from "../test-fixtures/epcis-schema";
import { privateUri } from "../domain/epcis/epcis-identifiers";

let ledger: EpcisLedger;
let all: EpcisEvent[];
beforeAll(async () => {
  ledger = await epcisLedger();
  all = await ledger.events();
}, 60_000);
afterAll(() => ledger.chain.app.close());

const ids = (events: readonly EpcisEvent[]) => events.map((event) => event.eventID);
const epcsOf = (event: EpcisEvent) => [
  ...((event.epcList as string[]) ?? []),
  ...((event.childEPCs as string[]) ?? []),
];

/** The query keeps some events, fewer than all, and every one it keeps meets `meets`. */
async function narrows(query: Record<string, string | string[]>, meets: (event: EpcisEvent) => boolean) {
  const kept = await ledger.events(query);
  expect(kept.length, JSON.stringify(query)).toBeGreaterThan(0);
  expect(kept.length, JSON.stringify(query)).toBeLessThan(all.length);
  expect(kept.filter((event) => !meets(event)).map((event) => event.eventID)).toEqual([]);
  // And it keeps every event of the whole ledger that meets it.
  expect(new Set(ids(kept))).toEqual(new Set(ids(all.filter(meets))));
  return kept;
}

describe("GET /epcis/events", () => {
  it("answers an EPCISQueryDocument with GS1's headers, in ld+json, that passes GS1's schema; encoding events left out", async () => {
    const response = await ledger.get("/epcis/events", { perPage: "50" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/ld\+json/);
    expect(response.headers["gs1-epcis-version"]).toBe("2.0.0");
    expect(response.headers["gs1-cbv-version"]).toBe("2.0.0");
    const document = response.json<QueryDocument & Record<string, unknown>>();
    expect(document).toMatchObject({ type: "EPCISQueryDocument", schemaVersion: "2.0" });
    expect(epcisSchemaErrors(document)).toEqual([]);
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((event) => event.bizStep === "encoding")).toBe(false);
    const stored = await ledger.chain.all(
      `SELECT event_hash FROM _ledger_events WHERE kind NOT IN ('issue', 'import') ORDER BY event_time, id`,
    );
    expect(ids(all)).toEqual(stored.map((row) => row.event_hash));
  });

  it("eventType keeps the types named", async () => {
    await narrows({ eventType: "AggregationEvent" }, (event) => event.type === "AggregationEvent");
  });

  it("GE_eventTime and LT_eventTime bound the event time", async () => {
    const [first, second] = ledger.times.later as [string, string];
    await narrows({ GE_eventTime: first }, (event) => event.eventTime >= first.replace(".000", ""));
    await narrows({ LT_eventTime: first }, (event) => event.eventTime < first.replace(".000", ""));
    const window = await narrows(
      { GE_eventTime: first, LT_eventTime: second },
      (event) => event.eventTime === first.replace(".000", ""),
    );
    expect(window).toHaveLength(1);
    // An offset other than Z names the same instant.
    const shanghai = new Date(Date.parse(first) + 8 * 3_600_000).toISOString().replace(".000Z", "+08:00");
    expect(ids(await ledger.events({ GE_eventTime: shanghai, LT_eventTime: second }))).toEqual(ids(window));
  });

  it("GE_recordTime and LT_recordTime bound the record time", async () => {
    const [first] = ledger.times.later as [string];
    await narrows({ GE_recordTime: first }, (event) => event.recordTime >= first.replace(".000", ""));
    await narrows({ LT_recordTime: first }, (event) => event.recordTime < first.replace(".000", ""));
  });

  it("EQ_bizStep and EQ_disposition take the CBV word or its URI", async () => {
    const shipping = await narrows({ EQ_bizStep: "shipping" }, (event) => event.bizStep === "shipping");
    expect(ids(await ledger.events({ EQ_bizStep: "https://ref.gs1.org/cbv/BizStep-shipping" }))).toEqual(ids(shipping));
    await narrows({ EQ_bizStep: "shipping|receiving" }, (event) =>
      ["shipping", "receiving"].includes(event.bizStep as string),
    );
    await narrows({ EQ_disposition: "in_transit" }, (event) => event.disposition === "in_transit");
    await narrows(
      { EQ_disposition: "https://ref.gs1.org/cbv/Disp-returned" },
      (event) => event.disposition === "returned",
    );
  });

  it("EQ_readPoint matches a geo URI and a work order's line; EQ_bizLocation a place", async () => {
    const readPoint = (event: EpcisEvent) => (event.readPoint as { id?: string } | undefined)?.id;
    const geo = all.map(readPoint).find((id) => id?.startsWith("geo:"))!;
    await narrows({ EQ_readPoint: geo }, (event) => readPoint(event) === geo);
    const line = all.map(readPoint).find((id) => id?.includes(":line:"))!;
    await narrows({ EQ_readPoint: line }, (event) => readPoint(event) === line);
    const bizLocation = (event: EpcisEvent) => (event.bizLocation as { id?: string } | undefined)?.id;
    const place = all.map(bizLocation).find(Boolean)!;
    await narrows({ EQ_bizLocation: place }, (event) => bizLocation(event) === place);
  });

  it("MATCH_epc names the event's own EPCs, MATCH_parentID its parent, MATCH_anyEPC either", async () => {
    const packing = all.find((event) => event.type === "AggregationEvent" && event.parentID)!;
    const box = packing.parentID as string;
    // The box is also an EPC of its own events (commissioning, packing into a case).
    const own = await narrows({ MATCH_epc: box }, (event) => epcsOf(event).includes(box));
    const asParent = await narrows({ MATCH_parentID: box }, (event) => event.parentID === box);
    const any = await narrows({ MATCH_anyEPC: box }, (event) => epcsOf(event).includes(box) || event.parentID === box);
    expect(any.length).toBe(new Set([...ids(own), ...ids(asParent)]).size);
    // A Digital Link with another GTIN names no code of ours.
    expect(await ledger.events({ MATCH_epc: "https://id.gs1.org/01/00000000000000/21/NOPE" })).toEqual([]);
  });

  it("EQ_bizTransaction_{type} matches the bizTransaction of that type", async () => {
    const shipped = all.find((event) => event.bizStep === "shipping")!;
    const bol = (shipped.bizTransactionList as { type: string; bizTransaction: string }[]).find(
      (t) => t.type === "bol",
    )!;
    const hasBol = (event: EpcisEvent) =>
      ((event.bizTransactionList as { type: string; bizTransaction: string }[]) ?? []).some(
        (t) => t.type === "bol" && t.bizTransaction === bol.bizTransaction,
      );
    await narrows({ EQ_bizTransaction_bol: bol.bizTransaction }, hasBol);
    // The same value under another type names nothing.
    expect(await ledger.events({ EQ_bizTransaction_rma: bol.bizTransaction })).toEqual([]);
    expect(bol.bizTransaction.startsWith(privateUri("bol", ""))).toBe(true);
  });

  it("orderBy and orderDirection order the events; orderBy alone is newest first", async () => {
    const key = (event: EpcisEvent, name: "eventTime" | "recordTime") => `${event[name]}`;
    const descending = await ledger.events({ orderBy: "eventTime" });
    expect(descending.map((event) => key(event, "eventTime"))).toEqual(
      all.map((event) => key(event, "eventTime")).reverse(),
    );
    expect(ids(descending)).toEqual(ids(all).reverse());
    expect(ids(await ledger.events({ orderBy: "recordTime", orderDirection: "ASC" }))).toEqual(ids(all));
    const byRecord = await ledger.events({ orderBy: "recordTime", orderDirection: "DESC", perPage: "7" });
    expect(ids(byRecord)).toEqual(ids(all).reverse());
  });

  it("pages through more than one page with nextPageToken: every event once, a Link rel=next until the last", async () => {
    const seen: string[] = [];
    let next: string | undefined;
    let pages = 0;
    do {
      const response = await ledger.get("/epcis/events", { perPage: "13", ...(next ? { nextPageToken: next } : {}) });
      expect(response.statusCode).toBe(200);
      const document = response.json<QueryDocument>();
      expect(epcisSchemaErrors(document)).toEqual([]);
      seen.push(...ids(document.epcisBody.queryResults.resultsBody.eventList));
      const link = response.headers.link as string | undefined;
      if (link) expect(link).toMatch(/^<\/epcis\/events\?perPage=13&nextPageToken=[A-Za-z0-9_-]+>; rel="next"$/);
      next = link ? decodeURIComponent(/nextPageToken=([^&>]+)/.exec(link)![1]) : undefined;
      pages += 1;
    } while (next);
    expect(pages).toBe(Math.ceil(all.length / 13));
    expect(seen).toEqual(ids(all));
  });
});

describe("one event, an EPC's events, discovery", () => {
  it("GET /epcis/events/{eventID} answers the event with that hash, as a JSON-LD event GS1's schema accepts", async () => {
    const wanted = all[all.length - 1];
    const response = await ledger.get(`/epcis/events/${encodeURIComponent(wanted.eventID)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/ld\+json/);
    const event = response.json<Record<string, unknown>>();
    expect(epcisSchemaErrors(event)).toEqual([]);
    const { "@context": context, ...rest } = event;
    expect(context).toBeDefined();
    expect(rest).toEqual(wanted);
    const missing = await ledger.get(
      `/epcis/events/${encodeURIComponent(`ni:///sha-256;${"0".repeat(64)}?ver=CBV2.0`)}`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ type: "epcisException:NoSuchNameException", status: 404 });
  });

  it("GET /epcis/epcs/{epc}/events is the EPC's MATCH_anyEPC query; an EPC of no code is a 404", async () => {
    const box = all.find((event) => event.type === "AggregationEvent" && event.parentID)!.parentID as string;
    const response = await ledger.get(`/epcis/epcs/${encodeURIComponent(box)}/events`, { perPage: "500" });
    expect(response.statusCode).toBe(200);
    const document = response.json<QueryDocument>();
    expect(epcisSchemaErrors(document)).toEqual([]);
    expect(ids(document.epcisBody.queryResults.resultsBody.eventList)).toEqual(
      ids(await ledger.events({ MATCH_anyEPC: box })),
    );
    const unknown = await ledger.get(`/epcis/epcs/${encodeURIComponent(privateUri("code", "NO-SUCH-CODE"))}/events`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/^application\/problem\+json/);
  });

  it("the discovery lists name what the ledger holds, and the EPCs page", async () => {
    const list = async (name: string, query: Record<string, string> = {}) => {
      const response = await ledger.get(`/epcis/${name}`, query);
      expect(response.statusCode).toBe(200);
      expect(response.headers["gs1-epcis-version"]).toBe("2.0.0");
      return { body: response.json<{ type: string; member: string[] }>(), link: response.headers.link as string };
    };
    expect((await list("eventTypes")).body).toMatchObject({
      type: "Collection",
      member: ["AggregationEvent", "ObjectEvent"],
    });
    const steps = (await list("bizSteps")).body.member;
    expect(steps).toContain("https://ref.gs1.org/cbv/BizStep-shipping");
    expect(steps).not.toContain("https://ref.gs1.org/cbv/BizStep-encoding");
    expect((await list("dispositions")).body.member).toContain("https://ref.gs1.org/cbv/Disp-in_transit");
    const readPoints = (await list("readPoints", { perPage: "500" })).body.member;
    expect(readPoints.some((uri) => uri.startsWith("geo:"))).toBe(true);
    expect(readPoints.some((uri) => uri.includes(":line:"))).toBe(true);
    expect((await list("bizLocations")).body.member.length).toBeGreaterThan(0);
    // Every EPC the events name, once, over pages of 40.
    const epcs: string[] = [];
    let token: string | undefined;
    do {
      const page = await list("epcs", { perPage: "40", ...(token ? { nextPageToken: token } : {}) });
      epcs.push(...page.body.member);
      token = page.link ? decodeURIComponent(/nextPageToken=([^&>]+)/.exec(page.link)![1]) : undefined;
    } while (token);
    expect(new Set(epcs).size).toBe(epcs.length);
    expect(new Set(epcs)).toEqual(new Set(all.flatMap(epcsOf)));
  });
});
