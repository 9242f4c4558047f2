// EPCIS capture from partners (POST /epcis/capture, GET /epcis/capture/{id}) on stock the chain's
// own rules shipped: a dealer's receiving enters the ledger marked with its source and marks its
// waybill received once every code the waybill names is received; an event about an unknown code,
// a code not shipped, or another dealer's code is refused with its reason and writes nothing; by
// default (rollback) one refused event keeps the whole document out, with "proceed" the others
// stay; the same event captured twice is stored once; a document GS1's schema refuses, or one over
// the limits, is a problem body and makes no job; capturing needs the epciscapture permission.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { logisticsStock, draftWaybill, type Stock } from "../test-fixtures/logistics-stock";
import {
  capture,
  epcisDocument,
  observed,
  partnerAccount,
  postCapture,
  uriOf,
  type CaptureJob,
} from "../test-fixtures/epcis-partner";
import { login } from "../test-fixtures/test-app";
import { privateUri } from "../domain/epcis/epcis-identifiers";
import { MAX_CAPTURE_EVENTS } from "../domain/epcis/capture/capture-document";
import { MAX_EVENT_CODES } from "../domain/epcis/capture/captured-intent";
import { EPCIS_CAPTURE_PERMISSION } from "./capture-routes";

let chain: ChainApp;
let stock: Stock;
let dealerA: string;
let W1: { id: number; no: string };
let W2: { id: number; no: string };

const now = () => new Date(chain.clock.now).toISOString().replace(".000Z", "Z");
const waybillStatus = async (id: number) =>
  (await chain.all(`SELECT status FROM waybills WHERE id = ?`, [id]))[0].status;
const ledgerCount = async () => Number((await chain.all(`SELECT COUNT(*) AS n FROM _ledger_events`))[0].n);
const outcomes = (job: CaptureJob) => job["tc:events"].map((event) => event.outcome);

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
  const [a, b] = stock.dealers;
  // W1 to dealer A: case 1 (box 2, item 6 inside) and loose item 7; W2 to dealer B: item 8.
  W1 = await shipped(a, [stock.C[1], stock.I[7]]);
  W2 = await shipped(b, [stock.I[8]]);
  const admin = await login(chain.app, "admin");
  dealerA = await partnerAccount(chain.app, admin, "dealer_a", {
    accountType: "dealer",
    dealerId: a,
    menus: [EPCIS_CAPTURE_PERMISSION],
  });
}, 120_000);
afterAll(() => chain.app.close());

