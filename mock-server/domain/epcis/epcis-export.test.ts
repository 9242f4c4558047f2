// The EPCIS 2.0 export on a seeded chain: every document (a code with its packages, a batch, a work
// order) passes GS1's EPCIS 2.0 JSON Schema; the validator fails a broken one; the events carry the
// meaning the issue asks for (commissioning ADD with ilmd and prodorder, one AggregationEvent per
// parent, decommissioning DELETE) and the identifiers are Digital Link, SSCC or the private scheme.
// A pallet from an SSCC rule, shipped, is named by its SSCC URI alone, and an item three levels
// inside it reaches that shipping event and its bol through the packing events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { epcisSchemaErrors } from "../../test-fixtures/epcis-schema";
import { call, envelope, login } from "../../test-fixtures/test-app";
import { draftWaybill, logisticsStock } from "../../test-fixtures/logistics-stock";
import { generationJobs } from "../codes/code-jobs/generation-job";
import { codeUri, gtin14, isSscc, privateUri } from "./epcis-identifiers";

type EpcisEvent = { epcList?: string[]; childEPCs?: string[] } & Record<string, unknown>;
type Doc = { epcisBody: { eventList: EpcisEvent[] } } & Record<string, unknown>;
let chain: ChainApp;
let token: string;
let item: { code: string; parent_code: string; work_order_id: number; batch_no: string };
let box: string;
let replacement: string;

const exported = async (query: Record<string, string>) => {
  const body = envelope(await call(chain.app, { url: "/api/tagging/tracecodes/epcis", token, query }));
  expect(body.code, body.message).toBe(0);
  return body.data as Doc;
};

beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
  item = (
    await chain.all(
      `SELECT code, parent_code, work_order_id, batch_no FROM trace_codes WHERE status = 'packed' AND code_type = 'item' ORDER BY id LIMIT 1`,
    )
  )[0] as typeof item;
  // The item's product gets a valid GTIN, so its items are named by Digital Link URIs.
  await chain.app.consoleContext.store.run(`UPDATE products SET barcode = NULL WHERE barcode = '6901234567892'`);
  await chain.app.consoleContext.store.run(
    `UPDATE products SET barcode = '6901234567892' WHERE id = (SELECT product_id FROM trace_codes WHERE code = ?)`,
    [item.code],
  );
  box = item.parent_code;
  // A replacement in the work order: a void (decommissioning) and a new label's commissioning.
  const sibling = (
    await chain.all(`SELECT code FROM trace_codes WHERE parent_code = ? AND code <> ? ORDER BY id LIMIT 1`, [
      box,
      item.code,
    ])
  )[0].code as string;
  replacement = (await chain.generated("item", 1)).codes[0]!;
  const replaced = await chain.post("/api/plant/packagingreplacements/add", {
    old_code: sibling,
    new_code: replacement,
    reason: "标签破损",
  });
  expect(replaced.code, replaced.message).toBe(0);
}, 60_000);
afterAll(() => chain.app.close());

