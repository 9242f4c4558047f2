// Our GS1 event hash (gs1-hash/, written from CBV 2.0 §8.9) against epcis2.js's, the reference, on a
// broad corpus: every event the seeded ledger holds (and its stored hash, which must not change),
// every kind of event the ledger writes with every field it can carry, events a partner may capture
// (ilmd, quantities, sensor elements, extensions, EPC URIs of every GS1 key, Digital Link URIs to
// canonicalise, dates and numbers to normalise, epcis2.js's README example), and the events
// epcis2.js refuses, which gs1EventHash refuses too. Each event also says who wrote its hash: an
// event left to epcis2.js tests nothing of ours, so the events we cover are listed.
import epcis2 from "epcis2.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { businessZone } from "../../time/business-zone";
import { EVENT_MEANING, type EventKind } from "../ledger/event-vocabulary";
import { epcisEventOf, type EpcisEvent, type EventRow } from "./epcis-event";
import { loadEventFacts } from "./event-facts";
import { PRIVATE_NAMESPACE } from "./epcis-namespace";
import { eventHash, gs1EventHash, hashWriterOf, type HashWriter } from "./event-hash";
import { CAPTURED_CORPUS, EXAMPLE_PREFIXES, REFUSED_CORPUS } from "../../test-fixtures/event-hash-corpus";

/** epcis2.js's hash; it writes CBV terms' full URIs back into the event, so it gets a copy. */
const reference = (event: EpcisEvent, context: Record<string, string>) =>
  epcis2.eventToHashedId(structuredClone(event), { ...context }, true);

const refusal = (hash: () => string): boolean => {
  try {
    hash();
    return false;
  } catch {
    return true;
  }
};

describe("GS1's event hash, ours against epcis2.js's", () => {
  let chain: ChainApp;
  beforeAll(async () => {
    chain = await chainApp();
  }, 120_000);
  afterAll(() => chain.app.close());

  it("every event of the seeded ledger: the same hash as epcis2.js's, and the hash stored when it was appended", async () => {
    const ctx = chain.app.consoleContext;
    const ids = (await chain.all(`SELECT id FROM _ledger_events ORDER BY id`)).map((row) => Number(row.id));
    const facts = await loadEventFacts(ctx, ids, await businessZone(ctx));
    expect(facts.length).toBeGreaterThan(100);
    const kinds = new Set<string>();
    for (const fact of facts) {
      const event = epcisEventOf(fact);
      kinds.add(fact.row.kind);
      expect(eventHash(event), JSON.stringify(event)).toBe(reference(event, PRIVATE_NAMESPACE));
      expect(eventHash(event)).toBe(fact.row.event_hash);
      expect(hashWriterOf(event, PRIVATE_NAMESPACE), JSON.stringify(event)).toBe("ours");
    }
    expect(kinds.size).toBeGreaterThan(5);
  });
});

const URIS: Record<string, string> = {
  item: "https://id.gs1.org/01/06901234567892/21/SN.0001",
  pallet: "https://id.gs1.org/00/369012345000000013",
  box: "tag:trace-console.example,2024:code:BX.0002",
  case: "tag:trace-console.example,2024:code:CS%2F3",
};

const fullRow = (kind: EventKind, occurrence: number | null): EventRow => {
  const meaning = EVENT_MEANING[kind];
  return {
    kind,
    event_type: meaning.eventType,
    action: meaning.action,
    biz_step: meaning.bizStep,
    disposition: meaning.disposition ?? null,
    parent_code: "pallet",
    related_code: "box",
    reason: "damaged.box 0.50",
    work_order_id: 7,
    lot: "L 2024.06",
    production_date: "2024-06-01",
    expiry_date: "2026-06-01",
    read_point: kind === "inspect" ? "geo:31.2304,121.4737" : "WH.1",
    biz_location: "DC 2",
    event_time: "2024-06-01T08:00:00.500Z",
    recorded_time: "2024-06-01T08:00:01Z",
    occurrence,
  };
};