describe("a dealer's receiving", () => {
  it("enters the ledger with its source, and marks the waybill received once all it names is received", async () => {
    const [kase, item] = await uriOf(chain.app, [stock.C[1], stock.I[7]]);
    const first = await capture(
      chain.app,
      dealerA,
      epcisDocument([
        observed("receiving", [kase], now(), {
          bizTransactionList: [{ type: "bol", bizTransaction: privateUri("bol", W1.no) }],
        }),
      ]),
    );
    expect(first).toMatchObject({ running: false, success: true, captureErrorBehaviour: "rollback", errors: [] });
    expect(outcomes(first)).toEqual(["captured"]);
    // One code of two received: the waybill is still on its way.
    expect(await waybillStatus(W1.id)).toBe("shipped");

    const second = await capture(chain.app, dealerA, epcisDocument([observed("receiving", [item], now())]));
    expect(outcomes(second)).toEqual(["captured"]);
    expect(await waybillStatus(W1.id)).toBe("received");

    const eventID = first["tc:events"][0].eventID!;
    const stored = await chain.all(
      `SELECT e.kind, e.operator, e.biz_location, c.account, c.dealer_code, c.capture_id
       FROM _ledger_events e JOIN _epcis_captured_events c ON c.event_id = e.id WHERE e.event_hash = ?`,
      [eventID],
    );
    const dealerCode = (await chain.all(`SELECT dealer_code FROM dealers WHERE id = ?`, [stock.dealers[0]]))[0]
      .dealer_code;
    expect(stored).toEqual([
      {
        kind: "receive",
        operator: "dealer_a",
        biz_location: dealerCode,
        account: "dealer_a",
        dealer_code: dealerCode,
        capture_id: first.captureID,
      },
    ]);
    // The query interface gives it by its eventID, as the receiving it is, with the waybill's bol.
    const admin = await login(chain.app, "admin");
    const fetched = await chain.app.inject({
      url: `/epcis/events/${encodeURIComponent(eventID)}`,
      headers: { token: admin },
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({
      eventID,
      bizStep: "receiving",
      epcList: [kase],
      bizTransactionList: [{ type: "bol", bizTransaction: privateUri("bol", W1.no) }],
    });
  });

  it("captured twice is stored once: the same eventID, a duplicate, no new ledger row", async () => {
    const [item] = await uriOf(chain.app, [stock.I[7]]);
    chain.clock.now += 60_000;
    const event = observed("receiving", [item], now());
    const before = await ledgerCount();
    const first = await capture(chain.app, dealerA, epcisDocument([event]));
    // The code was received on this waybill already (the test above): refused, not stored.
    expect(outcomes(first)).toEqual(["refused"]);
    expect(first.errors[0].detail).toMatch(/received already on waybill/);

    const sale = observed("retail_selling", [item], now());
    const sold = await capture(chain.app, dealerA, epcisDocument([sale]));
    expect(outcomes(sold)).toEqual(["captured"]);
    const again = await capture(chain.app, dealerA, epcisDocument([sale]));
    expect(again.success).toBe(true);
    expect(outcomes(again)).toEqual(["duplicate"]);
    expect(again["tc:events"][0].eventID).toBe(sold["tc:events"][0].eventID);
    expect(again["tc:events"][0].capturedEventID).toBe(sold["tc:events"][0].capturedEventID);
    expect(await ledgerCount()).toBe(before + 1);
  });
});

describe("refusals, per event", () => {
  it("an unknown code, a code not shipped, another dealer's code, another waybill: each refused with its reason", async () => {
    const [notShipped, other, sold] = await uriOf(chain.app, [stock.I[9], stock.I[8], stock.I[6]]);
    const before = await chain.snapshot();
    const job = await capture(
      chain.app,
      dealerA,
      epcisDocument([
        observed("retail_selling", [sold], now()),
        observed("receiving", [privateUri("code", "NO-SUCH-CODE")], now()),
        observed("receiving", [notShipped], now()),
        observed("receiving", [other], now()),
        observed("shipping", [sold], now()),
        observed("retail_selling", [sold], now(), {
          bizTransactionList: [{ type: "bol", bizTransaction: privateUri("bol", W2.no) }],
        }),
      ]),
    );
    // rollback, GS1's default: one refusal keeps the whole document out.
    expect(job.success).toBe(false);
    expect(outcomes(job)).toEqual(["rolledBack", "refused", "refused", "refused", "refused", "refused"]);
    expect(job.errors.map((error) => [error.instance, error.detail])).toEqual([
      ["/epcisBody/eventList/0", expect.stringMatching(/another event of this document was refused/)],
      ["/epcisBody/eventList/1", expect.stringMatching(/NO-SUCH-CODE names no code of this brand/)],
      ["/epcisBody/eventList/2", `${stock.I[9]} is activated: only a shipped code can be reported by a partner`],
      ["/epcisBody/eventList/3", expect.stringMatching(new RegExp(`^${stock.I[8]} was not shipped to `))],
      ["/epcisBody/eventList/4", expect.stringMatching(/bizStep shipping is not captured here/)],
      ["/epcisBody/eventList/5", `${stock.I[6]} was shipped on waybill ${W1.no}, not on ${W2.no}`],
    ]);
    expect(job.errors.every((error) => error.type === "epcisException:ValidationException")).toBe(true);
    expect(await chain.snapshot()).toEqual(before);
    expect(await waybillStatus(W2.id)).toBe("shipped");
  });

  it("with GS1-Capture-Error-Behaviour: proceed, the events that pass are kept and the refused ones write nothing", async () => {
    const [notShipped, sold] = await uriOf(chain.app, [stock.I[9], stock.I[6]]);
    const before = await ledgerCount();
    const job = await capture(
      chain.app,
      dealerA,
      epcisDocument([observed("retail_selling", [sold], now()), observed("receiving", [notShipped], now())]),
      { "GS1-Capture-Error-Behaviour": "proceed" },
    );
    expect(job).toMatchObject({ success: false, captureErrorBehaviour: "proceed" });
    expect(outcomes(job)).toEqual(["captured", "refused"]);
    expect(await ledgerCount()).toBe(before + 1);
    const kinds = await chain.all(
      `SELECT e.kind FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE c.code = ? ORDER BY e.id`,
      [stock.I[9]],
    );
    expect(kinds.map((row) => row.kind)).not.toContain("receive");
  });

  it("an event naming more codes than one event may is refused with the limit", async () => {
    const epcs = Array.from({ length: MAX_EVENT_CODES + 1 }, (_, index) => privateUri("code", `X${index}`));
    const job = await capture(chain.app, dealerA, epcisDocument([observed("receiving", epcs, now())]));
    expect(job.errors[0]?.detail).toBe(`an event may name at most 5000 codes; this one names 5001`);
  });

  it("a package opened at the dealer: an unpacking of its own goods is captured, a child it does not hold is refused", async () => {
    const [kase, box, stray] = await uriOf(chain.app, [stock.C[1], stock.B[2], stock.I[7]]);
    const unpacking = (children: string[]) => ({
      type: "AggregationEvent",
      eventTime: now(),
      eventTimeZoneOffset: "+08:00",
      parentID: kase,
      childEPCs: children,
      action: "DELETE",
      bizStep: "unpacking",
    });
    const refused = await capture(chain.app, dealerA, epcisDocument([unpacking([stray])]));
    expect(refused.errors[0].detail).toBe(`${stock.I[7]} is not packed in ${stock.C[1]}`);
    const job = await capture(chain.app, dealerA, epcisDocument([unpacking([box])]));
    expect(outcomes(job)).toEqual(["captured"]);
    const row = (
      await chain.all(`SELECT parent_code, status, dealer_id FROM trace_codes WHERE code = ?`, [stock.B[2]])
    )[0];
    expect(row).toEqual({ parent_code: null, status: "shipped", dealer_id: stock.dealers[0] });
  });
});

describe("documents refused whole, before any job", () => {
  const jobs = async () => Number((await chain.all(`SELECT COUNT(*) AS n FROM _epcis_capture_jobs`))[0].n);

  it.each([
    ["not a document", { type: "EPCISQueryDocument" }, /must be an EPCISDocument/],
    [
      "an event GS1's schema refuses",
      epcisDocument([{ type: "ObjectEvent", action: "SHOUT", eventTime: "yesterday", epcList: [] }]),
      /does not pass GS1's EPCIS 2.0 schema: \/epcisBody\/eventList\/0/,
    ],
  ])("%s is a 400 ValidationException", async (_name, body, detail) => {
    const before = await jobs();
    const response = await postCapture(chain.app, dealerA, body);
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ type: "epcisException:ValidationException", status: 400 });
    expect(response.json().detail).toMatch(detail);
    expect(await jobs()).toBe(before);
  });

  it("malformed JSON is a 400 ValidationException, an unknown error behaviour too", async () => {
    expect((await postCapture(chain.app, dealerA, "{ not json")).json()).toMatchObject({
      type: "epcisException:ValidationException",
      status: 400,
    });
    const response = await postCapture(chain.app, dealerA, epcisDocument([]), {
      "GS1-Capture-Error-Behaviour": "sometimes",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/must be rollback or proceed; got sometimes/);
  });

  it("more events than the limit, or more bytes, is a 413 CaptureLimitExceededException", async () => {
    const many = epcisDocument(Array.from({ length: MAX_CAPTURE_EVENTS + 1 }, () => ({})));
    const counted = await postCapture(chain.app, dealerA, many);
    expect(counted.statusCode).toBe(413);
    expect(counted.json()).toMatchObject({ type: "epcisException:CaptureLimitExceededException", status: 413 });
    expect(counted.json().detail).toMatch(/at most 10000 events; this document has 10001/);
    const huge = JSON.stringify({ ...epcisDocument([]), padding: "x".repeat(17 * 1024 * 1024) });
    const sized = await postCapture(chain.app, dealerA, huge);
    expect(sized.statusCode).toBe(413);
    expect(sized.json()).toMatchObject({ type: "epcisException:CaptureLimitExceededException" });
  });
});

describe("who may capture", () => {
  it("an account without epciscapture is refused; a dealer account acting for no dealer too", async () => {
    const editor = await login(chain.app, "editor");
    const refused = await postCapture(chain.app, editor, epcisDocument([]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: "epcisException:SecurityException" });
    const admin = await login(chain.app, "admin");
    const adrift = await partnerAccount(chain.app, admin, "dealer_none", {
      accountType: "dealer",
      menus: [EPCIS_CAPTURE_PERMISSION],
    });
    const response = await postCapture(chain.app, adrift, epcisDocument([]));
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/dealer_none is a dealer account that acts for no dealer/);
  });

  it("the brand's staff capture for any dealer; a partner does not see another account's job", async () => {
    const admin = await login(chain.app, "admin");
    const [other] = await uriOf(chain.app, [stock.I[8]]);
    const job = await capture(chain.app, admin, epcisDocument([observed("receiving", [other], now())]));
    expect(outcomes(job)).toEqual(["captured"]);
    expect(await waybillStatus(W2.id)).toBe("received");
    const seen = await chain.app.inject({ url: `/epcis/capture/${job.captureID}`, headers: { token: dealerA } });
    expect(seen.statusCode).toBe(404);
    expect(seen.json()).toMatchObject({ type: "epcisException:NoSuchNameException" });
  });
});

describe("a waybill received by a document's receivings together", () => {
  it("is marked received once the job's events are in: not when the document is rolled back, and with proceed despite a refused event", async () => {
    const W3 = await shipped(stock.dealers[0], [stock.B[5], stock.B[6]]);
    const [first, second] = await uriOf(chain.app, [stock.B[5], stock.B[6]]);
    const unknown = observed("receiving", [privateUri("code", "NO-SUCH-CODE")], now());
    const document = epcisDocument([
      observed("receiving", [first], now()),
      unknown,
      observed("receiving", [second], now()),
    ]);
    const rolledBack = await capture(chain.app, dealerA, document);
    expect(outcomes(rolledBack)).toEqual(["rolledBack", "refused", "rolledBack"]);
    expect(await waybillStatus(W3.id)).toBe("shipped");

    const kept = await capture(chain.app, dealerA, document, { "GS1-Capture-Error-Behaviour": "proceed" });
    expect(outcomes(kept)).toEqual(["captured", "refused", "captured"]);
    expect(await waybillStatus(W3.id)).toBe("received");
  });
});