describe("EPCIS 2.0 export", () => {
  it("every scope's document passes GS1's EPCIS 2.0 JSON Schema: a code, a batch, a work order", async () => {
    const documents = [
      await exported({ code: item.code }),
      await exported({ code: box }),
      await exported({ batch_no: item.batch_no }),
      ...(await Promise.all(
        (
          await chain.all(`SELECT DISTINCT work_order_id AS id FROM _ledger_events WHERE kind = 'activate' ORDER BY 1`)
        ).map((row) => exported({ work_order_id: String(row.id) })),
      )),
    ];
    for (const document of documents) {
      expect(document.epcisBody.eventList.length).toBeGreaterThan(0);
      expect(epcisSchemaErrors(document)).toEqual([]);
    }
  });

  it("the validator fails a broken document, naming what is wrong", async () => {
    const document = await exported({ code: item.code });
    const broken = structuredClone(document);
    delete (broken as Record<string, unknown>).schemaVersion;
    broken.epcisBody.eventList[0].action = "CREATE";
    delete broken.epcisBody.eventList[0].eventTimeZoneOffset;
    const errors = epcisSchemaErrors(broken);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/ must have required property 'schemaVersion'/),
        expect.stringMatching(/^\/epcisBody\/eventList\/0\/action must be equal to one of the allowed values/),
        expect.stringMatching(/eventTimeZoneOffset/),
      ]),
    );
    const noCodes = structuredClone(document);
    noCodes.epcisBody.eventList[0].epcList = ["not a uri"];
    expect(epcisSchemaErrors(noCodes).join("\n")).toMatch(/epcList\/0 must match format "uri"/);
  });

  it("a code's document: its commissioning (ADD, ilmd lot and expiry, prodorder), its packing, and the packages above it", async () => {
    const events = (await exported({ code: item.code })).epcisBody.eventList;
    const order = (
      await chain.all(`SELECT order_no, expiry_date FROM production_orders WHERE id = ?`, [item.work_order_id])
    )[0];
    const barcode = "6901234567892";
    const itemUri = `https://id.gs1.org/01/0${barcode}/21/${encodeURIComponent(item.code)}`;
    const commissioning = events.find((e) => e.type === "ObjectEvent" && e.epcList?.includes(itemUri));
    expect(commissioning).toMatchObject({
      action: "ADD",
      bizStep: "commissioning",
      disposition: "active",
      ilmd: { "cbvmda:lotNumber": item.batch_no, "cbvmda:itemExpirationDate": order.expiry_date },
      bizTransactionList: [{ type: "prodorder", bizTransaction: privateUri("prodorder", order.order_no as string) }],
    });
    const packing = events.filter((e) => e.type === "AggregationEvent" && e.childEPCs?.includes(itemUri));
    expect(packing).toEqual([
      expect.objectContaining({ action: "ADD", bizStep: "packing", parentID: privateUri("code", box) }),
    ]);
    // The box's own events are there too (its commissioning as a box), and no encoding events.
    expect(
      events.some(
        (e) =>
          e.type === "ObjectEvent" && e.epcList?.includes(privateUri("code", box)) && e.bizStep === "commissioning",
      ),
    ).toBe(true);
    expect(events.some((e) => e.bizStep === "encoding")).toBe(false);
    // Oldest first, one per ledger event.
    const times = events.map((e) => e.eventTime as string);
    expect([...times].sort()).toEqual(times);
    expect(new Set(events.map((e) => e.eventID)).size).toBe(events.length);
  });

  it("a work order's document has each ledger event once: commissionings, one AggregationEvent per parent, the void as DELETE", async () => {
    const events = (await exported({ work_order_id: String(item.work_order_id) })).epcisBody.eventList;
    const ledger = await chain.all(
      `SELECT DISTINCT e.id, e.kind, e.event_hash FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id JOIN trace_codes t ON t.code = c.code
       WHERE (e.work_order_id = ? OR t.work_order_id = ?) AND e.kind NOT IN ('issue', 'import') ORDER BY e.id`,
      [item.work_order_id, item.work_order_id],
    );
    // Each named by the GS1 event hash stored with it.
    expect(events.map((e) => e.eventID)).toEqual(ledger.map((row) => row.event_hash));
    expect(ledger.every((row) => /^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/.test(row.event_hash as string))).toBe(
      true,
    );
    const aggregations = events.filter((e) => e.type === "AggregationEvent");
    expect(aggregations.length).toBeGreaterThan(0);
    for (const e of aggregations) expect(typeof e.parentID).toBe("string");
    const voided = events.find((e) => e["tc:kind"] === "void");
    expect(voided).toMatchObject({
      type: "ObjectEvent",
      action: "DELETE",
      bizStep: "decommissioning",
      disposition: "inactive",
      "tc:reason": "标签破损",
    });
  });

  it("a replacement label's commissioning carries every master-data field of the code it replaces: lot, production and expiry dates, its work order", async () => {
    const old = (
      await chain.all(`SELECT code, work_order_id FROM trace_codes WHERE replaced_by = ?`, [replacement])
    )[0];
    const order = (
      await chain.all(`SELECT order_no, batch_no, production_date, expiry_date FROM production_orders WHERE id = ?`, [
        old.work_order_id,
      ])
    )[0];
    expect(order.expiry_date, "the seeded work order has an expiry date").toBeTruthy();
    const scopes: Record<string, string>[] = [{ code: replacement }, { work_order_id: String(old.work_order_id) }];
    for (const scope of scopes) {
      const document = await exported(scope);
      expect(epcisSchemaErrors(document)).toEqual([]);
      const replaced = document.epcisBody.eventList.find((e) => e["tc:kind"] === "replace");
      expect(replaced).toMatchObject({
        type: "ObjectEvent",
        action: "ADD",
        bizStep: "commissioning",
        ilmd: {
          "cbvmda:lotNumber": order.batch_no,
          "cbvmda:itemExpirationDate": order.expiry_date,
          "tc:productionDate": order.production_date,
        },
        bizTransactionList: [{ type: "prodorder", bizTransaction: privateUri("prodorder", order.order_no as string) }],
        "tc:relatedEPC": expect.stringContaining(encodeURIComponent(old.code as string)),
      });
    }
  });

  it("logistics: shipping with its bol and the dealer as destination, reached from an item inside the shipped package; void_shipping with the original bol; receiving of a return with its rma and the dealer as source", async () => {
    const codeOf = async (kind: string, extra = "") =>
      (
        await chain.all(
          `SELECT c.code AS code, e.id AS id, e.event_hash AS hash FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE e.kind = ? ${extra} ORDER BY e.id LIMIT 1`,
          [kind],
        )
      )[0] as { code: string; id: number; hash: string };
    const bolOf = async (eventId: number) =>
      (await chain.all(`SELECT value FROM _ledger_biz_transactions WHERE event_id = ? AND type = 'bol'`, [eventId]))[0]
        .value as string;
    const partyOf = async (eventId: number, direction: string) =>
      await chain.all(`SELECT type, value FROM _ledger_parties WHERE event_id = ? AND direction = ?`, [
        eventId,
        direction,
      ]);

    // An item inside a package that was shipped: its document reaches the package's shipping event.
    const shipped = await codeOf("ship", "AND EXISTS (SELECT 1 FROM trace_codes k WHERE k.parent_code = c.code)");
    const inside = (
      await chain.all(`SELECT code FROM trace_codes WHERE parent_code = ? ORDER BY id LIMIT 1`, [shipped.code])
    )[0].code as string;
    const fromItem = await exported({ code: inside });
    expect(epcisSchemaErrors(fromItem)).toEqual([]);
    const shipping = fromItem.epcisBody.eventList.find((e) => e.eventID === shipped.hash);
    const [dealer] = await partyOf(shipped.id, "destination");
    expect(dealer).toMatchObject({ type: "owning_party" });
    expect(shipping).toMatchObject({
      type: "ObjectEvent",
      action: "OBSERVE",
      bizStep: "shipping",
      disposition: "in_transit",
      bizTransactionList: [{ type: "bol", bizTransaction: privateUri("bol", await bolOf(shipped.id)) }],
      destinationList: [{ type: "owning_party", destination: privateUri("party", dealer.value as string) }],
    });
    // The event names the package, not the item inside it.
    expect(JSON.stringify(shipping!.epcList)).not.toContain(encodeURIComponent(inside));

    // A reduction or unbinding: void_shipping with the bol of the shipment it undoes.
    const undone = await codeOf("void_shipping");
    const undoneDoc = await exported({ code: undone.code });
    expect(epcisSchemaErrors(undoneDoc)).toEqual([]);
    const originalShip = (
      await chain.all(
        `SELECT e.id FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id WHERE e.kind = 'ship' AND c.code = ? AND e.id < ? ORDER BY e.id DESC LIMIT 1`,
        [undone.code, undone.id],
      )
    )[0].id as number;
    expect(undoneDoc.epcisBody.eventList.find((e) => e.eventID === undone.hash)).toMatchObject({
      bizStep: "void_shipping",
      bizTransactionList: [{ type: "bol", bizTransaction: privateUri("bol", await bolOf(originalShip)) }],
    });

    // A return received at a warehouse: receiving, returned, its rma, the dealer as source.
    const returned = await codeOf("return");
    const returnDoc = await exported({ code: returned.code });
    expect(epcisSchemaErrors(returnDoc)).toEqual([]);
    const rma = (
      await chain.all(`SELECT value FROM _ledger_biz_transactions WHERE event_id = ? AND type = 'rma'`, [returned.id])
    )[0].value as string;
    const source = (await partyOf(returned.id, "source"))[0];
    const receiving = returnDoc.epcisBody.eventList.find((e) => e.eventID === returned.hash);
    expect(receiving).toMatchObject({
      bizStep: "receiving",
      disposition: "returned",
      sourceList: [{ type: "owning_party", source: privateUri("party", source.value as string) }],
    });
    expect(receiving!.bizTransactionList).toContainEqual({ type: "rma", bizTransaction: privateUri("rma", rma) });
  });

  it("identifiers: Digital Link for a GTIN item, SSCC for an 18-digit pallet code, the private tag URI otherwise", () => {
    expect(gtin14("6901234567892")).toBe("06901234567892");
    expect(gtin14("6901234567891")).toBeUndefined(); // wrong check digit: not a GTIN
    expect(codeUri({ code: "A1B2C3", level: "item", barcode: "6901234567892" })).toBe(
      "https://id.gs1.org/01/06901234567892/21/A1B2C3",
    );
    expect(codeUri({ code: "A1B2C3", level: "box", barcode: "6901234567892" })).toBe(
      "tag:trace-console.example,2024:code:A1B2C3",
    );
    expect(codeUri({ code: "A".repeat(21), level: "item", barcode: "6901234567892" })).toBe(
      `tag:trace-console.example,2024:code:${"A".repeat(21)}`,
    );
    expect(isSscc("106141411234567897")).toBe(true);
    expect(codeUri({ code: "106141411234567897", level: "pallet" })).toBe("https://id.gs1.org/00/106141411234567897");
    expect(codeUri({ code: "106141411234567890", level: "pallet" })).toBe(
      "tag:trace-console.example,2024:code:106141411234567890",
    );
  });

  it("an unknown code, batch or work order is a 404 naming it; two scopes or none are a 400", async () => {
    const ask = async (query: Record<string, string>) =>
      envelope(await call(chain.app, { url: "/api/tagging/tracecodes/epcis", token, query }));
    expect(await ask({ code: "NO-SUCH" })).toMatchObject({ status_code: 404, message: "code: no such code NO-SUCH" });
    expect(await ask({ batch_no: "NO-SUCH" })).toMatchObject({
      status_code: 404,
      message: "batch_no: no code carries batch NO-SUCH",
    });
    expect(await ask({ work_order_id: "999999" })).toMatchObject({
      status_code: 404,
      message: "work_order_id: no such work order 999999",
    });
    expect((await ask({})).status_code).toBe(400);
    expect((await ask({ code: item.code, batch_no: item.batch_no })).status_code).toBe(400);
  });
});

