// The ledger's input is one shape per kind (ledger-event.ts), and the compiler holds each rule to
// its kind: `npm run typecheck` is this test. Each kind has an event that compiles and, below it, the
// same event short of one field its kind must give (or, where a kind must give nothing more, with a
// field it does not carry), which must not: were it to compile, its @ts-expect-error would be unused,
// itself an error. At run time the test holds both lists to every kind of the vocabulary.
import { describe, expect, it } from "vitest";
import { EVENT_MEANING, type EventKind } from "./event-vocabulary";
import type { LedgerEvent } from "./ledger-event";

const who = { codes: ["C1"], operator: "test" } as const;
const bol = [{ type: "bol", value: "W1" }] as const;
const dealer = [{ direction: "destination", type: "owning_party", value: "D1" }] as const;
const ilmd = { lot: "L1", productionDate: null, expiryDate: null } as const;
const prodorder = [{ type: "prodorder", value: "WO1" }] as const;

const COMPLETE: Readonly<Record<EventKind, LedgerEvent>> = {
  issue: { kind: "issue", ...who },
  import: { kind: "import", ...who, reason: "imported from codes.csv" },
  activate: { kind: "activate", ...who, workOrderId: 1, ...ilmd, bizTransactions: prodorder },
  pack: { kind: "pack", ...who, parentCode: "B1" },
  unpack: { kind: "unpack", ...who, parentCode: "B1" },
  replace: { kind: "replace", ...who, relatedCode: "C0", reason: null, workOrderId: 1, ...ilmd, bizTransactions: [] },
  void: { kind: "void", ...who, reason: "closed" },
  ship: { kind: "ship", ...who, bizTransactions: bol, parties: dealer, bizLocation: "WH1" },
  void_shipping: { kind: "void_shipping", ...who, bizTransactions: bol, reason: null, bizLocation: null },
  return: { kind: "return", ...who, bizTransactions: bol, parties: dealer, bizLocation: null, reason: null },
  restock: { kind: "restock", ...who, bizTransactions: [], reason: null },
  close_package: { kind: "close_package", ...who, workOrderId: 1, reason: "partial: B1 (2/3)" },
  handover: { kind: "handover", ...who, readPoint: "LINE-1", bizLocation: "WH1" },
  inspect: { kind: "inspect", ...who, readPoint: null, reason: "genuine" },
  receive: {
    kind: "receive",
    ...who,
    eventTime: "2024-06-01T08:00:00Z",
    bizTransactions: bol,
    parties: dealer,
    bizLocation: null,
    readPoint: null,
  },
  retail_sell: {
    kind: "retail_sell",
    ...who,
    eventTime: "2024-06-01T08:00:00Z",
    bizTransactions: bol,
    parties: dealer,
    bizLocation: null,
    readPoint: null,
  },
};

const SHORT: Readonly<Record<EventKind, LedgerEvent>> = {
  // @ts-expect-error an issue names no parent
  issue: { kind: "issue", ...who, parentCode: "B1" },
  // @ts-expect-error an import names the file it came from
  import: { kind: "import", ...who },
  // @ts-expect-error an activation names its work order
  activate: { kind: "activate", ...who, ...ilmd, bizTransactions: prodorder },
  // @ts-expect-error packing names the parent
  pack: { kind: "pack", ...who },
  // @ts-expect-error unpacking names the parent
  unpack: { kind: "unpack", ...who },
  // @ts-expect-error a replacement names the old code
  replace: { kind: "replace", ...who, reason: null, workOrderId: 1, ...ilmd, bizTransactions: [] },
  // @ts-expect-error a void states its reason
  void: { kind: "void", ...who },
  // @ts-expect-error shipping names the waybill
  ship: { kind: "ship", ...who, parties: dealer, bizLocation: "WH1" },
  // @ts-expect-error a shipment undone names its waybill
  void_shipping: { kind: "void_shipping", ...who, reason: null, bizLocation: null },
  // @ts-expect-error a return names the dealer it comes from
  return: { kind: "return", ...who, bizTransactions: bol, bizLocation: null, reason: null },
  // @ts-expect-error freeing a return names its rma
  restock: { kind: "restock", ...who, reason: null },
  // @ts-expect-error closing tail packages names their fill
  close_package: { kind: "close_package", ...who, workOrderId: 1 },
  // @ts-expect-error a handover names the warehouse
  handover: { kind: "handover", ...who, readPoint: "LINE-1" },
  // @ts-expect-error an inspection gives its verdict
  inspect: { kind: "inspect", ...who, readPoint: null },
  // @ts-expect-error a partner's receipt carries its own time
  receive: { kind: "receive", ...who, bizTransactions: bol, parties: dealer, bizLocation: null, readPoint: null },
  // @ts-expect-error a partner's sale names the dealer
  retail_sell: {
    kind: "retail_sell",
    ...who,
    eventTime: "2024-06-01T08:00:00Z",
    bizTransactions: bol,
    bizLocation: null,
    readPoint: null,
  },
};

describe("the ledger's events, typed per kind", () => {
  it("has a complete and a short event of every kind, each of its own kind", () => {
    const kinds = Object.keys(EVENT_MEANING).sort();
    for (const events of [COMPLETE, SHORT]) {
      expect(Object.keys(events).sort()).toEqual(kinds);
      for (const [kind, event] of Object.entries(events)) expect(event.kind).toBe(kind);
    }
  });
});