describe("every kind of event the ledger writes, with every field it can carry", () => {
  const kinds = Object.keys(EVENT_MEANING) as EventKind[];
  it.each(kinds)("%s", (kind) => {
    for (const [codes, occurrence, line] of [
      [["item", "box", "case"], null, "L1"],
      [[], 3, undefined],
    ] as const) {
      const event = epcisEventOf({
        row: fullRow(kind, occurrence),
        codes,
        transactions: [
          { type: "bol", value: "W.1" },
          { type: "po", value: "PO 9" },
        ],
        parties: [
          { direction: "source", type: "location", value: "WH.1" },
          { direction: "destination", type: "owning_party", value: "D.7" },
          { direction: "destination", type: "location", value: "Shop 3" },
        ],
        uriOf: (code) => URIS[code],
        zone: "Asia/Shanghai",
        ...(line ? { line } : {}),
      });
      expect(eventHash(event), JSON.stringify(event)).toBe(reference(event, PRIVATE_NAMESPACE));
      expect(hashWriterOf(event, PRIVATE_NAMESPACE)).toBe("ours");
    }
  });
});

/** The partner events whose pre-hash string we write (CAPTURED_CORPUS's indexes); epcis2.js writes the rest. */
const OURS = new Map<number, string>([
  [0, "an SGTIN EPC URI"],
  [3, "an SGLN EPC URI with an extension"],
  [4, "an SGLN EPC URI, extension 0"],
  [5, "a GRAI EPC URI"],
  [6, "a GIAI EPC URI"],
  [16, "a PGLN EPC URI"],
  [17, "a BIC EPC URI, no dot: as sent"],
  [18, "an SGTIN pattern"],
  [25, "a canonical serialised GTIN Digital Link"],
  [31, "a canonical SSCC Digital Link"],
  [38, "a web URI naming no GS1 key"],
  [39, "our tag: URI"],
  [40, "an SGTIN EPC URI between spaces"],
  [42, "an LGTIN class in a quantity"],
  [43, "an SGTIN pattern in a quantity"],
  [45, "a canonical GTIN Digital Link in a quantity"],
  [47, "ilmd: CBV master data, our production date, lists, objects, #text, numbers, blanks"],
  [51, "an AssociationEvent: GRAI parent, GIAI child, SGLN readPoint"],
  [54, "microseconds, a negative offset, a CBV disposition, a geo readPoint"],
  [55, "a timestamp without a zone"],
  [56, "epcis2.js's README example"],
]);

describe("events a partner may capture", () => {
  it("we write the pre-hash string of the events listed, epcis2.js of the others (other GS1 keys, classes and patterns, DL URIs to canonicalise, sensors, persistent dispositions, namespaces declared inside)", () => {
    const context = { ...EXAMPLE_PREFIXES, ...PRIVATE_NAMESPACE };
    const writers = CAPTURED_CORPUS.map((event) => hashWriterOf(event, context));
    const expected = CAPTURED_CORPUS.map((_, index): HashWriter => (OURS.has(index) ? "ours" : "epcis2.js"));
    expect(writers).toEqual(expected);
  });

  it.each(CAPTURED_CORPUS.map((event, index) => [index, event] as const))("#%i", (_, event) => {
    const context = { ...EXAMPLE_PREFIXES, ...PRIVATE_NAMESPACE };
    expect(gs1EventHash(event, context)).toBe(reference(event, context));
  });

  it.each(REFUSED_CORPUS.map((event, index) => [index, event] as const))(
    "refused as epcis2.js refuses it: #%i",
    (_, event) => {
      const context = { ...EXAMPLE_PREFIXES };
      expect(refusal(() => reference(event, context))).toBe(true);
      expect(refusal(() => gs1EventHash(event, context))).toBe(true);
    },
  );

  it("reads the event only: epcis2.js writes CBV terms' URIs into what it hashes, ours leaves it as sent", () => {
    const event: EpcisEvent = {
      type: "ObjectEvent",
      eventTime: "2024-06-01T08:00:00Z",
      eventTimeZoneOffset: "+08:00",
      epcList: ["urn:epc:id:sgtin:0614141.107346.2018"],
      action: "OBSERVE",
      bizTransactionList: [{ type: "bol", bizTransaction: "urn:epcglobal:cbv:bt:0614141000005:1152" }],
    };
    const sent = structuredClone(event);
    gs1EventHash(event, {});
    expect(event).toEqual(sent);
  });
});