describe("EPCIS 2.0 export of a shipped SSCC pallet", () => {
  it("the pallet's shipping event lists only its SSCC; an item three levels down (item → box → case → pallet) reaches the waybill's bol", async () => {
    const must = async (made: ReturnType<ChainApp["post"]>) => {
      const body = await made;
      expect(body.code, body.message).toBe(0);
      return body.data;
    };
    const s = await logisticsStock(chain);
    // A pallet code from an SSCC rule: 18 digits, the enterprise's GS1 prefix, a GS1 check digit.
    const rule = await must(
      chain.post("/api/tagging/coderules/add", {
        rule_code: "TSSCC",
        rule_name: "测试垛码",
        code_type: "pallet",
        kind: "sscc",
        length: 18,
        charset: "numeric",
        extension_digit: "3",
        status: "enabled",
      }),
    );
    const order = await must(
      chain.post("/api/tagging/codeorders/add", { order_no: "TSSCC-1", rule_id: rule.id, quantity: 1 }),
    );
    await must(chain.post("/api/tagging/codeorders/generate", { id: order.id }));
    await generationJobs(chain.app.consoleContext).idle();
    const pallet = (await chain.all(`SELECT code FROM trace_codes WHERE order_id = ?`, [order.id]))[0].code as string;
    expect(pallet).toMatch(/^\d{18}$/);
    expect(isSscc(pallet)).toBe(true);
    await must(
      chain.post("/api/plant/codeactivations/add", {
        work_order_id: s.workOrderId,
        level: "pallet",
        first_code: pallet,
        last_code: pallet,
      }),
    );
    // Case 1 holds box 2, which holds item 6: onto the SSCC pallet, then the pallet ships alone.
    await must(
      chain.post("/api/plant/packaginglinks/add", {
        parent_code: pallet,
        child_code: s.C[1],
        level: "pallet",
        order_id: s.workOrderId,
      }),
    );
    const W = await draftWaybill(chain, s, s.dealers[0]);
    await must(chain.post("/api/physical/waybillcodes/add", { waybill_id: W.id, code: pallet }));
    await must(chain.post("/api/physical/waybills/ship", { id: W.id }));
    const palletUri = `https://id.gs1.org/00/${pallet}`;
    const bol = [{ type: "bol", bizTransaction: privateUri("bol", W.no) }];

    const palletDoc = await exported({ code: pallet });
    expect(epcisSchemaErrors(palletDoc)).toEqual([]);
    const shippings = palletDoc.epcisBody.eventList.filter((e) => e.bizStep === "shipping");
    expect(shippings).toHaveLength(1);
    expect(shippings[0]).toMatchObject({
      type: "ObjectEvent",
      action: "OBSERVE",
      epcList: [palletUri],
      bizTransactionList: bol,
    });

    const item = s.I[6];
    expect(
      await chain.all(
        `SELECT t.parent_code AS box, b.parent_code AS kase, c.parent_code AS pallet FROM trace_codes t JOIN trace_codes b ON b.code = t.parent_code JOIN trace_codes c ON c.code = b.parent_code WHERE t.code = ?`,
        [item],
      ),
    ).toEqual([{ box: s.B[2], kase: s.C[1], pallet }]);
    const itemDoc = await exported({ code: item });
    expect(epcisSchemaErrors(itemDoc)).toEqual([]);
    const events = itemDoc.epcisBody.eventList;
    // The hierarchy the document walks: item in box, box in case, case on the SSCC pallet.
    const packedInto = (child: string) =>
      events
        .filter(
          (e) =>
            e.type === "AggregationEvent" &&
            e.action === "ADD" &&
            JSON.stringify(e.childEPCs).includes(encodeURIComponent(child)),
        )
        .map((e) => e.parentID);
    expect(packedInto(item)).toEqual([privateUri("code", s.B[2])]);
    expect(packedInto(s.B[2])).toEqual([privateUri("code", s.C[1])]);
    expect(packedInto(s.C[1])).toEqual([palletUri]);
    // …up to the pallet's shipping event, the same one, naming only the SSCC and the waybill's bol.
    const reached = events.filter((e) => e.bizStep === "shipping");
    expect(reached).toEqual([shippings[0]]);
    expect(JSON.stringify(reached)).not.toContain(encodeURIComponent(item));
    expect(JSON.stringify(reached)).not.toContain(encodeURIComponent(s.C[1]));
  });
});
